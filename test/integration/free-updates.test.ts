import { beforeAll, describe, expect, it } from 'vitest';
import { listLibrary } from '../../lambdas/lib/library/free-updates';
import { getCartDelivery } from '../../lambdas/lib/table/repositories/deliveries';
import { updateItem } from '../../lambdas/lib/table/table';
import { FREE_UPDATES_ENDED } from '../../shared/api/account';
import { newCartId } from '../../shared/cart/cart';
import { utcDaysSince } from '../support/days';
import { call, createUser, type TestUser } from './support/home';
import { checkoutEvent, delivered, postEvent, savedCart } from './support/purchases';
import { unique } from './support/seed';

/**
 * Free updates for 12 months (issue 20): a bought value changed afterwards (here by an admin's
 * correction, which writes the contact sheet as a re-import or the investor's own update does) shows in
 * the buyer's library as it is now, marked, and in a refreshed CSV of the purchase; after 12 months
 * (the clock injected into the library's own function) the library keeps the value bought.
 */

const u = unique();
let admin: TestUser;
let buyer: TestUser;
let other: TestUser;
let cartId = '';
let changedId = '';
let removedId = '';
let quietId = '';

interface LibraryRow {
  searchableInvestorId: string;
  email: string | null;
  linkedinUrl: string | null;
  phone: string | null;
  updates: { field: string; status: string; was: string; changedAt: string }[];
  updatesUntil: string;
}

async function libraryOf(user: TestUser): Promise<LibraryRow[]> {
  const response = await call('GET', '/me/contacts', { token: user.token });
  expect(response.status).toBe(200);
  return (response.body as { data: { contacts: LibraryRow[] } }).data.contacts;
}

