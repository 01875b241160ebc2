import { beforeAll, describe, expect, it } from 'vitest';
import { getContactSheet, putInvestorContacts } from '../../lambdas/lib/table/repositories/contacts';
import { getSearchableInvestor } from '../../lambdas/lib/table/repositories/investors';
import { type AdminReport, REPORT_ACTIONS } from '../../shared/api/reports';
import { ADMIN_CORRECTION, applyInvestorContacts } from '../../shared/investors/provenance';
import { creditsOf } from './support/credits';
import { call, createUser, type TestUser } from './support/home';
import { checkoutEvent, delivered, emailsTo, postEvent, savedCart } from './support/purchases';
import { unique } from './support/seed';

/**
 * Admin authority and bounce credits (issue 30, item 2): an admin's correction from a report replaces
 * or removes a value whoever gave it (the investor's own included) and is recorded as the admin's; a
 * bounce credit is granted only when the bounced value really changed, at most once per purchase,
 * investor and contact kind; a resolution that changes nothing is a confirmation or a dismissal and
 * says so to the reporter.
 */

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

/**
 * A buyer who bought (name and email) an investor whose email the investor gave themselves (their
 * listing's value, source 'investor', written by the listing's own rule).
 */
async function boughtInvestorGivenEmail() {
  const buyer = await createUser();
  const u = unique();
  const email = `own-${u}@example.com`;
  const cart = await savedCart(buyer, [{ name: `Own Words ${u}`, email }], ['name', 'email']);
  const investorId = cart.investorIds[0] ?? '';
  const investor = await getSearchableInvestor(investorId);
  if (!investor) throw new Error('the seeded investor is missing');
  const listedBy = `investor-user-${u}`;
  await putInvestorContacts([
    applyInvestorContacts(await getContactSheet(investor), { email }, listedBy, new Date().toISOString()),
  ]);
  expect((await getContactSheet(investor)).fields.email?.source.kind).toBe('investor');
  await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
  await delivered(cart.id);
  return { buyer, investorId, email, cartId: cart.id };
}

async function reportBounce(user: TestUser, investorId: string, body: unknown = { reason: 'email_bounced' }) {
  const response = await call('POST', `/investors/${investorId}/reports`, { token: user.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { data: { id: string } }).data.id;
}

async function resolve(reportId: string, body: unknown): Promise<AdminReport> {
  const response = await call('POST', `/admin/reports/${reportId}/resolve`, { token: admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as { data: AdminReport }).data;
}

async function outcomeEmail(user: TestUser, reportId: string) {
  await expect
    .poll(
      async () =>
        (await emailsTo(user.email)).filter((e) => JSON.stringify(e).includes(`Report ${reportId}`)),
      {
        timeout: 10_000,
        interval: 100,
      },
    )
    .toHaveLength(1);
  const [email] = (await emailsTo(user.email)).filter((e) =>
    JSON.stringify(e).includes(`Report ${reportId}`),
  );
  return email as NonNullable<typeof email> & { text?: string };
}

async function sheetOf(investorId: string) {
  const investor = await getSearchableInvestor(investorId);
  if (!investor) throw new Error('investor missing');
  return getContactSheet(investor);
}

describe("an admin's correction from a report (connected)", () => {
  it('removes a value the investor gave, recorded as the admin’s correction, and grants one credit; a second report on the same purchase grants nothing', async () => {
    const { buyer, investorId, email } = await boughtInvestorGivenEmail();
    const reportId = await reportBounce(buyer, investorId, { reason: 'email_bounced', note: 'hard bounce' });

    const resolved = await resolve(reportId, { action: 'remove', field: 'email' });
    expect(resolved.resolution).toMatchObject({ action: 'remove', field: 'email', creditGranted: true });

    // The value really left the directory, and the sheet says who removed it and when.
    const field = (await sheetOf(investorId)).fields.email;
    expect(field?.value).toBeNull();
    expect(field?.source).toEqual({ kind: 'admin', name: ADMIN_CORRECTION, url: null, ref: admin.sub });
    expect(Date.now() - Date.parse(field?.changedAt ?? '')).toBeLessThan(5 * 60_000);
    const card = await call('GET', `/investors/${investorId}`);
    expect(card.text).not.toContain(email);
    expect((card.body as { data: { hasEmail: boolean } }).data.hasEmail).toBe(false);
    expect((await outcomeEmail(buyer, reportId)).subject).toContain('we removed the value (1 credit added)');
    expect((await creditsOf(buyer)).balance).toBe(1);

    // The same purchase, investor and kind again: a real correction this time, but no second credit.
    const again = await reportBounce(buyer, investorId);
    const corrected = await resolve(again, {
      action: 'correct',
      field: 'email',
      value: `fixed-${unique()}@example.com`,
    });
    expect(corrected.resolution).toMatchObject({ action: 'correct', creditGranted: false });
    const second = await outcomeEmail(buyer, again);
    expect(second.subject).toContain('we corrected it');
    expect(second.subject).not.toContain('credit');
    const credits = await creditsOf(buyer);
    expect(credits.balance).toBe(1);
    expect(credits.entries).toEqual([expect.objectContaining({ kind: 'granted', reportId })]);
  });

  it('replaces a value the investor gave with the admin’s correction', async () => {
    const { investorId } = await boughtInvestorGivenEmail();
    const reporter = await createUser();
    const reportId = await reportBounce(reporter, investorId, { reason: 'wrong_person', field: 'email' });
    const fixed = `replaced-${unique()}@example.com`;

    const resolved = await resolve(reportId, { action: 'correct', field: 'email', value: fixed });

    expect(resolved.resolution).toMatchObject({ action: 'correct', creditGranted: false });
    const field = (await sheetOf(investorId)).fields.email;
    expect(field).toMatchObject({ value: fixed, source: { kind: 'admin', ref: admin.sub } });
  });

  it('says so when a resolution changes nothing: the same value is a confirmation, removing nothing a dismissal; no credit', async () => {
    const { buyer, investorId, email } = await boughtInvestorGivenEmail();
    const reportId = await reportBounce(buyer, investorId);

    // "Correct" to the value it already has: the bounced value did not change.
    const same = await resolve(reportId, { action: 'correct', field: 'email', value: email.toUpperCase() });
    expect(same.resolution).toMatchObject({ action: 'confirm', field: 'email', creditGranted: false });
    const confirmed = await outcomeEmail(buyer, reportId);
    expect(confirmed.subject).toContain('we checked it and confirmed the data is right');
    expect(confirmed.subject).not.toContain('credit');
    expect((await sheetOf(investorId)).fields.email?.value).toBe(email);

    // "Remove" a value the investor does not have: nothing to remove, so nothing was done.
    const phoneReport = await reportBounce(buyer, investorId, { reason: 'other', field: 'phone' });
    const nothing = await resolve(phoneReport, { action: 'remove', field: 'phone' });
    expect(nothing.resolution).toMatchObject({ action: 'dismiss', field: 'phone', creditGranted: false });
    expect((await outcomeEmail(buyer, phoneReport)).subject).toContain(
      'we looked into it and left the data as it is',
    );
    expect(await creditsOf(buyer)).toEqual({ balance: 0, entries: [] });
    expect(REPORT_ACTIONS).toContain('dismiss');
  });
});
