import { describe, expect, it } from 'vitest';
import {
  addToCart,
  CART_FULL_MESSAGE,
  CART_ID_PATTERN,
  type Cart,
  type CartActor,
  type CartInvestor,
  cartInvestorSchema,
  cartItemCount,
  cartSchema,
  cartStatusLabel,
  emptyCartNeedsConfirmation,
  isInCart,
  newCartId,
  parseStoredCart,
  removeFromCart,
  withPricing,
} from '../../../shared/cart/cart';
import { DEFAULT_COLUMN_ORDER } from '../../../shared/cart/export';
import { MAX_CART_ITEMS, type PaymentLinks } from '../../../shared/cart/pricing';
import { messages } from '../../../shared/messages';

const NOW = Date.UTC(2024, 2, 7, 14, 5);
const actor: CartActor = { userId: 'user-1', now: NOW, random: () => 0.5 };

function investor(id: string, name = `Investor ${id}`): CartInvestor {
  return {
    id,
    name,
    investorRole: 'vc',
    stageFocus: ['seed'],
    sectorFocus: ['fintech'],
    hasEmail: true,
    hasPhone: false,
    hasLinkedIn: true,
    hasTwitter: false,
    hasCrunchbase: false,
  };
}

function mustAdd(cart: Cart | null, inv: CartInvestor): Cart {
  const result = addToCart(cart, inv, actor);
  if (!result.ok) throw new Error(result.message);
  return result.cart;
}

function cartWith(count: number): Cart {
  const first = mustAdd(null, investor('i0'));
  const items = Array.from({ length: count }, (_, i) => ({
    id: `i${i}`,
    searchableInvestorEntry: investor(`i${i}`),
  }));
  return { ...first, items, searchableInvestorEntryIds: items.map((item) => item.id) };
}

const links: PaymentLinks = {
  'tier-50': 'https://pay.example/50',
  'tier-250': 'https://pay.example/250',
  'tier-1000': 'https://pay.example/1000',
  'tier-2500': 'https://pay.example/2500',
};

describe('newCartId', () => {
  it("builds 'cart_' + UTC date digits + '-' + 8 uppercase alphanumerics", () => {
    const values = [0, 0.999, 0.5, 0.1, 0.2, 0.3, 0.7, 0.99];
    let i = 0;
    const id = newCartId(new Date(Date.UTC(2024, 0, 5, 23, 59)), () => values[i++] ?? 0);
    expect(id).toBe('cart_20240105-A9SDHKZ9');
    expect(id).toMatch(CART_ID_PATTERN);
  });

  it('uses a secure random source by default and gives different ids', () => {
    const a = newCartId(new Date(NOW));
    const b = newCartId(new Date(NOW));
    expect(a).toMatch(/^cart_20240307-[A-Z0-9]{8}$/);
    expect(a).not.toBe(b);
  });

  it('refuses an invalid date', () => {
    expect(() => newCartId(new Date(Number.NaN), () => 0)).toThrow(RangeError);
  });

  it('refuses a random source outside [0, 1)', () => {
    expect(() => newCartId(new Date(NOW), () => 1)).toThrow(RangeError);
    expect(() => newCartId(new Date(NOW), () => Number.NaN)).toThrow(RangeError);
  });
});

