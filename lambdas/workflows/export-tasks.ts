import * as z from 'zod/mini';
import { logger } from '../lib/observability/logger';
import { countBusinessEvent } from '../lib/observability/metrics';
import {
  addCartToLibrary,
  buildCartExport,
  completeCartDelivery,
  emailCartExport,
} from '../lib/purchases/delivery';
import { taskHandler } from '../lib/task-handler';

const taskInput = z.object({
  action: z.enum(['buildCsv', 'sendEmail', 'addToLibrary', 'complete']),
  cartId: z.string().check(z.minLength(1)),
});

/** Task handler of the export delivery workflow; every action can be retried without repeating its effect. */
export const handler = taskHandler(taskInput, async ({ action, cartId }) => {
  logger.appendKeys({ action, cartId });
  switch (action) {
    case 'buildCsv':
      return buildCartExport(cartId);
    case 'sendEmail':
      return emailCartExport(cartId);
    case 'addToLibrary':
      return addCartToLibrary(cartId);
    case 'complete':
      await completeCartDelivery(cartId);
      countBusinessEvent('DeliveryCompleted');
      return { cartId };
  }
});
