import { batchGet } from '../batch';
import { type CartDelivery, cartDeliveryModel } from '../models';
import { getItem, isConditionFailure, updateItem } from '../table';

/** The delivery record of a cart, or null before delivery started. */
export async function getCartDelivery(cartId: string): Promise<CartDelivery | null> {
  const item = await getItem(`CART#${cartId}`, 'DELIVERY', true);
  return item ? cartDeliveryModel.fromItem(item) : null;
}

/** The delivery records of many carts, by cart id (admin carts page). */
export async function getCartDeliveries(cartIds: string[]): Promise<Map<string, CartDelivery>> {
  const items = await batchGet(cartIds.map((id) => ({ pk: `CART#${id}`, sk: 'DELIVERY' })));
  const deliveries = items.map((item) => cartDeliveryModel.fromItem(item));
  return new Map(deliveries.map((d) => [d.cartId, d]));
}

type DeliveryStep = Partial<Omit<CartDelivery, 'cartId'>>;

/** Records delivery progress, creating the record on the first step. */
export async function recordCartDelivery(cartId: string, step: DeliveryStep): Promise<void> {
  const defaults: Omit<CartDelivery, 'cartId'> = {
    csvKey: null,
    rowCount: 0,
    recipient: null,
    emailSentAt: null,
    libraryAddedAt: null,
    deliveredAt: null,
    failedAt: null,
    failureReason: null,
    undeliveredCredited: 0,
  };
  const names: Record<string, string> = { '#entity': 'entity', '#cartId': 'cartId' };
  const values: Record<string, unknown> = { ':entity': cartDeliveryModel.entity, ':cartId': cartId };
  const sets = ['#entity = :entity', '#cartId = :cartId'];
  for (const [i, [key, fallback]] of Object.entries(defaults).entries()) {
    names[`#f${i}`] = key;
    if (key in step) {
      values[`:v${i}`] = step[key as keyof DeliveryStep];
      sets.push(`#f${i} = :v${i}`);
    } else {
      values[`:d${i}`] = fallback;
      sets.push(`#f${i} = if_not_exists(#f${i}, :d${i})`);
    }
  }
  await updateItem({
    Key: { pk: `CART#${cartId}`, sk: 'DELIVERY' },
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}

/**
 * Claims the sending of the CSV email: true for the first caller, false once it was sent (a retry
 * of the step then skips the email instead of sending it twice).
 */
export async function markDeliveryEmailSent(cartId: string, sentAt: string): Promise<boolean> {
  try {
    await updateItem({
      Key: { pk: `CART#${cartId}`, sk: 'DELIVERY' },
      UpdateExpression: 'SET emailSentAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND emailSentAt = :null',
      ExpressionAttributeValues: { ':at': sentAt, ':null': null },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
