import { getCart } from '../table/repositories/carts';
import { recordCartDelivery } from '../table/repositories/deliveries';
import { startWorkflow } from '../workflows';
import { deliveryExecutionName } from './delivery-names';

export class NotPurchasedError extends Error {
  override readonly name = 'NotPurchasedError';
}

/**
 * Starts a new delivery of a purchased cart (an admin's Redeliver): the recorded failure is cleared
 * and a new execution runs every step again; the steps skip what earlier attempts did (the email goes
 * once). Returns the execution's ARN.
 *
 * @throws NotPurchasedError when the cart does not exist or is not purchased.
 */
export async function redeliverCart(cartId: string, now: Date): Promise<string> {
  const cart = await getCart(cartId);
  if (cart?.status !== 'purchased') throw new NotPurchasedError(`Cart ${cartId} is not purchased`);
  await recordCartDelivery(cartId, { failedAt: null, failureReason: null });
  return startWorkflow('exportDelivery', { cartId }, deliveryExecutionName(cartId, now));
}
