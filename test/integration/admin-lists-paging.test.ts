import { beforeAll, describe, expect, it } from 'vitest';
import { adminCartsResponse, unmatchedPaymentsResponse } from '../../shared/api/admin';
import { apiSuccessEnvelope } from '../../shared/api/errors';
import { call, createUser, type TestUser } from './support/home';
import { checkoutEvent, postEvent } from './support/purchases';
import { seedInvestors, unique } from './support/seed';

/**
 * The admins' lists that grow with users are paged (issue 30): carts and unmatched payments, newest
 * first, a page at a time with a cursor; no request reads or answers the whole list.
 */

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

const cartsPage = apiSuccessEnvelope(adminCartsResponse);
const paymentsPage = apiSuccessEnvelope(unmatchedPaymentsResponse);

/** Walks a list page by page until every wanted id was seen (they are the newest) or the list ends. */
async function walk<T>(
  path: string,
  read: (body: unknown) => { items: T[]; cursor: string | null },
  idOf: (item: T) => string,
  wanted: readonly string[],
  limit: number,
) {
  const seen: string[] = [];
  const pages: number[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const response = await call('GET', `${path}?${query}`, { token: admin.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const page = read(response.body);
    pages.push(page.items.length);
    seen.push(...page.items.map(idOf));
    cursor = page.cursor;
  } while (cursor && !wanted.every((id) => seen.includes(id)));
  return { seen, pages };
}

describe('paged admin lists (connected)', () => {
  it('pages the carts, newest first: more than a page of them, each once', async () => {
    const founder = await createUser();
    const u = unique();
    const tag = `paged-${u}`;
    await seedInvestors(
      Array.from({ length: 7 }, (_, i) => ({
        name: `Paged ${i} ${u}`,
        email: `paged-${i}-${u}@example.com`,
        sectors: [tag],
      })),
    );
    const found = await call('GET', `/investors?sectorFocus=${tag}&limit=10`);
    const investorIds = (found.body as { data: { items: { id: string }[] } }).data.items.map((i) => i.id);
    expect(investorIds).toHaveLength(7);
    const ids: string[] = [];
    for (const investorId of investorIds) {
      const saved = await call('POST', '/carts', {
        token: founder.token,
        body: { investorIds: [investorId], columnOrder: ['name'] },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      ids.push((saved.body as { data: { id: string } }).data.id);
    }

    const { seen, pages } = await walk(
      '/admin/carts',
      (body) => {
        const data = cartsPage.parse(body).data;
        return { items: data.carts, cursor: data.cursor };
      },
      (cart) => cart.id,
      ids,
      3,
    );

    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const size of pages) expect(size).toBeLessThanOrEqual(3);
    expect(new Set(seen).size).toBe(seen.length);
    // Newest first: the carts of this test in the reverse order of their saving.
    expect(seen.filter((id) => ids.includes(id))).toEqual([...ids].reverse());

    // The first page without a limit is the spec's 50.
    const first = await call('GET', '/admin/carts', { token: admin.token });
    const data = cartsPage.parse(first.body).data;
    expect(data.carts.length).toBeLessThanOrEqual(50);
    expect(data.carts.map((c) => c.id)).toContain(ids[6]);
  });

  it('pages the unmatched payments, newest first', async () => {
    const sessions: string[] = [];
    for (let i = 0; i < 5; i++) {
      const event = checkoutEvent(null, 500 + i);
      sessions.push(event.data.object.id);
      expect((await postEvent(event)).body).toEqual({ data: { received: true, outcome: 'unmatched' } });
      // Received at distinct instants, so newest first is a single order.
      await new Promise((done) => setTimeout(done, 5));
    }

    const { seen, pages } = await walk(
      '/admin/unmatched-payments',
      (body) => {
        const data = paymentsPage.parse(body).data;
        return { items: data.payments, cursor: data.cursor };
      },
      (payment) => payment.checkoutSessionId,
      sessions,
      2,
    );

    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const size of pages) expect(size).toBeLessThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => sessions.includes(id))).toEqual([...sessions].reverse());
  });

  it('refuses a cursor it did not give, or a page size out of range, with a clear 400', async () => {
    const other = cartsPage.parse((await call('GET', '/admin/carts?limit=1', { token: admin.token })).body)
      .data.cursor;
    expect(other).not.toBeNull();
    for (const path of [
      '/admin/carts?cursor=not-a-cursor',
      `/admin/unmatched-payments?cursor=${other}`,
      '/admin/carts?limit=0',
      '/admin/carts?limit=101',
      '/admin/unmatched-payments?limit=abc',
      // Issue 48: these four answered 500 to a cursor of another list; they refuse it as the rest do.
      `/admin/investor-submissions?cursor=${other}`,
      `/admin/withdrawals?cursor=${other}`,
      `/admin/correction-requests?cursor=${other}`,
      `/admin/taxonomy/unmapped?kind=sector&cursor=${other}`,
    ]) {
      const response = await call('GET', path, { token: admin.token });
      expect(response.status, path).toBe(400);
      expect(JSON.stringify(response.body), path).toMatch(/cursor|limit/);
    }
  });
});