describe('addToCart', () => {
  it('refuses a logged-out user with Please login to add items to your cart', () => {
    const result = addToCart(null, investor('a'), { ...actor, userId: null });
    expect(result).toEqual({
      ok: false,
      code: 'login-required',
      message: 'Please login to add items to your cart',
    });
    expect(messages.loginToAddToCart).toBe('Please login to add items to your cart');
  });

  it('refuses a blank user id as not logged in', () => {
    expect(addToCart(null, investor('a'), { ...actor, userId: '  ' })).toMatchObject({
      code: 'login-required',
    });
  });

  it('creates an active cart on the first add', () => {
    const cart = mustAdd(null, investor('a', 'Ada'));
    expect(cart).toEqual({
      id: 'cart_20240307-SSSSSSSS',
      startedDate: NOW,
      items: [{ id: 'a', searchableInvestorEntry: investor('a', 'Ada') }],
      searchableInvestorEntryIds: ['a'],
      pricing: null,
      status: 'active',
      creatorUserId: 'user-1',
      columnOrder: [...DEFAULT_COLUMN_ORDER],
      exportFormat: 'csv',
    });
    expect(cartSchema.safeParse(cart).success).toBe(true);
  });

  it('appends to an existing cart without changing it', () => {
    const first = mustAdd(null, investor('a'));
    const second = mustAdd(first, investor('b'));
    expect(second.id).toBe(first.id);
    expect(second.searchableInvestorEntryIds).toEqual(['a', 'b']);
    expect(first.searchableInvestorEntryIds).toEqual(['a']);
  });

  it('refuses a duplicate with Investor ({name}) already in cart', () => {
    const cart = mustAdd(null, investor('a', 'Zoë Šimić'));
    const result = addToCart(cart, investor('a', 'Zoë Šimić'), actor);
    expect(result).toEqual({
      ok: false,
      code: 'already-in-cart',
      message: 'Investor (Zoë Šimić) already in cart',
    });
  });

  it('keeps only the public card fields of the investor', () => {
    const rich = { ...investor('a'), importedInvestorId: 'secret', email: 'a@example.com' };
    const cart = mustAdd(null, rich);
    expect(cart.items[0]?.searchableInvestorEntry).toEqual(investor('a'));
  });

  it('starts a new cart instead of adding to a purchased one', () => {
    const purchased: Cart = { ...mustAdd(null, investor('a')), status: 'purchased' };
    const cart = mustAdd(purchased, investor('a'));
    expect(cart.status).toBe('active');
    expect(cart.searchableInvestorEntryIds).toEqual(['a']);
  });

  it('clears stale pricing when an item is added', () => {
    const priced = withPricing(mustAdd(null, investor('a')), links);
    expect(mustAdd(priced, investor('b')).pricing).toBeNull();
  });

  it('accepts the 2,500th item', () => {
    const cart = mustAdd(cartWith(MAX_CART_ITEMS - 1), investor('last'));
    expect(cart.items).toHaveLength(2500);
  });

  it('refuses the 2,501st item as the cart is full', () => {
    const result = addToCart(cartWith(MAX_CART_ITEMS), investor('extra'), actor);
    expect(result).toEqual({ ok: false, code: 'cart-full', message: CART_FULL_MESSAGE });
  });
});

describe('removeFromCart', () => {
  it('removes the item and its id and clears pricing', () => {
    const cart = withPricing(mustAdd(mustAdd(null, investor('a')), investor('b')), links);
    const after = removeFromCart(cart, 'a');
    expect(after.searchableInvestorEntryIds).toEqual(['b']);
    expect(after.items.map((item) => item.id)).toEqual(['b']);
    expect(after.pricing).toBeNull();
    expect(cart.items).toHaveLength(2);
  });

  it('returns the same cart for an investor not in it', () => {
    const cart = mustAdd(null, investor('a'));
    expect(removeFromCart(cart, 'zzz')).toBe(cart);
  });

  it('keeps an empty active cart after removing the last item', () => {
    const after = removeFromCart(mustAdd(null, investor('a')), 'a');
    expect(after.items).toEqual([]);
    expect(cartItemCount(after)).toBe(0);
  });
});

describe('cart queries', () => {
  it('counts items, with no cart counting 0', () => {
    expect(cartItemCount(null)).toBe(0);
    expect(cartItemCount(mustAdd(null, investor('a')))).toBe(1);
  });

  it('tells whether an investor is in the cart', () => {
    const cart = mustAdd(null, investor('a'));
    expect(isInCart(cart, 'a')).toBe(true);
    expect(isInCart(cart, 'b')).toBe(false);
    expect(isInCart(null, 'a')).toBe(false);
  });

  it('labels statuses Active and Purchased', () => {
    expect(cartStatusLabel('active')).toBe('Active');
    expect(cartStatusLabel('purchased')).toBe('Purchased');
  });
});

