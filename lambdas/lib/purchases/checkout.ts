import type Stripe from 'stripe';
import { type PriceTierId, tierForCount } from '../../../shared/cart/pricing';
import { paymentLinkIdsConfig } from '../config';
import { logger } from '../observability/logger';
import type { CartRecord } from '../table/models';
import { flagCart, getCart, markCartPurchased, setCartPaymentStatus } from '../table/repositories/carts';
import { recordUnmatchedPayment } from '../table/repositories/unmatched-payments';
import { ensureDeliveryStarted, startCartDelivery } from './start-delivery';

export type PaymentOutcome =
  | 'delivering'
  | 'pending'
  | 'payment-failed'
  | 'flagged'
  | 'unmatched'
  | 'ignored';

const PAYMENT_LINK_ID_VARIABLES: Record<PriceTierId, keyof ReturnType<typeof paymentLinkIdsConfig>> = {
  'tier-50': 'PAYMENT_LINK_ID_TIER_50',
  'tier-250': 'PAYMENT_LINK_ID_TIER_250',
  'tier-1000': 'PAYMENT_LINK_ID_TIER_1000',
  'tier-2500': 'PAYMENT_LINK_ID_TIER_2500',
};

const paymentLinkOf = (session: Stripe.Checkout.Session): string | null =>
  typeof session.payment_link === 'string' ? session.payment_link : (session.payment_link?.id ?? null);

/** Why a paid session does not pay for this version of the cart, or null when it does. */
function mismatch(session: Stripe.Checkout.Session, cart: CartRecord): string | null {
  const tier = tierForCount(cart.searchableInvestorEntryIds.length);
  const expectedLink = paymentLinkIdsConfig()[PAYMENT_LINK_ID_VARIABLES[tier.id as PriceTierId]];
  const paid = `${session.amount_subtotal ?? 'nothing'} ${session.currency ?? ''}`.trim();
  if (session.currency?.toLowerCase() !== 'usd' || session.amount_subtotal !== tier.priceX100)
    return `Paid ${paid} (before tax) for a cart priced ${tier.priceX100} usd (checkout ${session.id})`;
  if (paymentLinkOf(session) !== expectedLink)
    return `Paid through Payment Link ${paymentLinkOf(session) ?? 'none'}, not ${expectedLink} of the cart's tier (checkout ${session.id})`;
  return null;
}

async function unmatched(session: Stripe.Checkout.Session, reason: string, now: Date): Promise<'unmatched'> {
  logger.error('a payment matches no cart it can pay for', { reason });
  await recordUnmatchedPayment({
    checkoutSessionId: session.id,
    cartId: session.client_reference_id,
    amountX100: session.amount_total,
    currency: session.currency,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    reason,
    receivedAt: now.toISOString(),
  });
  return 'unmatched';
}

/**
 * A paid checkout session: finds its cart, checks that the session pays for the cart's current
 * version (currency, subtotal of the tier's price, the tier's Payment Link) and marks exactly that
 * version purchased, then starts the delivery. A session that pays for no cart is recorded as an
 * unmatched payment; a mismatch or a second payment for a purchased cart flags the cart. Acting twice
 * on the same session is harmless: the cart is already purchased by it, and its delivery is started
 * only if none ran (the first run is named after the cart, so a second start is a no-op).
 */
async function acceptPayment(session: Stripe.Checkout.Session, now: Date): Promise<PaymentOutcome> {
  const cartId = session.client_reference_id;
  if (!cartId) return unmatched(session, 'The payment names no cart (no client_reference_id).', now);
  // A re-save between reading and purchasing changes the version: price the new one (a few times at most).
  for (let attempt = 0; attempt < 3; attempt++) {
    const cart = await getCart(cartId);
    if (!cart) return unmatched(session, `The payment names cart ${cartId}, which does not exist.`, now);
    if (cart.status === 'purchased') {
      if (cart.paidSessionId === session.id) {
        // A retry of the event that paid it: the delivery's start may have failed after the purchase
        // was recorded (the workflow service throttled or down, or this function stopped in between).
        if (await ensureDeliveryStarted(cartId))
          logger.warn('started the delivery a failed attempt left out');
        return 'delivering';
      }
      const reason = `A second payment (checkout ${session.id}) for cart ${cartId}, already paid by ${cart.paidSessionId ?? 'another checkout'}: refund it.`;
      await flagCart(cartId, reason);
      return unmatched(session, reason, now);
    }
    if (cart.flaggedReason !== null)
      return unmatched(session, `Cart ${cartId} is flagged: ${cart.flaggedReason}`, now);
    const wrong = mismatch(session, cart);
    if (wrong) {
      logger.error('payment does not match the cart', { reason: wrong });
      await flagCart(cartId, wrong);
      return 'flagged';
    }
    const purchased = await markCartPurchased(cartId, {
      version: cart.version,
      sessionId: session.id,
      purchasedAt: now.toISOString(),
    });
    if (!purchased) continue;
    // If this fails, the error answers 500 and Stripe's retry starts it (above); a cart that stays
    // paid without a delivery is found by the watch of paid carts (docs/operations.md).
    await startCartDelivery(cartId, 'first');
    return 'delivering';
  }
  throw new Error(`Cart ${cartId} kept changing while its payment was being recorded`);
}

/**
 * Acts on a Checkout event, in whatever order Stripe sends them (it does not order them): a completed
 * session that is paid, or a delayed payment that succeeded, is accepted (once per session: the cart
 * names the session that paid it); a completed session still unpaid (a bank debit) marks the cart
 * "payment pending", unless its payment already succeeded (the cart is purchased) or already failed
 * (the session is among the cart's failed ones); a delayed payment that failed marks it so, and the
 * founder may pay again.
 */
export async function actOnCheckoutEvent(
  type: string,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<PaymentOutcome> {
  logger.appendKeys({ cartId: session.client_reference_id, checkoutSessionId: session.id });
  const cartId = session.client_reference_id;
  switch (type) {
    case 'checkout.session.completed': {
      if (session.payment_status === 'paid') return acceptPayment(session, now);
      const cart = cartId ? await getCart(cartId) : null;
      if (!cartId || !cart)
        return unmatched(
          session,
          `An unpaid checkout for ${cartId ?? 'no cart'}, which does not exist.`,
          now,
        );
      if (await setCartPaymentStatus(cartId, 'pending', now.toISOString(), session.id)) return 'pending';
      // Nothing written: this session's delayed payment was already decided (its event came first).
      const after = await getCart(cartId);
      if (after?.status === 'purchased' && after.paidSessionId === session.id) return 'delivering';
      logger.info('a late "completed" of a checkout whose payment was already decided changes nothing');
      return after?.status === 'purchased' ? 'ignored' : 'payment-failed';
    }
    case 'checkout.session.async_payment_succeeded':
      return acceptPayment(session, now);
    case 'checkout.session.async_payment_failed':
      if (cartId) await setCartPaymentStatus(cartId, 'failed', now.toISOString(), session.id);
      return 'payment-failed';
    default:
      return 'ignored';
  }
}
