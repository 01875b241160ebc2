import { IdempotencyAlreadyInProgressError, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { Context } from 'aws-lambda';
import type Stripe from 'stripe';
import { once } from '../clients/once';
import { countBusinessEvent } from '../observability/metrics';
import { actOnCheckoutEvent, type PaymentOutcome } from './checkout';
import { stripeEventClaims } from './stripe-event-claims';

/**
 * The Checkout events the product acts on. The webhook endpoint is subscribed to these, and the
 * reconciler lists these (`stripe-reconciler.ts`); any other type is answered "ignored".
 */
export const CHECKOUT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
] as const;

/** What acting on one event did; stored with its claim, so a replay answers the same. */
async function actOnStripeEvent(stripeEvent: Stripe.Event): Promise<{ outcome: PaymentOutcome }> {
  const now = new Date();
  if (!stripeEvent.type.startsWith('checkout.session.')) return { outcome: 'ignored' };
  const outcome = await actOnCheckoutEvent(
    stripeEvent.type,
    stripeEvent.data.object as Stripe.Checkout.Session,
    now,
  );
  if (outcome === 'delivering') countBusinessEvent('PaymentAccepted');
  if (outcome === 'flagged' || outcome === 'unmatched') countBusinessEvent('PaymentFlagged');
  return { outcome };
}

const actOnce = once(() => {
  const claims = stripeEventClaims();
  return { claims, act: makeIdempotent(actOnStripeEvent, claims) };
});

/**
 * Acts on a Stripe event once, whoever brings it: the webhook (an event Stripe posted and signed) or
 * the reconciler (an event read from Stripe's API). The event id is claimed with a lease that ends
 * when `context`'s invocation would time out (`stripe-event-claims.ts`); a completed claim answers
 * its stored outcome; `'in-progress'` when another attempt holds the lease (it will finish, or its
 * lease expires and the next attempt acts). Two events of one checkout session (different ids) are
 * told apart by the cart, which names the session that paid it (`checkout.ts`).
 */
export async function handleStripeEvent(
  stripeEvent: Stripe.Event,
  context: Context,
): Promise<{ outcome: PaymentOutcome } | 'in-progress'> {
  const { claims, act } = actOnce();
  claims.config.registerLambdaContext(context);
  try {
    return await act(stripeEvent);
  } catch (error) {
    if (error instanceof IdempotencyAlreadyInProgressError) return 'in-progress';
    throw error;
  }
}
