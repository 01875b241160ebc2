import * as z from 'zod/mini';
import { logger } from '../lib/observability/logger';
import { reconcileStripeEvents } from '../lib/purchases/stripe-reconciler';
import { taskHandler } from '../lib/task-handler';

const taskInput = z.object({
  action: z.literal('reconcileStripeEvents'),
  // The clock, as data: from the input, else now.
  now: z.optional(z.nullable(z.iso.datetime())),
});

/**
 * Task handler of the `stripeReconcile` workflow: replays the Checkout events Stripe did not deliver
 * through the webhook's own handling. A function of its own, as it alone needs the Stripe secret key
 * besides what the webhook may touch.
 */
export const handler = taskHandler(taskInput, async (input, context) => {
  logger.appendKeys({ action: input.action });
  return reconcileStripeEvents(input.now ? new Date(input.now) : new Date(), context);
});
