import { describe, expect, it } from 'vitest';
import { getPurchasedContact } from '../../lambdas/lib/table/repositories/users';
import { updateItem } from '../../lambdas/lib/table/table';
import { creditsOf } from './support/credits';
import { call, createUser, type TestUser } from './support/home';
import { checkoutEvent, delivered, postEvent, savedCart } from './support/purchases';
import { unique } from './support/seed';

/**
 * Each purchase's 12 months (issue 30, item 11): free updates and the bounce-credit window count from
 * the purchase that bought the value. Buying an investor again 13 months after the first purchase
 * gives the new purchase 12 months of updates and its own 30 days for a bounce credit.
 */

interface LibraryRow {
  searchableInvestorId: string;
  email: string | null;
  updates: { field: string; status: string; was: string }[];
  updatesUntil: string;
}

async function libraryRow(user: TestUser, investorId: string): Promise<LibraryRow | undefined> {
  const response = await call('GET', '/me/contacts', { token: user.token });
  expect(response.status).toBe(200);
  return (response.body as { data: { contacts: LibraryRow[] } }).data.contacts.find(
    (row) => row.searchableInvestorId === investorId,
  );
}

async function buy(buyer: TestUser, investorIds: string[]) {
  const saved = await call('POST', '/carts', {
    token: buyer.token,
    body: { investorIds, columnOrder: ['name', 'email'] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const cart = (saved.body as { data: { id: string; pricing: { totalX100: number } } }).data;
  await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
  await delivered(cart.id);
  return cart.id;
}

describe('a repeat purchase counts its own 12 months (connected)', () => {
  it('buying an investor again 13 months later gives 12 new months of updates and a new bounce window', async () => {
    const admin = await createUser({ admin: true });
    const buyer = await createUser();
    const u = unique();
    const first = await savedCart(
      buyer,
      [{ name: `Bought Twice ${u}`, email: `first-${u}@example.com` }],
      ['name', 'email'],
    );
    const investorId = first.investorIds[0] ?? '';
    await postEvent(checkoutEvent(first.id, first.pricing.totalX100));
    await delivered(first.id);

    // The first purchase as it stands 13 months on (the clock, as data): the cart and the library row.
    const thirteenMonthsAgo = new Date(Date.now() - 396 * 86_400_000).toISOString();
    await updateItem({
      Key: { pk: `CART#${first.id}`, sk: 'CART' },
      UpdateExpression: 'SET purchasedAt = :at',
      ExpressionAttributeValues: { ':at': thirteenMonthsAgo },
    });
    await updateItem({
      Key: { pk: `USER#${buyer.sub}`, sk: `CONTACT#${investorId}` },
      UpdateExpression: 'SET purchasedAt = :at, purchases = :purchases',
      ExpressionAttributeValues: {
        ':at': thirteenMonthsAgo,
        ':purchases': { [first.id]: thirteenMonthsAgo },
      },
    });
    const correct = async (email: string | null) => {
      const response = await call('PUT', `/admin/investors/${investorId}/contacts`, {
        token: admin.token,
        body: { email },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    };
    // A change after the first purchase's 12 months: not free any more.
    await correct(`second-${u}@example.com`);
    expect(await libraryRow(buyer, investorId)).toMatchObject({
      email: `first-${u}@example.com`,
      updates: [],
    });

    // Bought again: the new purchase's value, and 12 months of updates from now.
    const second = await buy(buyer, [investorId]);
    const row = await libraryRow(buyer, investorId);
    expect(row).toMatchObject({ email: `second-${u}@example.com`, updates: [] });
    expect(Date.parse(row?.updatesUntil ?? '')).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    expect((await getPurchasedContact(buyer.sub, investorId))?.cartIds.sort()).toEqual(
      [first.id, second].sort(),
    );

    await correct(`third-${u}@example.com`);
    expect(await libraryRow(buyer, investorId)).toMatchObject({
      email: `third-${u}@example.com`,
      updates: [{ field: 'email', status: 'updated', was: `second-${u}@example.com` }],
    });

    // The email bought the second time bounced: reported within 30 days of that purchase, a credit.
    const report = await call('POST', `/investors/${investorId}/reports`, {
      token: buyer.token,
      body: { reason: 'email_bounced' },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    const reportId = (report.body as { data: { id: string } }).data.id;
    const resolved = await call('POST', `/admin/reports/${reportId}/resolve`, {
      token: admin.token,
      body: { action: 'remove', field: 'email' },
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body).toMatchObject({ data: { resolution: { action: 'remove', creditGranted: true } } });
    expect((await creditsOf(buyer)).balance).toBe(1);
  });

  it('a later purchase that did not buy the email gives the email no new months', async () => {
    const buyer = await createUser();
    const u = unique();
    const first = await savedCart(
      buyer,
      [{ name: `Email Once ${u}`, email: `once-${u}@example.com` }],
      ['name', 'email'],
    );
    const investorId = first.investorIds[0] ?? '';
    await postEvent(checkoutEvent(first.id, first.pricing.totalX100));
    await delivered(first.id);
    const thirteenMonthsAgo = new Date(Date.now() - 396 * 86_400_000).toISOString();
    await updateItem({
      Key: { pk: `USER#${buyer.sub}`, sk: `CONTACT#${investorId}` },
      UpdateExpression: 'SET purchasedAt = :at, purchases = :purchases',
      ExpressionAttributeValues: {
        ':at': thirteenMonthsAgo,
        ':purchases': { [first.id]: thirteenMonthsAgo },
      },
    });

    const nameOnly = await call('POST', '/carts', {
      token: buyer.token,
      body: { investorIds: [investorId], columnOrder: ['name'] },
    });
    const nameOnlyCart = (nameOnly.body as { data: { id: string; pricing: { totalX100: number } } }).data;
    await postEvent(checkoutEvent(nameOnlyCart.id, nameOnlyCart.pricing.totalX100));
    await delivered(nameOnlyCart.id);

    const report = await call('POST', `/investors/${investorId}/reports`, {
      token: buyer.token,
      body: { reason: 'email_bounced' },
    });
    expect(report.status).toBe(201);
    // The email was bought 13 months ago, not with the name-only cart: no bounce credit.
    const resolved = await call(
      'POST',
      `/admin/reports/${(report.body as { data: { id: string } }).data.id}/resolve`,
      {
        token: (await createUser({ admin: true })).token,
        body: { action: 'remove', field: 'email' },
      },
    );
    expect(resolved.body).toMatchObject({ data: { resolution: { action: 'remove', creditGranted: false } } });
    expect((await creditsOf(buyer)).balance).toBe(0);
    // Nor updates: the removal is not shown, the email as bought is.
    const row = await libraryRow(buyer, investorId);
    expect(row).toMatchObject({ email: `once-${u}@example.com`, updates: [] });
    expect(Date.parse(row?.updatesUntil ?? '')).toBeLessThan(Date.now());
  });
});