const correct = async (investorId: string, body: Record<string, string | null>) => {
  const response = await call('PUT', `/admin/investors/${investorId}/contacts`, { token: admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
};

/** `delivered` outside a test (expect.poll needs one). */
async function deliveredBeforeAll(id: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if ((await getCartDelivery(id))?.deliveredAt) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`cart ${id} was not delivered`);
}

/** When the set-up began: the confirmations it writes are dated from then on. */
let setUpAt = new Date();

beforeAll(async () => {
  setUpAt = new Date();
  [admin, buyer, other] = await Promise.all([createUser({ admin: true }), createUser(), createUser()]);
  // Bought: name, email and LinkedIn; not the phone.
  const cart = await savedCart(
    buyer,
    [
      {
        name: `Changed Person ${u}`,
        email: `old-${u}@example.com`,
        linkedin: `https://linkedin.com/in/changed-${u}`,
      },
      { name: `Removed Person ${u}`, email: `removed-${u}@example.com` },
      { name: `Quiet Person ${u}`, email: `quiet-${u}@example.com` },
    ],
    ['rowIndex', 'name', 'email', 'linkedinUrl', 'lastConfirmed'],
  );
  await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
  await deliveredBeforeAll(cart.id);
  cartId = cart.id;
  [changedId = '', removedId = '', quietId = ''] = cart.investorIds;
  await correct(changedId, { email: `new-${u}@example.com`, phone: '+1 555 0199' });
  await correct(removedId, { email: null });
});

describe('free updates of bought contacts (connected)', () => {
  it('shows a changed bought value as it is now, marked updated with the value bought', async () => {
    const library = await libraryOf(buyer);
    const changed = library.find((row) => row.searchableInvestorId === changedId);
    expect(changed).toMatchObject({
      email: `new-${u}@example.com`,
      linkedinUrl: `https://linkedin.com/in/changed-${u}`,
      updates: [{ field: 'email', status: 'updated', was: `old-${u}@example.com` }],
    });
    expect(Date.now() - Date.parse(changed?.updates[0]?.changedAt ?? '')).toBeLessThan(5 * 60_000);
    const quiet = library.find((row) => row.searchableInvestorId === quietId);
    expect(quiet).toMatchObject({ email: `quiet-${u}@example.com`, updates: [] });
  });

  it('marks a removed value as removed, keeping what was bought', async () => {
    const removed = (await libraryOf(buyer)).find((row) => row.searchableInvestorId === removedId);
    expect(removed).toMatchObject({
      email: null,
      updates: [{ field: 'email', status: 'removed', was: `removed-${u}@example.com` }],
    });
  });

  it('updates only the kinds bought: a phone added after a purchase without phones stays unseen', async () => {
    const changed = (await libraryOf(buyer)).find((row) => row.searchableInvestorId === changedId);
    expect(changed?.phone).toBeNull();
    expect(JSON.stringify(await libraryOf(buyer))).not.toContain('555 0199');
    // Another founder, who bought nothing, sees none of it.
    expect(await libraryOf(other)).toEqual([]);
  });

  it('keeps the value bought after 12 months (the clock injected)', async () => {
    const library = await listLibrary(buyer.sub, new Date());
    const bought = library.find((row) => row.searchableInvestorId === changedId);
    expect(bought?.email).toBe(`new-${u}@example.com`);
    const later = new Date(Date.parse(bought?.updatesUntil ?? '') + 1000);
    const after = (await listLibrary(buyer.sub, later)).find((row) => row.searchableInvestorId === changedId);
    expect(after).toMatchObject({ email: `old-${u}@example.com`, updates: [] });
    const removedAfter = (await listLibrary(buyer.sub, later)).find(
      (row) => row.searchableInvestorId === removedId,
    );
    expect(removedAfter).toMatchObject({ email: `removed-${u}@example.com`, updates: [] });
    // A moment before the end, the update still shows.
    const justBefore = new Date(Date.parse(bought?.updatesUntil ?? '') - 1000);
    const before = (await listLibrary(buyer.sub, justBefore)).find(
      (row) => row.searchableInvestorId === changedId,
    );
    expect(before?.email).toBe(`new-${u}@example.com`);
  });

  it("gives the buyer a refreshed CSV of the purchase: same columns, today's values and confirmations", async () => {
    const response = await call('GET', `/me/purchases/${cartId}/refreshed-csv`, { token: buyer.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { fileName, csv } = (response.body as { data: { fileName: string; csv: string } }).data;
    expect(fileName).toMatch(new RegExp(`^contacts-${cartId}-refreshed-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Row Index,Name,Email,LinkedIn URL,Last confirmed');
    // Today: the day of the set-up, or the next one for a run across midnight (UTC).
    const today = utcDaysSince(setUpAt);
    // The corrected email, confirmed today (the correction); the phone added since was not bought.
    expect(lines[1]).toBeOneOf(
      today.map(
        (day) => `1,Changed Person ${u},new-${u}@example.com,https://linkedin.com/in/changed-${u},${day}`,
      ),
    );
    // A removed value is an empty cell, and a row without contact values has no "Last confirmed".
    expect(lines[2]).toBe(`2,Removed Person ${u},,,`);
    expect(lines[3]).toBeOneOf(today.map((day) => `3,Quiet Person ${u},quiet-${u}@example.com,,${day}`));
    expect(csv).not.toContain(`old-${u}@example.com`);
    expect(csv).not.toContain('555 0199');
  });

  it('refuses the refreshed CSV to anyone but the buyer, and of an unknown cart (404)', async () => {
    for (const user of [other, admin]) {
      const response = await call('GET', `/me/purchases/${cartId}/refreshed-csv`, { token: user.token });
      expect(response.status).toBe(404);
    }
    expect(
      (await call('GET', `/me/purchases/${newCartId(new Date())}/refreshed-csv`, { token: buyer.token }))
        .status,
    ).toBe(404);
    expect((await call('GET', `/me/purchases/${cartId}/refreshed-csv`)).status).toBe(401);
  });

  it('refuses a refreshed CSV of a purchase more than 12 months old with a clear 409', async () => {
    const old = await savedCart(
      buyer,
      [{ name: `Old Person ${u}`, email: `oldbuy-${u}@example.com` }],
      ['name', 'email'],
    );
    await postEvent(checkoutEvent(old.id, old.pricing.totalX100));
    await delivered(old.id);
    // The purchase as it would stand 13 months on: its date moved back (the clock, as data).
    const thirteenMonthsAgo = new Date(Date.now() - 396 * 86_400_000).toISOString();
    await updateItem({
      Key: { pk: `CART#${old.id}`, sk: 'CART' },
      UpdateExpression: 'SET purchasedAt = :at',
      ExpressionAttributeValues: { ':at': thirteenMonthsAgo },
    });
    const response = await call('GET', `/me/purchases/${old.id}/refreshed-csv`, { token: buyer.token });
    expect(response.status).toBe(409);
    expect(JSON.stringify(response.body)).toContain(FREE_UPDATES_ENDED);
    // The CSV as bought is still there.
    expect((await call('GET', `/me/purchases/${old.id}/csv`, { token: buyer.token })).status).toBe(200);
  });
});
