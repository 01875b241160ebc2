/**
 * The export cart (spec sections 3, 4 and 5): its stored shape and the pure transitions the export
 * builder and the search cards use.
 *
 * Errors: the transitions a user can trip over (adding while logged out, adding a duplicate, adding past
 * the largest tier) return a {@link CartResult} instead of throwing, so the screen can show the message as
 * a toast. Programming and configuration mistakes (an invalid date, a broken random source) throw.
 */
import * as z from 'zod/mini';
import { investorAlreadyInCart, messages } from '../messages';
import { columnOrderSchema, DEFAULT_COLUMN_ORDER } from './export';
import { cartPricingSchema, MAX_CART_ITEMS, type PaymentLinks, priceCart } from './pricing';

/** The number of items from which emptying the cart asks 'Are you sure you want to clear your cart?'. */
export const CLEAR_CART_CONFIRM_THRESHOLD = 5;

/** Length of the random part of a cart id. */
export const CART_ID_RANDOM_LENGTH = 8;

/** 'cart_' + UTC year, month and day digits + '-' + 8 random uppercase letters or digits. */
export const CART_ID_PATTERN = /^cart_\d{8}-[A-Z0-9]{8}$/;

/** Shown when adding to a cart that already holds the largest priced number of items. Not in the spec. */
export const CART_FULL_MESSAGE = 'Your cart is full. A cart can hold at most 2,500 contacts.';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

// The card lives in its own module so that export.ts (which cart.ts imports) can use it without a cycle.
import { type CartInvestor, cartInvestorSchema } from './cart-investor';

export { type CartInvestor, cartInvestorSchema };

/**
 * A saved cart's life: `active` (the founder may re-save it), `checkout` (the founder opened its
 * payment page: it can no longer change), `purchased` (a payment matching its price arrived: delivery
 * runs). See `purchase-state.ts` and docs/decisions.md, "Purchase".
 */
export const CART_STATUSES = ['active', 'checkout', 'purchased'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/** A cart line. Its id is the id of the searchable investor it holds. */
export const cartItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  searchableInvestorEntry: cartInvestorSchema,
});
export type CartItem = z.infer<typeof cartItemSchema>;

/**
 * A cart as kept in browser local storage and saved to the carts collection. `pricing` is null until
 * the cart is priced for purchase ({@link withPricing}) and goes back to null whenever the items change.
 */
export const cartSchema = z
  .object({
    id: z.string().check(z.regex(CART_ID_PATTERN)),
    startedDate: z.int().check(z.nonnegative()),
    items: z.array(cartItemSchema).check(z.maxLength(MAX_CART_ITEMS)),
    searchableInvestorEntryIds: z.array(z.string()),
    pricing: z.nullable(cartPricingSchema),
    status: z._default(z.enum(CART_STATUSES), 'active'),
    creatorUserId: z.string().check(z.minLength(1)),
    columnOrder: z._default(columnOrderSchema, [...DEFAULT_COLUMN_ORDER]),
    exportFormat: z._default(z.literal('csv'), 'csv'),
  })
  .check(
    z.superRefine((cart, ctx) => {
      const itemIds = cart.items.map((item) => item.id);
      const consistent =
        cart.items.every((item) => item.id === item.searchableInvestorEntry.id) &&
        new Set(itemIds).size === itemIds.length &&
        itemIds.length === cart.searchableInvestorEntryIds.length &&
        itemIds.every((id, i) => cart.searchableInvestorEntryIds[i] === id);
      if (!consistent) {
        ctx.addIssue({
          code: 'custom',
          path: ['searchableInvestorEntryIds'],
          message: 'Cart items and searchableInvestorEntryIds must list the same investors once each.',
        });
      }
    }),
  );
export type Cart = z.infer<typeof cartSchema>;

export type CartErrorCode = 'login-required' | 'already-in-cart' | 'cart-full';

export type CartResult =
  | { readonly ok: true; readonly cart: Cart }
  | { readonly ok: false; readonly code: CartErrorCode; readonly message: string };

/** Who is adding, and when. `userId` is null when nobody is logged in (an unverified email counts as not). */
export interface CartActor {
  readonly userId: string | null;
  /** Current time, ms since the epoch: the startedDate of a new cart. */
  readonly now: number;
  /** Source of uniform numbers in [0, 1) for a new cart id; defaults to the platform's secure random. */
  readonly random?: () => number;
}

