import { type CartInvestor, newCartId } from '../../../../shared/cart/cart';
import type { ExportColumnKey } from '../../../../shared/cart/export';
import type { PaymentLinks } from '../../../../shared/cart/pricing';
import {
  CART_CANNOT_CHANGE,
  canReadCart,
  canResaveCart,
  checkCartToSave,
  investorsNotInDirectory,
  savedCart,
} from '../../../../shared/cart/saved-cart';
import { type CartRecord, cartModel } from '../models';
import { getItem, isConditionFailure, putItem, queryPage, updateItem } from '../table';
import { getSearchableInvestors, toCard } from './investors';

export class CartConflictError extends Error {
  override readonly name = 'CartConflictError';
}

/** A save request the user can fix (empty, too big, duplicates, no columns, unknown investors). */
export class CartRejectedError extends Error {
  override readonly name = 'CartRejectedError';
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

/** A saved cart and the public cards of its investors that are still in the directory, by id. */
export interface CartWithCards {
  cart: CartRecord;
  cards: Map<string, CartInvestor>;
}

async function cardsOf(investorIds: string[]): Promise<Map<string, CartInvestor>> {
  const investors = await getSearchableInvestors(investorIds);
  return new Map([...investors].map(([id, investor]) => [id, toCard(investor)]));
}

/**
 * Saves the creator's cart, priced here from its item count. Without an id a new cart is created; with
 * one, a new cart gets that id and an existing one is re-saved (keeping its startedDate) only by its
 * creator while active. `created` tells the two apart.
 *
 * @throws CartRejectedError with the message for the user when the request fails a check.
 * @throws CartConflictError when the cart is someone else's or already purchased.
 */
export async function saveCartOfCreator(
  request: { id?: string | undefined; investorIds: string[]; columnOrder: ExportColumnKey[] },
  context: { creatorUserId: string; now: Date; paymentLinks: PaymentLinks },
): Promise<CartWithCards & { created: boolean }> {
  const check = checkCartToSave(request.investorIds, request.columnOrder, context.paymentLinks);
  if (!check.ok) throw new CartRejectedError(check.message);
  const previous = request.id ? await getCart(request.id) : null;
  if (previous && !canResaveCart(previous, context.creatorUserId))
    throw new CartConflictError(CART_CANNOT_CHANGE);
  const cards = await cardsOf(request.investorIds);
  const unknown = request.investorIds.filter((id) => !cards.has(id));
  if (unknown.length > 0) throw new CartRejectedError(investorsNotInDirectory(unknown));
  const cart = await saveCart(
    savedCart({
      id: request.id ?? newCartId(context.now),
      investorIds: request.investorIds,
      columnOrder: request.columnOrder,
      pricing: check.pricing,
      creatorUserId: context.creatorUserId,
      now: context.now,
      previous,
    }),
  );
  return { cart, cards, created: previous === null };
}

/** The cart with its cards when the reader is its creator or an admin; null when missing or not theirs. */
export async function getCartForReader(
  id: string,
  reader: { userId: string; isAdmin: boolean },
): Promise<CartWithCards | null> {
  const cart = await getCart(id);
  if (!cart || !canReadCart(cart, reader)) return null;
  return { cart, cards: await cardsOf(cart.searchableInvestorEntryIds) };
}
