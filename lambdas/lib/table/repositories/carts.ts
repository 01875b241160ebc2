import { type CartInvestor, newCartId } from '../../../../shared/cart/cart';
import { type ExportColumnKey, missingContactColumns } from '../../../../shared/cart/export';
import type { PaymentLinks } from '../../../../shared/cart/pricing';
import type { PaymentStatus } from '../../../../shared/cart/purchase-state';
import {
  CART_CANNOT_CHANGE,
  canReadCart,
  canResaveCart,
  checkCartToSave,
  investorsNotInDirectory,
  savedCart,
} from '../../../../shared/cart/saved-cart';
import { checkCursorOf } from '../model';
import { allCarts, type CartDelivery, type CartRecord, cartKey, cartModel } from '../models';
import {
  conditionalWrite,
  conditionalWriteReturning,
  getItem,
  type Page,
  putItem,
  queryPage,
  transactWrite,
  updateItem,
} from '../table';
import { getCartDelivery, openDeliveryWrite } from './deliveries';
import { getSearchableInvestors, toCartCard } from './investors';

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
  // A re-save replaces exactly the version it read, only while active and not flagged: a webhook
  // pricing that version, or a checkout opened meanwhile, wins.
  const written = await conditionalWrite(
    putItem(cartModel.toItem(cart), {
      expression:
        'attribute_not_exists(pk) OR (creatorUserId = :creator AND #status = :active AND flaggedReason = :null AND (attribute_not_exists(version) OR version = :previous))',
      names: { '#status': 'status' },
      values: {
        ':creator': cart.creatorUserId,
        ':active': 'active',
        ':null': null,
        ':previous': cart.version - 1,
      },
    }),
  );
  if (!written) throw new CartConflictError(`Cart ${cart.id} cannot be changed`);
  return cart;
}

export async function getCart(id: string): Promise<CartRecord | null> {
  const item = await getItem(cartKey(id), true);
  return item ? cartModel.fromItem(item) : null;
}

/**
 * One page of the carts, newest first (admin carts page, `limit` a page), and the cursor of the next
 * page (null at the end).
 *
 * @throws InvalidCursorError for a cursor this list did not give.
 */
export async function listCartsPage(cursor: string | null, limit: number): Promise<Page<CartRecord>> {
  checkCursorOf(cursor, allCarts());
  const page = await queryPage({
    ...allCarts(),
    ScanIndexForward: false,
    Limit: limit,
    cursor,
  });
  return { items: page.items.map((item) => cartModel.fromItem(item)), cursor: page.cursor };
}

/**
 * Marks the cart purchased by a checkout session, only if it is still the version that was priced
 * and not yet purchased or flagged, and opens its delivery record (paid now, nothing started yet:
 * the watch of paid carts finds it if no delivery starts) in the same transaction. Returns false when
 * that does not hold (the caller reads the cart again and decides).
 */
export async function markCartPurchased(
  id: string,
  purchase: { version: number; sessionId: string; purchasedAt: string },
): Promise<boolean> {
  return conditionalWrite(
    transactWrite([
      {
        Update: {
          Key: cartKey(id),
          UpdateExpression:
            'SET #status = :purchased, purchasedAt = :at, paidSessionId = :session, paymentStatus = :null',
          ConditionExpression:
            'attribute_exists(pk) AND #status IN (:active, :checkout) AND flaggedReason = :null AND (attribute_not_exists(version) OR version = :version)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':purchased': 'purchased',
            ':active': 'active',
            ':checkout': 'checkout',
            ':at': purchase.purchasedAt,
            ':session': purchase.sessionId,
            ':null': null,
            ':version': purchase.version,
          },
        },
      },
      openDeliveryWrite(id, purchase.purchasedAt),
    ]),
  );
}

/**
 * A payment that settles later ('pending'), or that then failed ('failed'), for a cart not yet
 * purchased, by the checkout session it is about. Locks the cart like an opened checkout. A failed
 * session is remembered (`failedSessionIds`), so that its `completed` (unpaid) arriving late, after
 * the failure (Stripe does not order its events), does not make the cart "pending" again. Returns
 * false when nothing was written: the cart is already purchased, or that session already failed.
 */
