import * as z from 'zod/mini';
import { logger } from '../lib/logger';
import {
  addCartToLibrary,
  buildCartExport,
  completeCartDelivery,
  emailCartExport,
} from '../lib/purchases/delivery';

const taskInput = z.object({
  action: z.enum(['buildCsv', 'sendEmail', 'addToLibrary', 'complete']),
  cartId: z.string().check(z.minLength(1)),
});

/** Task handler of the export delivery workflow; every action can be retried without repeating its effect. */
export async function handler(event: unknown) {
  const { action, cartId } = taskInput.parse(event);
  logger.resetKeys();
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
      return { cartId };
  }
}
