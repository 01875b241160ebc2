import { type CartRecord, cartModel } from '../models';
import { getItem, isConditionFailure, putItem, queryPage, updateItem } from '../table';

export class CartConflictError extends Error {
  override readonly name = 'CartConflictError';
}

/**
 * Saves a cart. A new id is created; an existing one may only be overwritten by its creator while
 * it is still active (a purchased cart never changes).
 */
export async function saveCart(cart: CartRecord): Promise<CartRecord> {
  try {
    await putItem(cartModel.toItem(cart), {
      expression: 'attribute_not_exists(pk) OR (creatorUserId = :creator AND #status = :active)',
      names: { '#status': 'status' },
      values: { ':creator': cart.creatorUserId, ':active': 'active' },
    });
  } catch (error) {
    if (isConditionFailure(error))
      throw new CartConflictError(`Cart ${cart.id} cannot be changed`, { cause: error });
    throw error;
  }
  return cart;
}

export async function getCart(id: string): Promise<CartRecord | null> {
  const item = await getItem(`CART#${id}`, 'CART', true);
  return item ? cartModel.fromItem(item) : null;
}

/** The most recent carts, newest first (admin carts page). */
export async function listRecentCarts(limit = 50): Promise<CartRecord[]> {
  const page = await queryPage({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'CARTS' },
    ScanIndexForward: false,
    Limit: limit,
  });
  return page.items.map((item) => cartModel.fromItem(item));
}

/** Marks an active cart purchased. Returns false when it already was (a replayed payment). */
export async function markCartPurchased(id: string, purchasedAt: string): Promise<boolean> {
  try {
    await updateItem({
      Key: { pk: `CART#${id}`, sk: 'CART' },
      UpdateExpression: 'SET #status = :purchased, purchasedAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND #status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':purchased': 'purchased', ':active': 'active', ':at': purchasedAt },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Flags a cart for an admin (e.g. the amount paid did not match its tier). */
export async function flagCart(id: string, reason: string): Promise<void> {
  await updateItem({
    Key: { pk: `CART#${id}`, sk: 'CART' },
    UpdateExpression: 'SET flaggedReason = :reason',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':reason': reason },
  });
}
