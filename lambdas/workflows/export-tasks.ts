import * as z from 'zod/mini';
import { logger } from '../lib/observability/logger';
import { countBusinessEvent } from '../lib/observability/metrics';
import {
  addCartToLibrary,
  buildCartExport,
  completeCartDelivery,
  emailCartExport,
  recordDeliveryFailure,
} from '../lib/purchases/delivery';
import { watchPaidCarts } from '../lib/purchases/delivery-watch';
import { taskHandler } from '../lib/task-handler';

const cartId = z.string().check(z.minLength(1));

const taskInput = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['buildCsv', 'sendEmail', 'addToLibrary', 'complete']), cartId }),
  z.object({
    action: z.literal('recordFailure'),
    cartId,
    error: z.optional(z.object({ Error: z.optional(z.string()), Cause: z.optional(z.string()) })),
  }),
  // The watch of paid carts (the deliveryWatch workflow); `now` from the input, else the clock.
  z.object({ action: z.literal('watchPaidCarts'), now: z.optional(z.nullable(z.iso.datetime())) }),
]);

/** Task handler of the export delivery workflow; every action can be retried without repeating its effect. */
export const handler = taskHandler(taskInput, async (input) => {
  if (input.action === 'watchPaidCarts') {
    logger.appendKeys({ action: input.action });
    return watchPaidCarts(input.now ? new Date(input.now) : new Date());
  }
  logger.appendKeys({ action: input.action, cartId: input.cartId });
  switch (input.action) {
    case 'buildCsv':
      return buildCartExport(input.cartId);
    case 'addToLibrary':
      return addCartToLibrary(input.cartId);
    case 'sendEmail':
      return emailCartExport(input.cartId);
    case 'complete':
      await completeCartDelivery(input.cartId);
      countBusinessEvent('DeliveryCompleted');
      return { cartId: input.cartId };
    case 'recordFailure':
      await recordDeliveryFailure(input.cartId, input.error);
      countBusinessEvent('DeliveryFailed');
      return { cartId: input.cartId };
  }
});