interface CryptoLike {
  getRandomValues(array: Uint32Array): Uint32Array;
}

function secureRandom(): number {
  const { crypto } = globalThis as unknown as { crypto?: CryptoLike };
  if (!crypto) throw new Error('No secure random source available');
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value / 2 ** 32;
}

/**
 * A new cart id for a cart started at `date` (its UTC calendar day), e.g. 'cart_20240307-7K2QX9AB'. The
 * random part defaults to a cryptographically secure source, since the id is all it takes to open
 * /cart/{cartId}.
 *
 * @throws RangeError for an invalid date or a `random` value outside [0, 1).
 */
export function newCartId(date: Date, random: () => number = secureRandom): string {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid date for a cart id');
  const day = [
    String(date.getUTCFullYear()).padStart(4, '0'),
    String(date.getUTCMonth() + 1).padStart(2, '0'),
    String(date.getUTCDate()).padStart(2, '0'),
  ].join('');
  let suffix = '';
  for (let i = 0; i < CART_ID_RANDOM_LENGTH; i++) {
    const r = random();
    if (!(r >= 0 && r < 1)) throw new RangeError(`Random value out of range [0, 1): ${r}`);
    suffix += ID_ALPHABET.charAt(Math.floor(r * ID_ALPHABET.length));
  }
  return `cart_${day}-${suffix}`;
}

/** Copies the card fields only, so a richer investor record never leaks into the stored cart. */
export function toCartInvestor(investor: CartInvestor): CartInvestor {
  return {
    id: investor.id,
    name: investor.name,
    investorRole: investor.investorRole,
    stageFocus: [...investor.stageFocus],
    sectorFocus: [...investor.sectorFocus],
    hasEmail: investor.hasEmail,
    hasPhone: investor.hasPhone,
    hasLinkedIn: investor.hasLinkedIn,
    hasTwitter: investor.hasTwitter,
    hasCrunchbase: investor.hasCrunchbase,
    ...(investor.firmName !== undefined ? { firmName: investor.firmName } : {}),
    ...(investor.title !== undefined ? { title: investor.title } : {}),
    ...(investor.cities !== undefined ? { cities: [...investor.cities] } : {}),
    ...(investor.countries !== undefined ? { countries: [...investor.countries] } : {}),
    ...(investor.checkMin !== undefined ? { checkMin: investor.checkMin } : {}),
    ...(investor.checkMax !== undefined ? { checkMax: investor.checkMax } : {}),
    ...(investor.contactConfirmed !== undefined
      ? { contactConfirmed: { ...investor.contactConfirmed } }
      : {}),
    ...(investor.confirmedByInvestor !== undefined
      ? { confirmedByInvestor: [...investor.confirmedByInvestor] }
      : {}),
  };
}

function startCart(userId: string, now: number, random?: () => number): Cart {
  return {
    id: newCartId(new Date(now), random),
    startedDate: now,
    items: [],
    searchableInvestorEntryIds: [],
    pricing: null,
    status: 'active',
    creatorUserId: userId,
    columnOrder: [...DEFAULT_COLUMN_ORDER],
    exportFormat: 'csv',
  };
}

/**
 * Adds an investor. With no cart (or a purchased one) the first add starts a new active cart owned by
 * the actor. Fails with 'Please login to add items to your cart' when nobody is logged in, with
 * 'Investor ({name}) already in cart' for a duplicate, and with {@link CART_FULL_MESSAGE} past
 * {@link MAX_CART_ITEMS}. Never changes `cart`.
 */
export function addToCart(cart: Cart | null, investor: CartInvestor, actor: CartActor): CartResult {
  if (actor.userId === null || actor.userId.trim() === '') {
    return { ok: false, code: 'login-required', message: messages.loginToAddToCart };
  }
  const base = cart && cart.status === 'active' ? cart : startCart(actor.userId, actor.now, actor.random);
  if (base.searchableInvestorEntryIds.includes(investor.id)) {
    return { ok: false, code: 'already-in-cart', message: investorAlreadyInCart(investor.name) };
  }
  if (base.items.length >= MAX_CART_ITEMS) {
    return { ok: false, code: 'cart-full', message: CART_FULL_MESSAGE };
  }
  return {
    ok: true,
    cart: {
      ...base,
      items: [...base.items, { id: investor.id, searchableInvestorEntry: toCartInvestor(investor) }],
      searchableInvestorEntryIds: [...base.searchableInvestorEntryIds, investor.id],
      pricing: null,
    },
  };
}

