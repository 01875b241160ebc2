import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../../../lambdas/lib/table/model';
import {
  CartConflictError,
  flagCart,
  getCart,
  listCartsPage,
  markCartPurchased,
  saveCart,
} from '../../../lambdas/lib/table/repositories/carts';
import { getCartDelivery } from '../../../lambdas/lib/table/repositories/deliveries';
import { getItem } from '../../../lambdas/lib/table/table';
import { at, cart, unique } from './fixtures';

/**
 * A startedDate just after now and at least 100 ms after the previous base: the carts a test saves at
 * `futureBase() + i` (i under 100) list first, and carts saved later, here or by other test files, are
 * newer again, so no test leaves carts that crowd another's out of the recent list.
 */
let lastBase = 0;
const futureBase = () => {
  lastBase = Math.max(Date.now() + 1, lastBase + 100);
  return lastBase;
};

const purchase = (version: number, purchasedAt: string) => ({
  version,
  sessionId: unique('cs_'),
  purchasedAt,
});

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
      version: first.version + 1,
    });

    expect(await getCart(first.id)).toEqual(second);
  });

  it('refuses a save of the same cart id by another user and keeps the stored cart', async () => {
    const first = await saveCart(cart());

    await expect(saveCart({ ...first, creatorUserId: unique('user_'), version: 2 })).rejects.toBeInstanceOf(
      CartConflictError,
    );
    expect(await getCart(first.id)).toEqual(first);
  });

  it('refuses any save of a purchased cart, even by its creator', async () => {
    const first = await saveCart(cart());
    expect(await markCartPurchased(first.id, purchase(first.version, at(2_000)))).toBe(true);

    await expect(
      saveCart({ ...first, searchableInvestorEntryIds: [unique('inv_')], status: 'active' }),
    ).rejects.toBeInstanceOf(CartConflictError);
    expect(await getCart(first.id)).toMatchObject({
      status: 'purchased',
      searchableInvestorEntryIds: first.searchableInvestorEntryIds,
    });
  });

  it('lists the most recent carts newest first, a page of the limit, and the next page from its cursor', async () => {
    const creator = unique('user_');
    const base = futureBase();
    const carts = [3, 1, 4, 2].map((offset) => cart({ creatorUserId: creator, startedDate: base + offset }));
    for (const c of carts) await saveCart(c);

    const first = await listCartsPage(null, 3);
    const second = await listCartsPage(first.cursor, 3);

    expect(first.items.map((c) => c.startedDate)).toEqual([base + 4, base + 3, base + 2]);
    expect(first.items.every((c) => c.creatorUserId === creator)).toBe(true);
    expect(first.cursor).not.toBeNull();
    expect(second.items[0]?.startedDate).toBe(base + 1);
  });

  it('lists 50 carts a page, the newest first', async () => {
    const creator = unique('user_');
    const base = futureBase();
    const carts = Array.from({ length: 55 }, (_, i) =>
      cart({ creatorUserId: creator, startedDate: base + i }),
    );
    await Promise.all(carts.map((c) => saveCart(c)));

    const listed = (await listCartsPage(null, 50)).items;

    expect(listed).toHaveLength(50);
    expect(listed.map((c) => c.startedDate)).toEqual(Array.from({ length: 50 }, (_, i) => base + 54 - i));
  });

  it('refuses a cursor it did not give', async () => {
    const foreign = Buffer.from(
      JSON.stringify({ pk: 'PAYMENT#x', sk: 'UNMATCHED', gsi1pk: 'UNMATCHED_PAYMENTS', gsi1sk: 'x' }),
    ).toString('base64url');
    for (const cursor of [foreign, 'not-a-cursor'])
      await expect(listCartsPage(cursor, 3)).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it('marks an active cart purchased once and answers false for a replay', async () => {
    const saved = await saveCart(cart());

    expect(await markCartPurchased(saved.id, purchase(saved.version, at(10)))).toBe(true);
    expect(await markCartPurchased(saved.id, purchase(saved.version, at(20)))).toBe(false);

    expect(await getCart(saved.id)).toMatchObject({ status: 'purchased', purchasedAt: at(10) });
    // Its delivery is opened with the purchase: paid then, nothing started, listed until delivered.
    expect(await getCartDelivery(saved.id)).toMatchObject({
      purchasedAt: at(10),
      startedAt: null,
      csvKey: null,
    });
    expect(await getItem(`CART#${saved.id}`, 'DELIVERY', true)).toMatchObject({
      gsi1pk: 'DELIVERIES_OPEN',
      gsi1sk: `${at(10)}#${saved.id}`,
    });
  });

  it('answers true exactly once when the same purchase is marked concurrently', async () => {
    const saved = await saveCart(cart());

    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => markCartPurchased(saved.id, purchase(saved.version, at(i)))),
    );

    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('answers false when the cart was re-saved since the version that was priced', async () => {
    const saved = await saveCart(cart());
    const resaved = await saveCart({
      ...saved,
      version: saved.version + 1,
      searchableInvestorEntryIds: [unique('inv_')],
    });

    expect(await markCartPurchased(saved.id, purchase(saved.version, at(0)))).toBe(false);
    expect(await markCartPurchased(saved.id, purchase(resaved.version, at(1)))).toBe(true);
  });

  it('refuses a re-save that did not read the stored version (two saves racing)', async () => {
    const saved = await saveCart(cart());
    await saveCart({ ...saved, version: saved.version + 1 });

    await expect(saveCart({ ...saved, version: saved.version + 1 })).rejects.toBeInstanceOf(
      CartConflictError,
    );
  });

  it('answers false, and creates nothing, when marking a missing cart purchased', async () => {
    const id = unique('cart_');

    expect(await markCartPurchased(id, purchase(1, at(0)))).toBe(false);
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
