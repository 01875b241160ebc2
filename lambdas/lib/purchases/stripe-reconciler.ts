import type { Context } from 'aws-lambda';
import { logger } from '../observability/logger';
import { stripeClient } from '../stripe/client';
import type { PaymentOutcome } from './checkout';
import { CHECKOUT_EVENT_TYPES, handleStripeEvent } from './stripe-events';

/**
 * How far back a run looks: 7 days. Stripe retries a webhook for up to 3 days, then leaves the event
 * undelivered for good; 7 days also covers the reconciler itself failing for a few days (its failed
 * runs raise an alarm), and stays well inside the 30 days for which Stripe lists events and the
 * claims remember them (`STRIPE_EVENT_RETENTION_SECONDS`), so a replay of an event already handled
 * is always answered by its claim.
 */
export const RECONCILE_WINDOW_DAYS = 7;
/** The most events one run replays (pages of {@link RECONCILE_PAGE_SIZE}); more are logged as left. */
export const RECONCILE_MAX_EVENTS = 1000;
export const RECONCILE_PAGE_SIZE = 100;

export class ReconcileFailedError extends Error {
  override readonly name = 'ReconcileFailedError';
}

export interface ReconcileResult {
  /** Undelivered Checkout events Stripe listed in the window. */
  listed: number;
  /** What replaying them did (a replay of an event already handled answers its stored outcome). */
  outcomes: Partial<Record<PaymentOutcome, number>>;
  /** Events another attempt (the webhook, most likely) was handling: it finishes them, or the next run does. */
  inProgress: string[];
  /** The run stopped at the bound: older events are left for the next run to reach. */
  truncated: boolean;
}

/**
 * The reconciler of Stripe's events (docs/decisions.md, "A paid cart is always delivered or visibly
 * stuck"): lists the Checkout events of the last {@link RECONCILE_WINDOW_DAYS} days that Stripe has
 * not delivered to every webhook endpoint (`delivery_success: false`: still retrying, or given up)
 * and acts on each through the webhook's own handling (`handleStripeEvent`: the same claim, the same
 * checks against the cart), so a payment whose webhook never arrived is still delivered, once. Events
 * read from Stripe's API need no signature: the call is authenticated with the secret key. One event
 * that fails does not stop the others; the run then throws, so the workflow retries it and, failing
 * still, fails visibly (its alarm), while the event stays listed for the next run.
 */
export async function reconcileStripeEvents(now: Date, context: Context): Promise<ReconcileResult> {
  const stripe = await stripeClient();
  const since = Math.floor(now.getTime() / 1000) - RECONCILE_WINDOW_DAYS * 24 * 60 * 60;
  const result: ReconcileResult = { listed: 0, outcomes: {}, inProgress: [], truncated: false };
  const failed: string[] = [];
  await stripe.events
    .list({
      types: [...CHECKOUT_EVENT_TYPES],
      created: { gte: since },
      delivery_success: false,
      limit: RECONCILE_PAGE_SIZE,
    })
    .autoPagingEach(async (event) => {
      if (result.listed >= RECONCILE_MAX_EVENTS) {
        result.truncated = true;
        return false;
      }
      result.listed++;
      try {
        const handled = await handleStripeEvent(event, context);
        if (handled === 'in-progress') result.inProgress.push(event.id);
        else result.outcomes[handled.outcome] = (result.outcomes[handled.outcome] ?? 0) + 1;
      } catch (error) {
        logger.error('replaying a Stripe event failed', { stripeEventId: event.id, error });
        failed.push(event.id);
      }
      return undefined;
    });
  if (result.truncated)
    logger.error('more undelivered Stripe events than one run replays: the next run goes on', {
      replayed: result.listed,
    });
  logger.info('reconciled undelivered Stripe events', { ...result });
  if (failed.length > 0)
    throw new ReconcileFailedError(
      `${failed.length} of ${result.listed} undelivered Stripe events failed: ${failed.slice(0, 10).join(', ')}`,
    );
  return result;
}
