/**
 * Saving an export cart on the server (spec sections 3 and 9): the checks a save request must pass, who
 * may re-save or read a saved cart, and the record a save writes. The server prices the cart from its item
 * count; a price sent by the client is never read.
 */

import { groupDigits } from '../format/numbers';
import { messages } from '../messages';
import type { CartStatus } from './cart';
import type { ExportColumnKey } from './export';
import { type CartPricing, MAX_CART_ITEMS, type PaymentLinks, priceCart } from './pricing';
import type { PaymentStatus } from './purchase-state';

/** How many unknown investor ids a message lists before summing up the rest. */
const LISTED_IDS = 5;

/** Not in the spec. */
export const duplicateInvestorInCart = (investorId: string): string =>
  `Investor ${investorId} is in the cart more than once.`;

/** Not in the spec: some ids of a save request are not searchable investors. */
export function investorsNotInDirectory(investorIds: readonly string[]): string {
  const listed = investorIds.slice(0, LISTED_IDS).join(', ');
  const rest = investorIds.length - LISTED_IDS;
  return `These investors are not in the directory: ${listed}${rest > 0 ? ` and ${rest} more` : ''}.`;
}

/**
 * Not in the spec (issue 14): more than 2,500 investors. The spec's 'No tier found for line item count'
 * is what pricing throws; a person saving a cart reads this.
 */
export const CART_TOO_LARGE = `A cart can hold at most ${groupDigits(MAX_CART_ITEMS)} contacts.`;

/** Not in the spec: re-saving a purchased cart, or someone else's. */
export const CART_CANNOT_CHANGE =
  'This cart cannot be changed: its payment page was opened, it was purchased, or it is not yours. Save a new cart to buy other contacts.';

export type CartSaveCheck =
  | { readonly ok: true; readonly pricing: CartPricing }
  | { readonly ok: false; readonly message: string };

/**
 * Checks what can be checked without the directory, in this order: the cart is not empty ('No cart to
 * save'), holds at most 2,500 investors ({@link CART_TOO_LARGE}), lists each investor once, and has at
 * least one export column ('No columns selected. Please select at least one column to export.'). Returns
 * the pricing of the item count.
 *
 * @throws Error when the tier has no payment link configured, as {@link priceCart} does.
 */
export function checkCartToSave(
  investorIds: readonly string[],
  columnOrder: readonly ExportColumnKey[],
  paymentLinks: PaymentLinks,
): CartSaveCheck {
  if (investorIds.length === 0) return { ok: false, message: messages.noCartToSave };
  if (investorIds.length > MAX_CART_ITEMS) return { ok: false, message: CART_TOO_LARGE };
  const seen = new Set<string>();
  for (const id of investorIds) {
    if (seen.has(id)) return { ok: false, message: duplicateInvestorInCart(id) };
    seen.add(id);
  }
  if (columnOrder.length === 0) return { ok: false, message: messages.noColumnsSelected };
  return { ok: true, pricing: priceCart(investorIds.length, paymentLinks) };
}

/** A cart as saved: the investors by id, in the order the buyer added them (see docs/decisions.md). */
export interface SavedCart {
  readonly id: string;
  /** ms since the epoch. */
  readonly startedDate: number;
  readonly searchableInvestorEntryIds: string[];
  readonly pricing: CartPricing;
  readonly status: CartStatus;
  readonly creatorUserId: string;
  readonly columnOrder: ExportColumnKey[];
  readonly exportFormat: 'csv';
  /** ISO 8601. */
  readonly savedAt: string;
  readonly purchasedAt: string | null;
  readonly flaggedReason: string | null;
  /** 1 for a new cart, raised by every re-save. */
  readonly version: number;
  readonly checkoutOpenedAt: string | null;
  readonly recipientEmail: string | null;
  readonly paymentStatus: PaymentStatus | null;
  readonly paidSessionId: string | null;
  /** A one-investor cart paid with a bounce credit (issue 20). */
  readonly paidWithCredit: boolean;
}

/**
 * Only the creator may re-save a cart, and only while it is active and not flagged: once its payment
 * page was opened, or a payment was flagged, it never changes (a founder who wants other contacts
 * saves a new cart).
 */
export function canResaveCart(
  cart: Pick<SavedCart, 'creatorUserId' | 'status' | 'flaggedReason'>,
  userId: string,
): boolean {
  return cart.creatorUserId === userId && cart.status === 'active' && cart.flaggedReason === null;
}

/** A saved cart is read by its creator or by an admin. */
export function canReadCart(
  cart: Pick<SavedCart, 'creatorUserId'>,
  reader: { readonly userId: string; readonly isAdmin: boolean },
): boolean {
  return reader.isAdmin || cart.creatorUserId === reader.userId;
}

/**
 * The active cart a save writes. A re-saved cart keeps its `startedDate`; a new one starts `now`.
 *
 * @throws RangeError when `now` is an invalid Date.
 */
export function savedCart(input: {
  readonly id: string;
  readonly investorIds: readonly string[];
  readonly columnOrder: readonly ExportColumnKey[];
  readonly pricing: CartPricing;
  readonly creatorUserId: string;
  readonly now: Date;
  readonly previous: Pick<SavedCart, 'startedDate' | 'version'> | null;
}): SavedCart {
  return {
    id: input.id,
    startedDate: input.previous?.startedDate ?? input.now.getTime(),
    searchableInvestorEntryIds: [...input.investorIds],
    pricing: input.pricing,
    status: 'active',
    creatorUserId: input.creatorUserId,
    columnOrder: [...input.columnOrder],
    exportFormat: 'csv',
    savedAt: input.now.toISOString(),
    purchasedAt: null,
    flaggedReason: null,
    version: (input.previous?.version ?? 0) + 1,
    checkoutOpenedAt: null,
    recipientEmail: null,
    paymentStatus: null,
    paidSessionId: null,
    paidWithCredit: false,
  };
}
