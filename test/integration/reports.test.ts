import { beforeAll, describe, expect, it } from 'vitest';
import { getReport } from '../../lambdas/lib/table/repositories/reports';
import { deleteItem, getItem, putItem, updateItem } from '../../lambdas/lib/table/table';
import {
  REPORT_ALREADY_OPEN,
  REPORT_ALREADY_RESOLVED,
  REPORT_BEING_RESOLVED,
} from '../../shared/api/reports';
import { call, createUser, type TestUser } from './support/home';
import { checkoutEvent, delivered, emailsTo, postEvent, savedCart, sesRefusesTo } from './support/purchases';
import { openReportsQueue } from './support/reports';
import { seedInvestors, unique } from './support/seed';

/**
 * Reports of wrong data (issue 20): a founder reports, an admin works the queue with each of the four
 * actions (through the admin correction, so provenance says 'admin correction' today), the reporter
 * is emailed the outcome, and a report is resolved once.
 */

const u = unique();
const sector = `report-${u}`;
const email = `reported-${u}@example.com`;
let admin: TestUser;
let reporter: TestUser;
let investorId = '';

interface Field {
  value: string | null;
  source: { kind: string; name: string };
  changedAt: string;
  confirmedAt: string;
}

/** That the server wrote an instant between `from` and now: during the step, on whichever day it ran. */
function expectWrittenSince(iso: string | undefined, from: number) {
  const at = Date.parse(iso ?? '');
  expect(at).toBeGreaterThanOrEqual(from);
  expect(at).toBeLessThanOrEqual(Date.now());
}

async function sheetOf(id: string) {
  const response = await call('GET', `/admin/searchable-investors/${id}`, { token: admin.token });
  expect(response.status).toBe(200);
  return (response.body as { data: { contacts: { fields: Record<string, Field> } } }).data.contacts.fields;
}

async function report(body: unknown, who: TestUser = reporter) {
  return call('POST', `/investors/${investorId}/reports`, { token: who.token, body });
}

async function openReportId(body: unknown, who: TestUser = reporter): Promise<string> {
  const response = await report(body, who);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { data: { id: string } }).data.id;
}

const resolve = (id: string, body: unknown) =>
  call('POST', `/admin/reports/${id}/resolve`, { token: admin.token, body });

async function outcomeEmailOf(reportId: string, to: TestUser = reporter) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const found = (await emailsTo(to.email)).filter((e) => JSON.stringify(e).includes(`Report ${reportId}`));
    if (found[0]) return found[0];
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no outcome email for report ${reportId}`);
}

beforeAll(async () => {
  [admin, reporter] = await Promise.all([createUser({ admin: true }), createUser()]);
  await seedInvestors(
    [
      {
        name: `Reported Person ${u}`,
        email,
        linkedin: `https://www.linkedin.com/in/reported-${u}`,
        sectors: [sector],
      },
    ],
    {
      sourceName: `Report list ${u}`,
      sourceUrl: 'https://example.com/r.csv',
      importedAt: new Date('2025-01-15T10:00:00.000Z'),
    },
  );
  const found = await call('GET', `/investors?sectorFocus=${sector}`);
  investorId = (found.body as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
  expect(investorId).not.toBe('');
});

