import { describe, expect, it } from 'vitest';
import {
  addPurchasesToLibrary,
  ensureUserProfile,
  getUserProfile,
  getUserProfiles,
  listPurchasedContacts,
} from '../../../lambdas/lib/table/repositories/users';
import { getItem } from '../../../lambdas/lib/table/table';
import { at, libraryPurchase, unique } from './fixtures';

const purchase = libraryPurchase;

describe('users repository (DynamoDB Local)', () => {
  it('creates the profile on first use with the defaults of a new user', async () => {
    const userId = unique('user_');

    const profile = await ensureUserProfile({ userId, email: `${userId}@example.com`, now: at(0) });

    expect(profile).toEqual({
      userId,
      email: `${userId}@example.com`,
      name: null,
      verifiedEmail: true,
      type: null,
      projects: [],
      createdAt: at(0),
      // The weekly summary of updates is on until the founder turns it off (issue 20).
      updateEmails: true,
      pipelineReminders: true,
      // Response times are shared only once the founder opts in (issue 52).
      shareResponseTimes: false,
    });
    expect(await getUserProfile(userId)).toEqual(profile);
  });

  it('returns the stored profile unchanged when called again with other values', async () => {
    const userId = unique('user_');
    const first = await ensureUserProfile({ userId, email: 'first@example.com', name: 'First', now: at(0) });

    const second = await ensureUserProfile({
      userId,
      email: 'second@example.com',
      name: 'Second',
      now: at(1_000),
    });

    expect(second).toEqual(first);
    expect(await getUserProfile(userId)).toEqual(first);
  });

  it('creates exactly one record when first calls race, and every caller gets that record', async () => {
    const userId = unique('user_');

    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ensureUserProfile({ userId, email: `racer${i}@example.com`, name: `Racer ${i}`, now: at(i) }),
      ),
    );

    const stored = await getUserProfile(userId);
    expect(stored).not.toBeNull();
    for (const result of results) expect(result).toEqual(stored);
    const item = await getItem(`USER#${userId}`, 'PROFILE', true);
    expect(item).toMatchObject({ entity: 'userProfile', pk: `USER#${userId}`, sk: 'PROFILE' });
  });

  it('returns null for a user without a profile', async () => {
    expect(await getUserProfile(unique('user_'))).toBeNull();
  });

  it('reads many profiles in one batch, keyed by user id, leaving out unknown users', async () => {
    const ids = [unique('user_'), unique('user_'), unique('user_')];
    for (const [i, userId] of ids.entries())
      await ensureUserProfile({ userId, email: `${userId}@example.com`, now: at(i) });
    const missing = unique('user_');

    const profiles = await getUserProfiles([...ids, missing, ids[0] ?? '']);

    expect([...profiles.keys()].sort()).toEqual([...ids].sort());
    for (const userId of ids) expect(profiles.get(userId)?.email).toBe(`${userId}@example.com`);
    expect(profiles.has(missing)).toBe(false);
  });

  it('reads more than one batch-get page of profiles (over 100 keys)', async () => {
    const ids = Array.from({ length: 130 }, () => unique('user_'));
    await Promise.all(ids.map((userId) => ensureUserProfile({ userId, email: 'x@example.com', now: at(0) })));

    const profiles = await getUserProfiles(ids);

    expect(profiles.size).toBe(130);
  });

  it('returns an empty map for no user ids', async () => {
    expect((await getUserProfiles([])).size).toBe(0);
  });

  it('keeps one library entry per investor when the same purchase is added twice (a re-run changes nothing)', async () => {
    const userId = unique('user_');
    const purchases = [purchase(userId, { name: 'Bram Farrow' }), purchase(userId, { name: 'Cleo Hollis' })];

    expect(await addPurchasesToLibrary(purchases)).toBe(2);
    const once = await listPurchasedContacts(userId);
    expect(await addPurchasesToLibrary(purchases.map((p) => ({ ...p, name: 'Renamed', values: {} })))).toBe(
      0,
    );

    const library = await listPurchasedContacts(userId);
    expect(library).toEqual(once);
    expect(library.map((c) => c.searchableInvestorId).sort()).toEqual(
      purchases.map((c) => c.searchableInvestorId).sort(),
    );
  });

  it('merges a second purchase of a contact: newer values win, fields once bought stay, the first date and every cart are kept, each value knows its purchase', async () => {
    const userId = unique('user_');
    const first = purchase(userId, {
      values: { email: { value: 'old@example.com', changedAt: at(0) } },
      purchasedAt: at(0),
    });
    await addPurchasesToLibrary([first]);
    const laterCart = unique('cart_');
    await addPurchasesToLibrary([
      {
        ...first,
        cartId: laterCart,
        purchasedAt: at(1_000),
        values: {
          email: { value: 'new@example.com', changedAt: at(500) },
          linkedinUrl: { value: 'https://linkedin.com/in/ada', changedAt: at(500) },
        },
      },
    ]);
    // A Name-only cart later: no value bought, nothing erased.
    const nameOnlyCart = unique('cart_');
    await addPurchasesToLibrary([{ ...first, cartId: nameOnlyCart, purchasedAt: at(2_000), values: {} }]);

    expect(await listPurchasedContacts(userId)).toEqual([
      expect.objectContaining({
        email: 'new@example.com',
        emailChangedAt: at(500),
        linkedinUrl: 'https://linkedin.com/in/ada',
        cartId: first.cartId,
        purchasedAt: at(0),
        cartIds: [first.cartId, laterCart, nameOnlyCart].sort(),
        purchases: { [first.cartId]: at(0), [laterCart]: at(1_000), [nameOnlyCart]: at(2_000) },
        boughtIn: { email: laterCart, linkedinUrl: laterCart },
      }),
    ]);
  });

  it('keeps the newer purchase’s value when an older cart’s delivery runs after it', async () => {
    const userId = unique('user_');
    const newer = purchase(userId, {
      purchasedAt: at(2_000),
      values: { email: { value: 'new@example.com', changedAt: at(1_500) } },
    });
    await addPurchasesToLibrary([newer]);
    const older = {
      ...newer,
      cartId: unique('cart_'),
      purchasedAt: at(1_000),
      values: { email: { value: 'old@example.com', changedAt: at(0) } },
    };

    await addPurchasesToLibrary([older]);

    expect(await listPurchasedContacts(userId)).toEqual([
      expect.objectContaining({
        email: 'new@example.com',
        cartId: older.cartId,
        purchasedAt: at(1_000),
        boughtIn: { email: newer.cartId },
      }),
    ]);
  });

  it('writes two purchases of one contact arriving at once without losing either', async () => {
    const userId = unique('user_');
    const base = purchase(userId, { values: {} });
    const carts = Array.from({ length: 4 }, (_, i) => ({
      ...base,
      cartId: unique('cart_'),
      purchasedAt: at(i * 1_000),
      values: { email: { value: `v${i}@example.com`, changedAt: at(i * 1_000) } },
    }));

    await Promise.all(carts.map((p) => addPurchasesToLibrary([p])));

    const [row] = await listPurchasedContacts(userId);
    expect(row?.cartIds).toEqual(carts.map((p) => p.cartId).sort());
    expect(row).toMatchObject({ email: 'v3@example.com', version: 4 });
  });

  it('lists the library alphabetically by name, only for that user', async () => {
    const userId = unique('user_');
    const other = unique('user_');
    await addPurchasesToLibrary([
      purchase(userId, { name: 'Zeno Yardley' }),
      purchase(userId, { name: 'Ada Marlowe' }),
      purchase(userId, { name: 'Mina Oakhurst' }),
      purchase(other, { name: 'Bram Farrow' }),
    ]);

    const library = await listPurchasedContacts(userId);

    expect(library.map((c) => c.name)).toEqual(['Ada Marlowe', 'Mina Oakhurst', 'Zeno Yardley']);
    expect(library.every((c) => c.userId === userId)).toBe(true);
  });

  it('does not list the profile record as a contact', async () => {
    const userId = unique('user_');
    await ensureUserProfile({ userId, email: 'p@example.com', now: at(0) });
    await addPurchasesToLibrary([purchase(userId)]);

    expect(await listPurchasedContacts(userId)).toHaveLength(1);
  });

  it('adds a purchase of more than one batch (over 16 writes at once, and 25)', async () => {
    const userId = unique('user_');
    const purchases = Array.from({ length: 60 }, (_, i) =>
      purchase(userId, { name: `Investor ${String(i).padStart(2, '0')}` }),
    );

    await addPurchasesToLibrary(purchases);

    const library = await listPurchasedContacts(userId);
    expect(library).toHaveLength(60);
    expect(library[0]?.name).toBe('Investor 00');
    expect(library[59]?.name).toBe('Investor 59');
  });

  it('accepts the same contact twice in one call and keeps one entry', async () => {
    const userId = unique('user_');
    const one = purchase(userId);

    await addPurchasesToLibrary([one, { ...one, purchasedAt: at(5) }]);

    expect(await listPurchasedContacts(userId)).toHaveLength(1);
  });
});