/** The cart without the investor `investorId`; the same cart when it does not hold that investor. */
export function removeFromCart(cart: Cart, investorId: string): Cart {
  if (!cart.searchableInvestorEntryIds.includes(investorId)) return cart;
  return {
    ...cart,
    items: cart.items.filter((item) => item.id !== investorId),
    searchableInvestorEntryIds: cart.searchableInvestorEntryIds.filter((id) => id !== investorId),
    pricing: null,
  };
}

export function isInCart(cart: Cart | null, investorId: string): boolean {
  return cart?.searchableInvestorEntryIds.includes(investorId) ?? false;
}

export function cartItemCount(cart: Cart | null): number {
  return cart?.items.length ?? 0;
}

/** Whether emptying a cart of `itemCount` items must first ask 'Are you sure you want to clear your cart?'. */
export function emptyCartNeedsConfirmation(itemCount: number): boolean {
  return itemCount >= CLEAR_CART_CONFIRM_THRESHOLD;
}

/**
 * The cart with the pricing of its current item count, as saved before purchase.
 *
 * @throws Error 'No tier found for line item count' as {@link priceCart} does.
 */
export function withPricing(cart: Cart, paymentLinks: PaymentLinks): Cart {
  return { ...cart, pricing: priceCart(cart.items.length, paymentLinks) };
}

const STATUS_LABELS: Readonly<Record<CartStatus, string>> = {
  active: 'Active',
  checkout: 'At checkout',
  purchased: 'Purchased',
};

/** 'Active', 'At checkout' or 'Purchased', as the admin carts page shows it. */
export function cartStatusLabel(status: CartStatus): string {
  return STATUS_LABELS[status];
}

/** A cart read back from local storage or the database, or null when the value is not a valid cart. */
export function parseStoredCart(value: unknown): Cart | null {
  const parsed = cartSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** What adding many investors at once would do (or did). */
export interface AddManyPlan {
  /** The investors that go in, in the order given. */
  readonly toAdd: readonly CartInvestor[];
  readonly alreadyInCart: number;
  readonly alreadyBought: number;
  /** Left out because the cart reached {@link MAX_CART_ITEMS}. */
  readonly overLimit: number;
  /** Items in the cart once they are added. */
  readonly itemCountAfter: number;
  /** Of {@link toAdd}, how many have no email address (issue 50: said before they go in). */
  readonly withoutEmail: number;
}

/**
 * Plans "Add all results": the investors of `investors` not yet in the cart and not already bought
 * (`boughtIds`), each once, up to the cart's limit; with how many were left out and why.
 */
export function planAddMany(
  cart: Cart | null,
  investors: readonly CartInvestor[],
  boughtIds: ReadonlySet<string> = new Set(),
): AddManyPlan {
  const active = cart && cart.status === 'active' ? cart : null;
  const present = new Set(active?.searchableInvestorEntryIds ?? []);
  const room = MAX_CART_ITEMS - present.size;
  const toAdd: CartInvestor[] = [];
  let alreadyInCart = 0;
  let alreadyBought = 0;
  let overLimit = 0;
  const seen = new Set<string>();
  for (const investor of investors) {
    if (seen.has(investor.id)) continue;
    seen.add(investor.id);
    if (present.has(investor.id)) alreadyInCart++;
    else if (boughtIds.has(investor.id)) alreadyBought++;
    else if (toAdd.length >= room) overLimit++;
    else toAdd.push(investor);
  }
  return {
    toAdd,
    alreadyInCart,
    alreadyBought,
    overLimit,
    itemCountAfter: present.size + toAdd.length,
    withoutEmail: toAdd.filter((investor) => !investor.hasEmail).length,
  };
}

/** Adds what {@link planAddMany} planned, in one new cart value. */
export function addManyToCart(cart: Cart | null, plan: AddManyPlan, actor: CartActor): CartResult {
  let current = cart;
  for (const investor of plan.toAdd) {
    const result = addToCart(current, investor, actor);
    if (!result.ok) return result;
    current = result.cart;
  }
  if (!current) return { ok: false, code: 'login-required', message: messages.loginToAddToCart };
  return { ok: true, cart: current };
}
