import type Stripe from 'stripe';
import { tierForCount } from '../../../shared/cart/pricing';
import { logger } from '../observability/logger';
import { flagCart, getCart, markCartPurchased } from '../table/repositories/carts';
import { startWorkflow } from '../workflows';

export type CheckoutOutcome = 'delivering' | 'flagged' | 'ignored';

/**
 * A completed checkout: finds the cart from `client_reference_id`, checks that the amount paid is
 * the price of the tier for the cart's item count (a mismatch flags the cart for an admin and
 * delivers nothing), marks the cart purchased and starts the export delivery workflow, named after
 * the cart so a second start is refused by Step Functions rather than delivering twice.
 */
export async function completeCheckout(
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<CheckoutOutcome> {
  const cartId = session.client_reference_id;
  logger.appendKeys({ cartId, checkoutSessionId: session.id });
  if (!cartId) {
    logger.warn('checkout without a cart reference');
    return 'ignored';
  }
  const cart = await getCart(cartId);
  if (!cart) {
    logger.warn('checkout for an unknown cart');
    return 'ignored';
  }
  if (session.payment_status !== 'paid') {
    logger.info('checkout completed without payment yet', { paymentStatus: session.payment_status });
    return 'ignored';
  }
  const expected = tierForCount(cart.searchableInvestorEntryIds.length).priceX100;
  if (session.amount_total !== expected || session.currency?.toLowerCase() !== 'usd') {
    const reason = `Paid ${session.amount_total ?? 'nothing'} ${session.currency ?? ''} for a cart priced ${expected} usd (checkout ${session.id})`;
    logger.error('payment does not match the cart price', { reason });
    await flagCart(cartId, reason);
    return 'flagged';
  }
  await markCartPurchased(cartId, now.toISOString());
  try {
    await startWorkflow('exportDelivery', { cartId }, `delivery-${cartId}`);
  } catch (error) {
    if ((error as Error).name !== 'ExecutionAlreadyExists') throw error;
    logger.info('delivery already started for this cart');
  }
  return 'delivering';
}