export async function setCartPaymentStatus(
  id: string,
  status: PaymentStatus,
  at: string,
  sessionId: string,
): Promise<boolean> {
  const failed = status === 'failed';
  return conditionalWrite(
    updateItem({
      Key: cartKey(id),
      UpdateExpression: `SET paymentStatus = :status, #status = :checkout, checkoutOpenedAt = if_not_exists(checkoutOpenedAt, :at)${failed ? ' ADD failedSessionIds :sessions' : ''}`,
      ConditionExpression: failed
        ? 'attribute_exists(pk) AND #status IN (:active, :checkout)'
        : 'attribute_exists(pk) AND #status IN (:active, :checkout) AND (attribute_not_exists(failedSessionIds) OR NOT contains(failedSessionIds, :session))',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':checkout': 'checkout',
        ':active': 'active',
        ':at': at,
        ...(failed ? { ':sessions': new Set([sessionId]) } : { ':session': sessionId }),
      },
    }),
  );
}

/**
 * Opens the payment page of the creator's cart: locks it (status `checkout`, no more changes) and
 * records where the CSV goes (the creator's verified address now). Allowed again while no payment
 * arrived or after a failed one. Returns the cart, or null when it is not the caller's to pay.
 */
export async function openCartCheckout(
  id: string,
  buyer: { userId: string; email: string },
  now: string,
): Promise<CartRecord | null> {
  const attributes = await conditionalWriteReturning(
    updateItem({
      Key: cartKey(id),
      UpdateExpression:
        'SET #status = :checkout, checkoutOpenedAt = if_not_exists(checkoutOpenedAt, :now), recipientEmail = :email, paymentStatus = :null',
      ConditionExpression:
        'attribute_exists(pk) AND creatorUserId = :creator AND flaggedReason = :null AND (#status = :active OR (#status = :checkout AND (attribute_not_exists(paymentStatus) OR paymentStatus = :null OR paymentStatus = :failed)))',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':checkout': 'checkout',
        ':active': 'active',
        ':failed': 'failed',
        ':now': now,
        ':email': buyer.email,
        ':creator': buyer.userId,
        ':null': null,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return attributes ? cartModel.fromItem(attributes) : null;
}

/** Flags a cart for an admin (a payment that does not match it). A flag is never cleared by a save. */
export async function flagCart(id: string, reason: string): Promise<void> {
  await updateItem({
    Key: cartKey(id),
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
  return new Map([...investors].map(([id, investor]) => [id, toCartCard(investor)]));
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
  const cart = await saveCart({
    ...savedCart({
      id: request.id ?? newCartId(context.now),
      investorIds: request.investorIds,
      columnOrder: request.columnOrder,
      pricing: check.pricing,
      creatorUserId: context.creatorUserId,
      now: context.now,
      previous,
    }),
    investorNames: Object.fromEntries(request.investorIds.map((id) => [id, cards.get(id)?.name ?? ''])),
  });
  return { cart, cards, created: previous === null };
}

/** The cart with its cards and delivery when the reader is its creator or an admin; null when missing or not theirs. */
export async function getCartForReader(
  id: string,
  reader: { userId: string; isAdmin: boolean },
): Promise<(CartWithCards & { delivery: CartDelivery | null }) | null> {
  const cart = await getCart(id);
  if (!cart || !canReadCart(cart, reader)) return null;
  const [cards, delivery] = await Promise.all([
    cardsOf(cart.searchableInvestorEntryIds),
    getCartDelivery(id),
  ]);
  return { cart, cards, delivery };
}

/** Opens the creator's checkout (see {@link openCartCheckout}) and returns the cart with its cards, or null. */
export async function openCheckoutOfCreator(
  id: string,
  buyer: { userId: string; email: string },
  now: Date,
): Promise<CartWithCards | null> {
  const cart = await openCartCheckout(id, buyer, now.toISOString());
  return cart ? { cart, cards: await cardsOf(cart.searchableInvestorEntryIds) } : null;
}

/**
 * What the cart would export before it is saved (issue 20): the current cards of its investors, in
 * order and once each, the ids no longer in the directory, and per chosen contact column the
 * investors without it.
 */
export async function previewCart(investorIds: readonly string[], columnOrder: readonly ExportColumnKey[]) {
  const ids = [...new Set(investorIds)];
  const cards = await cardsOf(ids);
  const items = ids.flatMap((id) => {
    const card = cards.get(id);
    return card ? [card] : [];
  });
  return {
    items,
    notInDirectory: ids.filter((id) => !cards.has(id)),
    total: items.length,
    missing: missingContactColumns(items, columnOrder),
  };
}