describe('emptyCartNeedsConfirmation', () => {
  it('empties 4 items without confirmation', () => {
    expect(emptyCartNeedsConfirmation(4)).toBe(false);
    expect(emptyCartNeedsConfirmation(0)).toBe(false);
  });

  it('asks for confirmation from 5 items', () => {
    expect(emptyCartNeedsConfirmation(5)).toBe(true);
    expect(emptyCartNeedsConfirmation(2500)).toBe(true);
    expect(messages.clearCartConfirm).toBe('Are you sure you want to clear your cart?');
  });
});

describe('withPricing', () => {
  it('prices 50 items at the first tier and 51 at the second', () => {
    expect(withPricing(cartWith(50), links).pricing).toEqual({
      tierDescription: 'Up to 50 contacts',
      totalX100: 500,
      lineItemCount: 50,
      stripePaymentLink: 'https://pay.example/50',
    });
    expect(withPricing(cartWith(51), links).pricing?.totalX100).toBe(1500);
  });

  it('refuses 2,501 items with No tier found for line item count', () => {
    expect(() => withPricing(cartWith(2501), links)).toThrow(messages.noTierFound);
  });
});

describe('cart schemas', () => {
  it('fills defaults for status, columns and export format', () => {
    const { status: _s, columnOrder: _c, exportFormat: _e, ...bare } = mustAdd(null, investor('a'));
    const parsed = cartSchema.parse(bare);
    expect(parsed.status).toBe('active');
    expect(parsed.exportFormat).toBe('csv');
    expect(parsed.columnOrder).toEqual(['name', 'firm', 'title', 'email', 'phone', 'linkedinUrl']);
  });

  it('refuses a malformed cart id', () => {
    const cart = mustAdd(null, investor('a'));
    expect(cartSchema.safeParse({ ...cart, id: 'cart_2024-abc' }).success).toBe(false);
  });

  it('refuses ids that disagree with the items', () => {
    const cart = mustAdd(null, investor('a'));
    expect(cartSchema.safeParse({ ...cart, searchableInvestorEntryIds: ['b'] }).success).toBe(false);
    const doubled = {
      ...cart,
      items: [...cart.items, ...cart.items],
      searchableInvestorEntryIds: ['a', 'a'],
    };
    expect(cartSchema.safeParse(doubled).success).toBe(false);
  });

  it('refuses an unknown export column and an unknown status', () => {
    const cart = mustAdd(null, investor('a'));
    expect(cartSchema.safeParse({ ...cart, columnOrder: ['fax'] }).success).toBe(false);
    expect(cartSchema.safeParse({ ...cart, status: 'abandoned' }).success).toBe(false);
  });

  it('refuses more than 2,500 items', () => {
    expect(cartSchema.safeParse(cartWith(2500)).success).toBe(true);
    expect(cartSchema.safeParse(cartWith(2501)).success).toBe(false);
  });

  it('parses a stored cart and gives null for garbage', () => {
    const cart = mustAdd(null, investor('a'));
    expect(parseStoredCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
    expect(parseStoredCart('not a cart')).toBeNull();
    expect(parseStoredCart(null)).toBeNull();
  });

  it('drops extra fields from an embedded investor card', () => {
    const parsed = cartInvestorSchema.parse({ ...investor('a'), email: 'leak@example.com' });
    expect(parsed).not.toHaveProperty('email');
  });

  it('refuses a card without its contact flags', () => {
    const { hasEmail: _h, ...rest } = investor('a');
    expect(cartInvestorSchema.safeParse(rest).success).toBe(false);
  });
});