describe('reports of wrong data (connected)', () => {
  it('refuses bad input with a clear 400', async () => {
    const badReason = await report({ reason: 'spam', note: '' });
    expect(badReason.status).toBe(400);
    expect(JSON.stringify(badReason.body)).toContain('Choose a reason');
    const longNote = await report({ reason: 'other', note: 'x'.repeat(1001) });
    expect(longNote.status).toBe(400);
    expect(JSON.stringify(longNote.body)).toContain('at most 1000 characters');
    const badField = await report({ reason: 'other', field: 'fax' });
    expect(badField.status).toBe(400);
    expect(JSON.stringify(badField.body)).toContain('Choose a contact field');
    const unknownField = await report({ reason: 'other', note: '', extra: 1 });
    expect(unknownField.status).toBe(400);
    const unknownInvestor = await call('POST', `/investors/nope-${u}/reports`, {
      token: reporter.token,
      body: { reason: 'other' },
    });
    expect(unknownInvestor.status).toBe(404);
  });

  it('allows one open report per investor per founder (409), lists it oldest first, and records the purchase facts', async () => {
    const id = await openReportId({ reason: 'email_bounced', note: `bounced ${u}` });
    const again = await report({ reason: 'other', note: 'again' });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain(REPORT_ALREADY_OPEN);

    const { reports } = await openReportsQueue(admin.token);
    const mine = reports.find((r) => r.id === id);
    expect(mine).toMatchObject({
      investorId,
      reason: 'email_bounced',
      field: 'email',
      note: `bounced ${u}`,
      status: 'open',
      reporterUserId: reporter.sub,
      reporterEmail: reporter.email,
      purchasedAt: null,
      purchasedFields: [],
    });
    const times = reports.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort());

    // Dismissed: nothing changes but the report; the reporter is told; a second resolve is refused.
    const before = await sheetOf(investorId);
    const dismissed = await resolve(id, { action: 'dismiss' });
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    expect(dismissed.body).toMatchObject({ data: { status: 'resolved', resolution: { action: 'dismiss' } } });
    expect(await sheetOf(investorId)).toEqual(before);
    expect((await outcomeEmailOf(id)).subject).toContain('left the data as it is');
    const twice = await resolve(id, { action: 'dismiss' });
    expect(twice.status).toBe(409);
    expect(JSON.stringify(twice.body)).toContain(REPORT_ALREADY_RESOLVED);
    const after = await openReportsQueue(admin.token);
    expect(after.reports.map((r) => r.id)).not.toContain(id);
  });

  it('corrects a value as an admin correction dated today, and emails the reporter', async () => {
    const id = await openReportId({ reason: 'email_bounced', note: '' });
    const bad = await resolve(id, { action: 'correct', field: 'email', value: 'not an email' });
    expect(bad.status).toBe(400);
    const noValue = await resolve(id, { action: 'correct', field: 'email' });
    expect(noValue.status).toBe(400);
    const from = Date.now();
    const corrected = await resolve(id, { action: 'correct', field: 'email', value: `new-${u}@example.com` });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const field = (await sheetOf(investorId)).email;
    expect(field?.value).toBe(`new-${u}@example.com`);
    expect(field?.source).toMatchObject({ kind: 'admin', name: 'admin correction' });
    expectWrittenSince(field?.changedAt, from);
    expect((await outcomeEmailOf(id)).subject).toContain('we corrected it');
    expect((await resolve(id, { action: 'correct', field: 'email', value: email })).status).toBe(409);
  });

  it('confirms a value: confirmedAt moves to today, the value stays', async () => {
    const id = await openReportId({ reason: 'wrong_person', note: 'is it?', field: 'linkedin' });
    const before = (await sheetOf(investorId)).linkedin;
    const from = Date.now();
    expect(Date.parse(before?.confirmedAt ?? '')).toBeLessThan(from);
    const confirmed = await resolve(id, { action: 'confirm' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const after = (await sheetOf(investorId)).linkedin;
    expect(after?.value).toBe(before?.value);
    expectWrittenSince(after?.confirmedAt, from);
    expect(after?.source).toMatchObject({ kind: 'admin', name: 'admin correction' });
    expect((await outcomeEmailOf(id)).subject).toContain('confirmed the data is right');
  });

  it('removes a value, and emails the reporter', async () => {
    const id = await openReportId({ reason: 'left_firm', note: '' });
    expect((await resolve(id, { action: 'remove' })).status).toBe(400);
    const removed = await resolve(id, { action: 'remove', field: 'linkedin' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await sheetOf(investorId)).linkedin?.value).toBeNull();
    const profile = await call('GET', `/investors/${investorId}`);
    expect(profile.body).toMatchObject({ data: { hasLinkedIn: false } });
    expect((await outcomeEmailOf(id)).subject).toContain('removed the value');
  });

  it('resolves a report even when the outcome email cannot be sent', async () => {
    const id = await openReportId({ reason: 'other', note: '' });
    await sesRefusesTo([reporter.email]);
    try {
      const dismissed = await resolve(id, { action: 'dismiss' });
      expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    } finally {
      await sesRefusesTo([reporter.email], false);
    }
    expect((await resolve(id, { action: 'dismiss' })).status).toBe(409);
  });

  it('records that the reporter had bought the investor, when and which kinds (for bounce credits)', async () => {
    const buyer = await createUser();
    const cart = await savedCart(
      buyer,
      [{ name: `Bought Person ${u}`, email: `bought-${u}@example.com` }],
      ['name', 'email'],
    );
    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await delivered(cart.id);
    const bought = cart.investorIds[0] ?? '';
    const response = await call('POST', `/investors/${bought}/reports`, {
      token: buyer.token,
      body: { reason: 'email_bounced', note: 'bounced' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const id = (response.body as { data: { id: string } }).data.id;
    const stored = (await openReportsQueue(admin.token)).reports.find((r) => r.id === id);
    expect(stored?.purchasedFields).toEqual(['email']);
    expect(stored?.purchasedAt).not.toBeNull();
    expect(Date.now() - Date.parse(stored?.purchasedAt ?? '')).toBeLessThan(5 * 60_000);
  });

  it("never shows a reporter's identity or note to the public or to another founder", async () => {
    const other = await createUser();
    const note = `private note ${unique()}`;
    await openReportId({ reason: 'wrong_focus', note });
    const seen = await Promise.all([
      call('GET', `/investors/${investorId}`),
      call('GET', `/investors?sectorFocus=${sector}`),
      call('GET', `/investors/${investorId}`, { token: other.token }),
      call('GET', '/me', { token: other.token }),
      call('GET', '/me/contacts', { token: other.token }),
      // Another founder's own report of the same investor is theirs alone.
      call('POST', `/investors/${investorId}/reports`, { token: other.token, body: { reason: 'other' } }),
      call('GET', '/admin/reports', { token: other.token }),
    ]);
    const text = seen.map((r) => r.text).join('\n');
    expect(seen[6]?.status).toBe(403);
    for (const secret of [reporter.email, reporter.sub, note]) expect(text).not.toContain(secret);
  });

  it('fault: a correction that fails (the investor deleted meanwhile) leaves the report open, the value unchanged and no email; the retry resolves it once', async () => {
    const someone = await createUser();
    const id = await openReportId({ reason: 'other', note: 'fault' }, someone);
    const before = await sheetOf(investorId);
    const stored = await getItem(`INVESTOR#${investorId}`, 'INVESTOR', true);
    expect(stored).toBeDefined();
    await deleteItem(`INVESTOR#${investorId}`, 'INVESTOR');
    try {
      const failed = await resolve(id, {
        action: 'correct',
        field: 'email',
        value: `fault-${u}@example.com`,
      });
      expect(failed.status, JSON.stringify(failed.body)).toBe(404);
    } finally {
      await putItem(stored ?? {});
    }
    expect(await getReport(id)).toMatchObject({ status: 'open', resolution: null, claim: null });
    const queue = await openReportsQueue(admin.token);
    expect(queue.reports.map((r) => r.id)).toContain(id);
    expect((await sheetOf(investorId)).email?.value).toBe(before.email?.value);
    expect(
      (await emailsTo(someone.email)).filter((e) => JSON.stringify(e).includes(`Report ${id}`)),
    ).toHaveLength(0);

    const retried = await resolve(id, { action: 'correct', field: 'email', value: `fault-${u}@example.com` });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect((await sheetOf(investorId)).email?.value).toBe(`fault-${u}@example.com`);
    expect((await outcomeEmailOf(id, someone)).subject).toContain('we corrected it');
  });

  it('fault: two admins resolving at once: one resolves, the other gets 409, one email', async () => {
    const someone = await createUser();
    const id = await openReportId({ reason: 'other', note: 'race' }, someone);
    const [a, b] = await Promise.all([
      resolve(id, { action: 'dismiss' }),
      resolve(id, { action: 'dismiss' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(
      [REPORT_ALREADY_RESOLVED, REPORT_BEING_RESOLVED].some((m) => JSON.stringify(refused.body).includes(m)),
    ).toBe(true);
    await outcomeEmailOf(id, someone);
    expect(
      (await emailsTo(someone.email)).filter((e) => JSON.stringify(e).includes(`Report ${id}`)),
    ).toHaveLength(1);
  });

  it('fault: a claim left by a resolution that died holds the report for its lease only; then another resolution takes it over', async () => {
    const someone = await createUser();
    const id = await openReportId({ reason: 'other', note: 'crashed' }, someone);
    // A resolution claimed the report just now, then its process died (a live claim): 409.
    const claimAt = async (at: Date) =>
      updateItem({
        Key: { pk: `REPORT#${id}`, sk: 'REPORT' },
        UpdateExpression: 'SET #status = :resolving, claim = :claim',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':resolving': 'resolving',
          ':claim': { id: 'crashed-claim', by: admin.sub, at: at.toISOString() },
        },
      });
    await claimAt(new Date());
    const live = await resolve(id, { action: 'dismiss' });
    expect(live.status).toBe(409);
    expect(JSON.stringify(live.body)).toContain(REPORT_BEING_RESOLVED);
    // Still listed for admins while claimed (on whichever page: other files' reports share the queue).
    const queue = await openReportsQueue(admin.token, 100);
    expect(queue.reports.find((report) => report.id === id)).toMatchObject({ status: 'resolving' });

    // The same claim, six minutes old: past its lease, so another resolution takes the report over.
    await claimAt(new Date(Date.now() - 6 * 60_000));
    const taken = await resolve(id, { action: 'dismiss' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(await getReport(id)).toMatchObject({ status: 'resolved', claim: null });
    expect((await resolve(id, { action: 'dismiss' })).status).toBe(409);
  });
});
