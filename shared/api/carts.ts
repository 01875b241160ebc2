import * as z from 'zod/mini';
import { CART_ID_PATTERN, CART_STATUSES, type CartInvestor, cartItemSchema } from '../cart/cart';
import { cartInvestorSchema } from '../cart/cart-investor';
import { columnOrderSchema, EXPORT_COLUMN_KEYS } from '../cart/export';
import { cartPricingSchema, MAX_CART_ITEMS } from '../cart/pricing';
import { PURCHASE_STATES, type PurchaseFacts, purchaseStateOf } from '../cart/purchase-state';
import { CART_TOO_LARGE, type SavedCart } from '../cart/saved-cart';
import { investorIdParams } from './params';
import { singleLine } from './text';

/**
 * The API contract of export carts: one zod schema per request and response. Handlers validate with
 * them; the web client takes its types from them.
 */

const cartId = z.string().check(singleLine(), z.regex(CART_ID_PATTERN, 'Not a cart id'));

export const cartIdParams = z.object({ cartId });

/**
 * POST /carts: save the caller's cart. Without `id` the server creates one; with an id it saves that
 * cart (new, or the caller's own while still active). Pricing, status and dates are the server's: a
 * body carrying such a field (or any unknown field) is refused. The count, duplicate and column checks
 * answer with their messages ('No cart to save', 'A cart can hold at most 2,500 contacts.', 'No columns
 * selected...').
 */
export const saveCartBody = z.strictObject({
  id: z.optional(cartId),
  investorIds: z.array(investorIdParams.shape.investorId),
  columnOrder: columnOrderSchema,
});
export type SaveCartBody = z.input<typeof saveCartBody>;

/**
 * POST /carts/preview (issue 20): before saving, the current public cards of the cart's investors and,
 * for each chosen contact column, how many lack it and which ("12 of 50 have no email"). Reads only
 * public cards; the price stays by item count, so none is computed here.
 */
export const cartPreviewBody = z.strictObject({
  investorIds: z
    .array(investorIdParams.shape.investorId)
    .check(z.maxLength(MAX_CART_ITEMS, { error: CART_TOO_LARGE })),
  columnOrder: columnOrderSchema,
});
export type CartPreviewBody = z.input<typeof cartPreviewBody>;

export const cartPreviewResponse = z.object({
  /** The cards still in the directory, in the order asked, each once. */
  items: z.array(cartInvestorSchema),
  /** Ids no longer in the directory (saving would refuse them). */
  notInDirectory: z.array(z.string()),
  /** Investors counted (the cards found). */
  total: z.int(),
  missing: z.array(
    z.object({
      column: z.enum(['email', 'linkedinUrl', 'phone', 'twitterUrl', 'crunchbaseUrl']),
      count: z.int(),
      investorIds: z.array(z.string()),
    }),
  ),
});
export type CartPreviewResponse = z.infer<typeof cartPreviewResponse>;

/** A saved cart as its creator (or an admin) sees it, the investors as public cards. */
export const cartViewSchema = z.object({
  id: z.string(),
  startedDate: z.int(),
  items: z.array(cartItemSchema),
  searchableInvestorEntryIds: z.array(z.string()),
  pricing: cartPricingSchema,
  status: z.enum(CART_STATUSES),
  creatorUserId: z.string(),
  columnOrder: z.array(z.enum(EXPORT_COLUMN_KEYS)),
  exportFormat: z.literal('csv'),
  purchasedAt: z.nullable(z.string()),
  /** A payment arrived whose amount does not match the price: nothing was delivered; an admin looks into it. */
  paymentFlagged: z.boolean(),
  /** Where the purchase is, from saving to delivery (`shared/cart/purchase-state.ts`). */
  purchaseState: z.enum(PURCHASE_STATES),
  /** Whether the cart can still be re-saved (active, payment page never opened, not flagged). */
  editable: z.boolean(),
});
export type CartView = z.infer<typeof cartViewSchema>;

/** POST /carts: 201 with the new cart, 200 with a re-saved one. */
export const saveCartResponse = cartViewSchema;

/** GET /carts/{cartId}: 404 'Cart not found' for anyone but its creator and admins. */
export const getCartResponse = cartViewSchema;

/**
 * The view of a saved cart: its items rebuilt, in the saved order, from the investors' current public
 * cards. An investor no longer in the directory has no card and so no item; its id stays in
 * `searchableInvestorEntryIds`, which is what was priced.
 */
export function toCartView(
  cart: SavedCart,
  cards: ReadonlyMap<string, CartInvestor>,
  delivery: PurchaseFacts['delivery'] = null,
): CartView {
  const items = cart.searchableInvestorEntryIds.flatMap((id) => {
    const card = cards.get(id);
    return card ? [{ id, searchableInvestorEntry: card }] : [];
  });
  return {
    id: cart.id,
    startedDate: cart.startedDate,
    items,
    searchableInvestorEntryIds: [...cart.searchableInvestorEntryIds],
    pricing: cart.pricing,
    status: cart.status,
    creatorUserId: cart.creatorUserId,
    columnOrder: [...cart.columnOrder],
    exportFormat: cart.exportFormat,
    purchasedAt: cart.purchasedAt,
    paymentFlagged: cart.flaggedReason !== null,
    purchaseState: purchaseStateOf({ ...cart, delivery }),
    editable: cart.status === 'active' && cart.flaggedReason === null,
  };
}

/** POST /carts/{cartId}/checkout: the cart is locked and the payment page's address is returned. */
export const openCheckoutResponse = z.object({
  /** The tier's Payment Link with the cart as `client_reference_id` and the buyer's email prefilled. */
  url: z.string(),
  cart: cartViewSchema,
});
export type OpenCheckoutResponse = z.infer<typeof openCheckoutResponse>;
