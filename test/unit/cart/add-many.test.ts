import { describe, expect, it } from 'vitest';
import { addManyToCart, addToCart, type Cart, planAddMany } from '../../../shared/cart/cart';
import { MAX_CART_ITEMS } from '../../../shared/cart/pricing';
import { withoutEmailNote } from '../../../web/components/add-many-summary';
import { investor } from '../web/support/investors';

const actor = { userId: 'user-1', now: Date.UTC(2026, 10, 24), random: () => 0.5 };

function cartWith(...ids: number[]): Cart {
  let cart: Cart | null = null;
  for (const n of ids) {
    const result = addToCart(cart, investor(n), actor);
    if (!result.ok) throw new Error(result.message);
    cart = result.cart;
  }
  if (!cart) throw new Error('empty');
  return cart;
}

describe('adding all results', () => {
  it('adds each result once, leaving out those in the cart and those already bought', () => {
    const results = [1, 2, 3, 4, 5, 3].map((n) => investor(n));
    const plan = planAddMany(cartWith(1), results, new Set(['inv_4']));

    expect(plan.toAdd.map((i) => i.id)).toEqual(['inv_2', 'inv_3', 'inv_5']);
    expect(plan).toMatchObject({ alreadyInCart: 1, alreadyBought: 1, overLimit: 0, itemCountAfter: 4 });

    const added = addManyToCart(cartWith(1), plan, actor);
    expect(added.ok && added.cart.searchableInvestorEntryIds).toEqual(['inv_1', 'inv_2', 'inv_3', 'inv_5']);
  });

  it('counts the investors that go in without an email address', () => {
    const results = [investor(1), investor(2, { hasEmail: false }), investor(3, { hasEmail: false })];
    const plan = planAddMany(cartWith(2), results);

    // inv_2 is in the cart already: of the two that go in, one has no email.
    expect(plan.toAdd.map((i) => i.id)).toEqual(['inv_1', 'inv_3']);
    expect(plan.withoutEmail).toBe(1);
    expect(withoutEmailNote(plan.withoutEmail, plan.toAdd.length)).toBe('1 of the 2 has no email address.');
    expect(withoutEmailNote(3, 20)).toBe('3 of the 20 have no email address.');
    expect(planAddMany(null, [investor(4)]).withoutEmail).toBe(0);
  });

  it('stops at the cart limit and says how many were left out', () => {
    const results = Array.from({ length: MAX_CART_ITEMS + 10 }, (_, i) => investor(i + 2));
    const plan = planAddMany(cartWith(1), results);

    expect(plan.toAdd).toHaveLength(MAX_CART_ITEMS - 1);
    expect(plan.overLimit).toBe(11);
    expect(plan.itemCountAfter).toBe(MAX_CART_ITEMS);
    const added = addManyToCart(cartWith(1), plan, actor);
    expect(added.ok && added.cart.items).toHaveLength(MAX_CART_ITEMS);
  });

  it('starts a cart when there is none, and needs a signed-in founder', () => {
    const plan = planAddMany(null, [investor(1), investor(2)]);

    expect(plan.itemCountAfter).toBe(2);
    expect(addManyToCart(null, plan, actor).ok).toBe(true);
    expect(addManyToCart(null, plan, { ...actor, userId: null })).toMatchObject({
      ok: false,
      code: 'login-required',
    });
  });
});
