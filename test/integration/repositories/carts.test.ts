import { describe, expect, it } from 'vitest';
import {
  CartConflictError,
  flagCart,
  getCart,
  listRecentCarts,
  markCartPurchased,
  saveCart,
} from '../../../lambdas/lib/table/repositories/carts';
import { at, cart, unique } from './fixtures';

/** A startedDate later than every cart other tests save with Date.now(), so these carts list first. */
const FUTURE = Date.UTC(2200, 0, 1);

describe('carts repository (DynamoDB Local)', () => {
  it('saves a new cart and reads it back by id', async () => {
    const saved = await saveCart(cart());

    expect(await getCart(saved.id)).toEqual(saved);
  });

  it('returns null for a cart that does not exist', async () => {
    expect(await getCart(unique('cart_'))).toBeNull();
  });

  it('lets the creator save their active cart again with new items and pricing', async () => {
    const first = await saveCart(cart());
    const ids = [unique('inv_'), unique('inv_'), unique('inv_')];

    const second = await saveCart({
      ...first,
      searchableInvestorEntryIds: ids,
      pricing: { ...first.pricing, lineItemCount: 3 },
      savedAt: at(1_000),
    });

    expect(await getCart(first.id)).toEqual(second);
  });

  it('refuses a save of the same cart id by another user and keeps the stored cart', async () => {
    const first = await saveCart(cart());

    await expect(saveCart({ ...first, creatorUserId: unique('user_') })).rejects.toBeInstanceOf(
      CartConflictError,
    );
    expect(await getCart(first.id)).toEqual(first);
  });

  it('refuses any save of a purchased cart, even by its creator', async () => {
    const first = await saveCart(cart());
    expect(await markCartPurchased(first.id, at(2_000))).toBe(true);

    await expect(
      saveCart({ ...first, searchableInvestorEntryIds: [unique('inv_')], status: 'active' }),
    ).rejects.toBeInstanceOf(CartConflictError);
    expect(await getCart(first.id)).toMatchObject({
      status: 'purchased',
      searchableInvestorEntryIds: first.searchableInvestorEntryIds,
    });
  });

  it('lists the most recent carts newest first, up to the limit', async () => {
    const creator = unique('user_');
    const carts = [3, 1, 4, 2].map((offset) =>
      cart({ creatorUserId: creator, startedDate: FUTURE + offset }),
    );
    for (const c of carts) await saveCart(c);

    const listed = await listRecentCarts(3);

    expect(listed).toHaveLength(3);
    expect(listed.map((c) => c.startedDate)).toEqual([FUTURE + 4, FUTURE + 3, FUTURE + 2]);
    expect(listed.every((c) => c.creatorUserId === creator)).toBe(true);
  });

  it('lists at most 50 carts by default, newest first', async () => {
    const listed = await listRecentCarts();

    expect(listed.length).toBeLessThanOrEqual(50);
    const dates = listed.map((c) => c.startedDate);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('marks an active cart purchased once and answers false for a replay', async () => {
    const saved = await saveCart(cart());

    expect(await markCartPurchased(saved.id, at(10))).toBe(true);
    expect(await markCartPurchased(saved.id, at(20))).toBe(false);

    expect(await getCart(saved.id)).toMatchObject({ status: 'purchased', purchasedAt: at(10) });
  });

  it('answers true exactly once when the same purchase is marked concurrently', async () => {
    const saved = await saveCart(cart());

    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => markCartPurchased(saved.id, at(i))),
    );

    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('answers false, and creates nothing, when marking a missing cart purchased', async () => {
    const id = unique('cart_');

    expect(await markCartPurchased(id, at(0))).toBe(false);
    expect(await getCart(id)).toBeNull();
  });

  it('flags a cart for an admin with the reason', async () => {
    const saved = await saveCart(cart());

    await flagCart(saved.id, 'Paid 1000 but the tier costs 5000');

    expect(await getCart(saved.id)).toEqual({ ...saved, flaggedReason: 'Paid 1000 but the tier costs 5000' });
  });

  it('refuses to flag a missing cart and creates nothing', async () => {
    const id = unique('cart_');

    await expect(flagCart(id, 'reason')).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    expect(await getCart(id)).toBeNull();
  });
});
