import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorEnvelopeSchema } from '../../shared/api/errors';
import {
  MAX_OPEN_REPORTS_PER_FOUNDER,
  REPORT_ALREADY_OPEN,
  REPORT_LIMIT_REACHED,
  REPORTS_MAX_PAGE_SIZE,
  REPORTS_PAGE_SIZE,
} from '../../shared/api/reports';
import { call, createUser, type TestUser } from './support/home';
import { checkoutEvent, delivered, postEvent, savedCart } from './support/purchases';
import { openReportsQueue } from './support/reports';
import { seedInvestors, unique } from './support/seed';

/**
 * The reports queue (issue 30, item 4; issue 32): GET /admin/reports is paged, every open report is
 * seen exactly once across the pages (a resolution between two pages included), a founder has at most
 * MAX_OPEN_REPORTS_PER_FOUNDER open reports (also when filed at once), and each report shows the value
 * reported beside the value now.
 */

const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;

const u = unique();
const sector = `queue-${u}`;
let admin: TestUser;
let investorIds: string[] = [];

const report = (who: TestUser, investorId: string, body: unknown = { reason: 'other', note: `queue ${u}` }) =>
  call('POST', `/investors/${investorId}/reports`, { token: who.token, body });

async function filed(who: TestUser, investorId: string): Promise<string> {
  const response = await report(who, investorId);
  expect(response.status, response.text).toBe(201);
  return (response.body as { data: { id: string } }).data.id;
}

beforeAll(async () => {
  admin = await createUser({ admin: true });
  // One more investor than a founder may have open reports of.
  const count = MAX_OPEN_REPORTS_PER_FOUNDER + 1;
  await seedInvestors(
    Array.from({ length: count }, (_, i) => ({
      name: `Queue Person ${String(i).padStart(2, '0')} ${u}`,
      email: `queue-${i}-${u}@example.com`,
      sectors: [sector],
    })),
  );
  const found = await call('GET', `/investors?sectorFocus=${sector}&limit=100`);
  investorIds = (found.body as { data: { items: { id: string }[] } }).data.items.map((i) => i.id);
  expect(investorIds).toHaveLength(count);
});

describe('the reports queue, a page at a time', () => {
  it('states its page size, and refuses one out of range naming the limit', async () => {
    for (const limit of ['0', String(REPORTS_MAX_PAGE_SIZE + 1), 'ten']) {
      const response = await call('GET', `/admin/reports?limit=${limit}`, { token: admin.token });
      expect(response.status).toBe(400);
      expect(errorOf(response.body).message).toBe(
        `limit must be a whole number from 1 to ${REPORTS_MAX_PAGE_SIZE}`,
      );
    }
  });

  it('shows every open report exactly once across more than a page, oldest first, a resolution between pages included', async () => {
    // More than a page of this test's own reports: two founders, one report per investor each.
    const [first, second] = await Promise.all([createUser(), createUser()]);
    const mine: string[] = [];
    for (const investorId of investorIds.slice(0, 14)) mine.push(await filed(first, investorId));
    for (const investorId of investorIds.slice(0, 14)) mine.push(await filed(second, investorId));
    expect(mine.length).toBeGreaterThan(REPORTS_PAGE_SIZE);

    const whole = await openReportsQueue(admin.token);
    expect(whole.pages).toBeGreaterThan(1);
    const ids = whole.reports.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(mine.filter((id) => !ids.includes(id))).toEqual([]);
    const times = whole.reports.map((r) => `${r.createdAt}#${r.id}`);
    expect(times).toEqual([...times].sort());

    // Small pages; after the first, the admin resolves one of its reports: the next page starts after
    // the first page's last report all the same (none skipped, none twice).
    const pageOne = await call('GET', '/admin/reports?limit=5', { token: admin.token });
    const one = (pageOne.body as { data: { reports: { id: string }[]; cursor: string | null } }).data;
    expect(one.reports).toHaveLength(5);
    expect(one.cursor).not.toBeNull();
    const resolved = one.reports[2]?.id ?? '';
    const dismissed = await call('POST', `/admin/reports/${resolved}/resolve`, {
      token: admin.token,
      body: { action: 'dismiss' },
    });
    expect(dismissed.status, dismissed.text).toBe(200);
    const seen = one.reports.map((r) => r.id);
    let cursor = one.cursor;
    while (cursor) {
      const next = await call('GET', `/admin/reports?limit=5&cursor=${encodeURIComponent(cursor)}`, {
        token: admin.token,
      });
      expect(next.status, next.text).toBe(200);
      const data = (next.body as { data: { reports: { id: string }[]; cursor: string | null } }).data;
      seen.push(...data.reports.map((r) => r.id));
      cursor = data.cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => id !== resolved).sort()).toEqual(ids.filter((id) => id !== resolved).sort());
  });
});

