import { getCart } from '../table/repositories/carts';
import { startCartDelivery } from './start-delivery';

export class NotPurchasedError extends Error {
  override readonly name = 'NotPurchasedError';
}

/**
 * Starts a new delivery of a purchased cart (an admin's Redeliver, of a delayed or stuck cart): the
 * recorded failure is cleared and a new execution runs every step again; what the cart delivers was
 * fixed by its first CSV build, so the run sends that file (once), credits nothing new and leaves the
 * library as it is. Returns the execution's ARN.
 *
 * @throws NotPurchasedError when the cart does not exist or is not purchased.
 */
export async function redeliverCart(cartId: string, now: Date): Promise<string> {
  const cart = await getCart(cartId);
  if (cart?.status !== 'purchased') throw new NotPurchasedError(`Cart ${cartId} is not purchased`);
  const executionArn = await startCartDelivery(cartId, now, true);
  if (!executionArn)
    throw new Error(`The redelivery of cart ${cartId} at ${now.toISOString()} already exists`);
  return executionArn;
}