describe('at most a stated number of open reports per founder', () => {
  it(`takes ${MAX_OPEN_REPORTS_PER_FOUNDER} open reports, refuses more with a plain message (also filed at once), and takes another once one is resolved`, async () => {
    const founder = await createUser();
    const first = investorIds.slice(0, MAX_OPEN_REPORTS_PER_FOUNDER - 3);
    const ids: string[] = [];
    for (const investorId of first) ids.push(await filed(founder, investorId));

    // Five at once with three places left: exactly three are taken.
    const rest = investorIds.slice(MAX_OPEN_REPORTS_PER_FOUNDER - 3, MAX_OPEN_REPORTS_PER_FOUNDER + 1);
    const extra = investorIds.slice(0, 1);
    const atOnce = await Promise.all([...rest, ...extra].map((investorId) => report(founder, investorId)));
    const statuses = atOnce.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    // The new investor past the limit gets the limit's message; the one reported already, its own.
    const refusals = atOnce.filter((r) => r.status === 409).map((r) => errorOf(r.body).message);
    expect(refusals.sort()).toEqual([REPORT_ALREADY_OPEN, REPORT_LIMIT_REACHED].sort());
    expect(REPORT_LIMIT_REACHED).toBe(
      'You have 20 open reports, the most a founder can have at once. We will email you as an admin looks at each; you can report more then.',
    );
    const open = (await openReportsQueue(admin.token)).reports.filter(
      (r) => r.reporterUserId === founder.sub,
    );
    expect(open).toHaveLength(MAX_OPEN_REPORTS_PER_FOUNDER);

    // One resolved: room for one more.
    const taken = atOnce.find((r) => r.status === 201)?.body as { data: { id: string } };
    const dismissed = await call('POST', `/admin/reports/${taken.data.id}/resolve`, {
      token: admin.token,
      body: { action: 'dismiss' },
    });
    expect(dismissed.status, dismissed.text).toBe(200);
    const reported = new Set(open.map((r) => r.investorId));
    const freed = open.find((r) => r.id === taken.data.id)?.investorId ?? '';
    const unreported = investorIds.find((id) => !reported.has(id)) ?? '';
    expect((await report(founder, unreported)).status).toBe(201);
    const past = await report(founder, freed);
    expect(past.status).toBe(409);
    expect(errorOf(past.body).message).toBe(REPORT_LIMIT_REACHED);
  });
});

describe('the value reported and the value now', () => {
  it('shows the email a buyer reported beside the email the directory holds after a correction', async () => {
    const buyer = await createUser();
    const boughtEmail = `queue-bought-${u}@example.com`;
    const cart = await savedCart(
      buyer,
      [{ name: `Queue Bought ${u}`, email: boughtEmail }],
      ['name', 'email'],
    );
    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await delivered(cart.id);
    const investorId = cart.investorIds[0] ?? '';
    const id = (await report(buyer, investorId, { reason: 'email_bounced', note: 'bounced' })).body as {
      data: { id: string };
    };
    const corrected = `queue-new-${u}@example.com`;
    const correction = await call('PUT', `/admin/investors/${investorId}/contacts`, {
      token: admin.token,
      body: { email: corrected },
    });
    expect(correction.status, correction.text).toBe(200);

    const row = (await openReportsQueue(admin.token)).reports.find((r) => r.id === id.data.id);
    expect(row).toMatchObject({
      field: 'email',
      reportedValue: { value: boughtEmail, bought: true },
      currentValue: corrected,
      investorListed: true,
    });
  });

  it("records the directory's value for a founder who reported without buying, and none for a report without a field", async () => {
    const founder = await createUser();
    const investorId = investorIds[investorIds.length - 1] ?? '';
    const withField = (await report(founder, investorId, { reason: 'other', field: 'email' })).body as {
      data: { id: string };
    };
    const other = await createUser();
    const withoutField = (await report(other, investorId, { reason: 'wrong_person' })).body as {
      data: { id: string };
    };

    const rows = (await openReportsQueue(admin.token)).reports;
    const email = rows.find((r) => r.id === withField.data.id);
    expect(email?.reportedValue).toEqual({ value: expect.stringMatching(/^queue-\d+-/), bought: false });
    expect(email?.currentValue).toBe(email?.reportedValue?.value);
    expect(rows.find((r) => r.id === withoutField.data.id)).toMatchObject({
      field: null,
      reportedValue: null,
      currentValue: null,
    });
  });
});
