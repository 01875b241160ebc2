import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveSubmission } from '../../lambdas/lib/portals/investor-review';
import { sendDueReminders } from '../../lambdas/lib/portals/reminders';
import { getInvestorContacts } from '../../lambdas/lib/table/repositories/contacts';
import { getInvestorProfile } from '../../lambdas/lib/table/repositories/investor-accounts';
import { getInvestorListing } from '../../lambdas/lib/table/repositories/investor-listings';
import { getImportedInvestor } from '../../lambdas/lib/table/repositories/investors';
import { putPortal } from '../../lambdas/lib/table/repositories/portals';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import { investorAccountMessages, investorProfileResponse } from '../../shared/api/investor-profile';
import {
  investorReviewMessages,
  investorSubmissionsResponse,
  reviewDecisionResponse,
} from '../../shared/api/investor-review';
import { reminderDueAt } from '../../shared/investors/listing';
import { call, createInvestor, createUser, type TestUser } from './support/home';
import { checkoutEvent, delivered, emailsTo, postEvent, sesRefusesTo } from './support/purchases';
import { defineOnTaxonomy, seedInvestors, unique } from './support/seed';

/**
 * The review of investors' profiles and their listing (issue 21, second part), through the local
 * gateway against the emulators: the admins' queue, approve (with edits) and reject with an emailed
 * reason, the listing as a self-submitted import with "confirmed by the investor" values, the same
 * email joining an existing entry, updates (direct and reviewed), withdrawals leaving search and
 * later exports, and the 6-month reminders.
 */

const profileOf = (body: unknown) => apiSuccessEnvelope(investorProfileResponse).parse(body).data;
const decisionOf = (body: unknown) => apiSuccessEnvelope(reviewDecisionResponse).parse(body).data;
const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;
const thisMonth = () => new Date().toISOString().slice(0, 7);

let admin: TestUser;
let founder: TestUser;
let portalId = '';
const portalName = `Review Network ${unique()}`;

beforeAll(async () => {
  [admin, founder] = await Promise.all([createUser({ admin: true }), createUser()]);
  portalId = `rev-${randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  await putPortal({
    id: `portal-${portalId}`,
    name: portalName,
    description: 'Investors meet founders.',
    urlIdentifier: portalId,
    createdAt: now,
    updatedAt: now,
    createdBy: 'test',
    firm: { name: 'Review Firm', website: 'https://review.example.com' },
    fontFamily: null,
  });
});

interface Person {
  investor: TestUser;
  sector: string;
  email: string;
  phone: string;
  linkedin: string;
}

/** A fresh investor with a complete profile offering email and LinkedIn (not the phone), submitted. */
async function submittedInvestor(
  overrides: Record<string, unknown> = {},
  options: { accountEmail?: string } = {},
): Promise<Person & { updatedAt: string }> {
  const investor = await createInvestor(
    portalId,
    options.accountEmail ? { email: options.accountEmail } : {},
  );
  const u = unique();
  const person = {
    investor,
    sector: `review-sector-${u}`,
    email: `self.${u}@example.com`,
    phone: `+1 555 01${u.replace(/\D/g, '').padEnd(2, '0').slice(0, 2)}`,
    linkedin: `https://www.linkedin.com/in/self-${u}`,
  };
  // The test's own sector, on the list as an admin adds one.
  await defineOnTaxonomy('sector', [person.sector, ...((overrides as { sectors?: string[] }).sectors ?? [])]);
  const saved = await call('PATCH', '/investor/profile', {
    token: investor.token,
    body: {
      name: `Self Listed ${u}`,
      firm: 'Own Capital',
      investorType: 'angel',
      stages: ['seed'],
      sectors: [person.sector],
      countries: ['Portugal'],
      chequeMin: 25_000,
      chequeMax: 100_000,
      links: { linkedin: person.linkedin, twitter: '', crunchbase: '', website: '' },
      contact: { email: person.email, phone: person.phone },
      foundersMayBuy: { email: true, phone: false, linkedin: true, twitter: false, crunchbase: false },
      ...overrides,
    },
  });
  expect(saved.status, saved.text).toBe(200);
  const submitted = await call('POST', '/investor/profile/submit', { token: investor.token });
  expect(submitted.status, submitted.text).toBe(200);
  return { ...person, updatedAt: profileOf(submitted.body).profile.updatedAt ?? '' };
}

/** Every page of the review queue (it is paged: issue 30). */
async function wholeQueue() {
  const submissions = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=50&cursor=${encodeURIComponent(cursor)}` : '?limit=50';
    const response = await call('GET', `/admin/investor-submissions${query}`, { token: admin.token });
    expect(response.status, response.text).toBe(200);
    const page = apiSuccessEnvelope(investorSubmissionsResponse).parse(response.body).data;
    submissions.push(...page.submissions);
    cursor = page.cursor;
  } while (cursor);
  return submissions;
}

const approve = (userId: string, body: unknown) =>
  call('POST', `/admin/investor-submissions/${userId}/approve`, { token: admin.token, body });
const reject = (userId: string, body: unknown) =>
  call('POST', `/admin/investor-submissions/${userId}/reject`, { token: admin.token, body });
const searchSector = async (sector: string) =>
  (await call('GET', `/investors?sectorFocus=${encodeURIComponent(sector)}`)).body as {
    data: { items: Record<string, unknown>[] };
  };

async function listed(person: Person & { updatedAt: string }): Promise<string> {
  const response = await approve(person.investor.sub, { updatedAt: person.updatedAt });
  expect(response.status, response.text).toBe(200);
  return decisionOf(response.body).investorId ?? '';
}

async function emailTo(address: string, includes: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const found = (await emailsTo(address)).filter((e) => JSON.stringify(e).includes(includes));
    if (found.length > 0) return found;
    await new Promise((done) => setTimeout(done, 100));
  }
  return [];
}

describe('the review queue (admin)', () => {
  it('lists a submission, approves it once, and lists it as a self-submitted import, its typed email not confirmed by the investor', async () => {
    const person = await submittedInvestor();

    const entry = (await wholeQueue()).find((s) => s.userId === person.investor.sub);
    expect(entry).toMatchObject({
      portalName,
      status: 'submitted',
      listed: null,
      updatedAt: person.updatedAt,
    });

    const investorId = await listed(person);

    // The founder's search finds them, with what they offered and no phone; no "confirmed by the
    // investor" mark: the email they typed is not their account's verified email (issue 48).
    const found = await searchSector(person.sector);
    expect(found.data.items).toHaveLength(1);
    expect(found.data.items[0]).toMatchObject({
      id: investorId,
      firmName: 'Own Capital',
      hasEmail: true,
      hasLinkedIn: true,
      hasPhone: false,
      contactConfirmed: { email: thisMonth(), linkedin: thisMonth() },
    });
    expect(found.data.items[0]?.confirmedByInvestor).toBeUndefined();
    // Leak-free: no value and no source name on public responses.
    const profile = await call('GET', `/investors/${investorId}`);
    expect(profile.status).toBe(200);
    for (const text of [JSON.stringify(found), profile.text])
      for (const secret of [
        person.email,
        person.phone,
        person.linkedin,
        'self-submitted',
        person.investor.sub,
      ])
        expect(text).not.toContain(secret);

    // The sheet: the investor's values, source 'investor', confirmed at the approval.
    const sheet = (await getInvestorContacts([investorId], { consistent: true })).get(investorId);
    expect(sheet?.fields.email).toMatchObject({
      value: person.email,
      source: { kind: 'investor', verified: false },
    });
    expect(sheet?.fields.email?.confirmedAt.slice(0, 7)).toBe(thisMonth());
    expect(sheet?.fields.phone).toMatchObject({ value: null, source: { kind: 'investor' } });
    // The imported record: "{portal name} (self-submitted)", linked to the entry; the account linked too.
    const listing = await getInvestorListing(person.investor.sub);
    expect(listing).toMatchObject({ investorId, withdrawnAt: null });
    const record = await getImportedInvestor(listing?.importedInvestorId ?? '');
    expect(record).toMatchObject({
      sourceName: `${portalName} (self-submitted)`,
      searchableInvestorEntryId: investorId,
      status: 'mapped',
    });
    const own = profileOf((await call('GET', '/investor/profile', { token: person.investor.token })).body);
    expect(own.profile.status).toBe('approved');
    expect(own.listing).toMatchObject({ investorId, offered: ['email', 'linkedin'], withdrawnAt: null });
    expect(own.listing?.reminderDueAt).toBe(reminderDueAt(own.listing?.confirmedAt ?? ''));

    // Decided once: approving or rejecting again is 409.
    const again = await approve(person.investor.sub, { updatedAt: person.updatedAt });
    expect(again.status).toBe(409);
    expect(errorOf(again.body).message).toBe(investorReviewMessages.alreadyDecided);
    const late = await reject(person.investor.sub, { updatedAt: person.updatedAt, reason: 'Too late' });
    expect(late.status).toBe(409);
  });

  it("joins the existing entry of the account's verified email: the investor's word replaces its facts and contact offers", async () => {
    const u = unique();
    const email = `known.${u}@example.com`;
    const oldSector = `old-sector-${u}`;
    await seedInvestors([
      { name: `Known Person ${u}`, email, phone: '+1 555 0199', sectors: [oldSector], firm: 'Old Firm' },
    ]);
    const existing = (await searchSector(oldSector)).data.items[0]?.id;
    expect(existing).toBeTruthy();
    const person = await submittedInvestor(
      {
        name: `Known Person ${u}`,
        contact: { email: email.toUpperCase(), phone: '' },
        foundersMayBuy: { email: true, phone: false, linkedin: false, twitter: false, crunchbase: false },
      },
      { accountEmail: email },
    );

    const investorId = await listed(person);

    expect(investorId).toBe(existing);
    expect((await searchSector(oldSector)).data.items).toEqual([]);
    const card = (await searchSector(person.sector)).data.items[0];
    expect(card).toMatchObject({
      id: existing,
      firmName: 'Own Capital',
      hasEmail: true,
      hasPhone: false,
      confirmedByInvestor: ['email'],
    });
    const sheet = (await getInvestorContacts([investorId], { consistent: true })).get(investorId);
    // The imported phone is not offered by the investor: it leaves the sheet, recorded as theirs.
    expect(sheet?.fields.phone).toMatchObject({ value: null, source: { kind: 'investor' } });
    expect(sheet?.fields.email?.source.kind).toBe('investor');
  });

  it("approves with the admin's edits, and refuses edits that break the profile (400)", async () => {
    const person = await submittedInvestor();
    const broken = await approve(person.investor.sub, {
      updatedAt: person.updatedAt,
      changes: { chequeMin: 5_000_000, chequeMax: 1 },
    });
    expect(broken.status).toBe(400);

    const response = await approve(person.investor.sub, {
      updatedAt: person.updatedAt,
      changes: { title: 'General Partner' },
    });

    expect(response.status, response.text).toBe(200);
    const investorId = decisionOf(response.body).investorId ?? '';
    expect((await call('GET', `/investors/${investorId}`)).body).toMatchObject({
      data: { title: 'General Partner' },
    });
    const own = profileOf((await call('GET', '/investor/profile', { token: person.investor.token })).body);
    expect(own.profile).toMatchObject({ title: 'General Partner', status: 'approved' });
  });

  it("never decides a version the admin did not read: the investor's change meanwhile is a 409", async () => {
    const person = await submittedInvestor();
    // The investor changes the profile while the admin reviews it, and submits again.
    expect(
      (await call('PATCH', '/investor/profile', { token: person.investor.token, body: { thesis: 'New' } }))
        .status,
    ).toBe(200);
    const resubmitted = profileOf(
      (await call('POST', '/investor/profile/submit', { token: person.investor.token })).body,
    );

    const stale = await approve(person.investor.sub, { updatedAt: person.updatedAt });
    const staleReject = await reject(person.investor.sub, { updatedAt: person.updatedAt, reason: 'No' });

    expect(stale.status).toBe(409);
    expect(errorOf(stale.body).message).toBe(investorReviewMessages.changedSinceRead);
    expect(staleReject.status).toBe(409);
    expect(await getInvestorListing(person.investor.sub)).toBeNull();
    const fresh = await approve(person.investor.sub, { updatedAt: resubmitted.profile.updatedAt });
    expect(fresh.status).toBe(200);
  });

  it('gives a profile back to the queue when its approval fails after the claim: the investor may save again', async () => {
    const person = await submittedInvestor();
    await expect(
      approveSubmission(person.investor.sub, { updatedAt: person.updatedAt }, admin.sub, new Date(), {
        afterClaim: async () => {
          throw new Error('injected failure after the claim');
        },
      }),
    ).rejects.toThrow('injected failure');
    expect((await getInvestorProfile(person.investor.sub))?.status).toBe('submitted');
    const saved = await call('PATCH', '/investor/profile', {
      token: person.investor.token,
      body: { thesis: 'X' },
    });
    expect(saved.status, saved.text).toBe(200);
    const resubmitted = profileOf(
      (await call('POST', '/investor/profile/submit', { token: person.investor.token })).body,
    );

    const retried = await approve(person.investor.sub, { updatedAt: resubmitted.profile.updatedAt });

    expect(retried.status, retried.text).toBe(200);
    expect((await searchSector(person.sector)).data.items).toHaveLength(1);
    expect((await getInvestorProfile(person.investor.sub))?.status).toBe('approved');
  });

  it('rejects with a reason the investor sees and is emailed; a second decision is 409; no reason is 400', async () => {
    const person = await submittedInvestor();
    const reason = `Add your firm's website please ${unique()}`;
    const empty = await reject(person.investor.sub, { updatedAt: person.updatedAt, reason: '  ' });
    expect(empty.status).toBe(400);

    const response = await reject(person.investor.sub, { updatedAt: person.updatedAt, reason });

    expect(response.status, response.text).toBe(200);
    expect(decisionOf(response.body)).toMatchObject({ emailed: true, submission: { status: 'rejected' } });
    const own = profileOf((await call('GET', '/investor/profile', { token: person.investor.token })).body);
    expect(own.profile).toMatchObject({ status: 'rejected', review: { decision: 'rejected', reason } });
    expect(own.listing).toBeNull();
    const emails = await emailTo(person.investor.email, reason);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe(`Your investor profile on ${portalName} was not approved`);
    expect((await reject(person.investor.sub, { updatedAt: person.updatedAt, reason })).status).toBe(409);
    expect((await searchSector(person.sector)).data.items).toEqual([]);
  });

  it('keeps a rejection when its email is refused, and tells the admin', async () => {
    const person = await submittedInvestor();
    await sesRefusesTo([person.investor.email]);
    try {
      const response = await reject(person.investor.sub, {
        updatedAt: person.updatedAt,
        reason: 'Refused mail',
      });
      expect(response.status).toBe(200);
      expect(decisionOf(response.body)).toMatchObject({ emailed: false, submission: { status: 'rejected' } });
    } finally {
      await sesRefusesTo([person.investor.email], false);
    }
  });
});

describe('updates after listing', () => {
  it('applies a withdrawn offer at once (no review) and re-reviews a new value, which then changes the sheet', async () => {
    const person = await submittedInvestor();
    const investorId = await listed(person);
    const before = (await getInvestorContacts([investorId], { consistent: true })).get(investorId);

    // Narrowing: founders may no longer buy the LinkedIn, from this save on.
    const narrowed = await call('PATCH', '/investor/profile', {
      token: person.investor.token,
      body: {
        foundersMayBuy: { email: true, phone: false, linkedin: false, twitter: false, crunchbase: false },
      },
    });
    expect(narrowed.status, narrowed.text).toBe(200);
    expect(profileOf(narrowed.body).profile.status).toBe('approved');
    expect((await searchSector(person.sector)).data.items[0]).toMatchObject({
      hasLinkedIn: false,
      hasEmail: true,
    });
    const afterNarrowing = (await getInvestorContacts([investorId], { consistent: true })).get(investorId);
    expect(afterNarrowing?.fields.linkedin).toMatchObject({ value: null, source: { kind: 'investor' } });
    expect(afterNarrowing?.fields.email).toEqual(before?.fields.email);
    expect((await getInvestorListing(person.investor.sub))?.withdrawals).toMatchObject([
      { what: 'contacts', kinds: ['linkedin'], by: person.investor.sub },
    ]);

    // A new email and a new name wait for review: founders still see the listed ones.
    const newEmail = `moved.${unique()}@example.com`;
    const changed = await call('PATCH', '/investor/profile', {
      token: person.investor.token,
      body: { name: `Renamed ${unique()}`, contact: { email: newEmail, phone: person.phone } },
    });
    expect(profileOf(changed.body).profile.status).toBe('draft');
    const card = (await searchSector(person.sector)).data.items[0];
    expect(card?.name).toMatch(/^Self Listed/);
    const submitted = profileOf(
      (await call('POST', '/investor/profile/submit', { token: person.investor.token })).body,
    );
    const queue = await wholeQueue();
    expect(queue.find((s) => s.userId === person.investor.sub)?.listed).toMatchObject({ investorId });

    expect(
      (await approve(person.investor.sub, { updatedAt: submitted.profile.updatedAt ?? '' })).status,
    ).toBe(200);

    expect((await searchSector(person.sector)).data.items[0]?.name).toMatch(/^Renamed/);
    const sheet = (await getInvestorContacts([investorId], { consistent: true })).get(investorId);
    expect(sheet?.fields.email).toMatchObject({ value: newEmail, source: { kind: 'investor' } });
    expect(sheet?.fields.email?.changedAt).not.toBe(before?.fields.email?.changedAt);
    // The entry stays the same one (its identity is the email it was first listed by).
    expect((await getInvestorListing(person.investor.sub))?.investorId).toBe(investorId);
  });

  it('refuses to submit a listed profile with nothing to review (409)', async () => {
    const person = await submittedInvestor();
    await listed(person);
    const response = await call('POST', '/investor/profile/submit', { token: person.investor.token });
    expect(response.status).toBe(409);
    expect(errorOf(response.body).message).toBe(investorAccountMessages.nothingToReview);
  });
});

describe('opting out', () => {
  it('withdraws the whole profile: out of search and its profile page at once, a cart saved afterwards refused, recorded, and no import brings it back', async () => {
    const person = await submittedInvestor();
    const investorId = await listed(person);

    const response = await call('POST', '/investor/profile/withdraw', {
      token: person.investor.token,
      body: { what: 'profile' },
    });

    expect(response.status, response.text).toBe(200);
    expect(profileOf(response.body).listing).toMatchObject({ offered: [] });
    expect(profileOf(response.body).listing?.withdrawnAt).toBeTruthy();
    expect((await searchSector(person.sector)).data.items).toEqual([]);
    expect((await call('GET', `/investors/${investorId}`)).status).toBe(404);
    const cart = await call('POST', '/carts', {
      token: founder.token,
      body: { investorIds: [investorId], columnOrder: ['name', 'email'] },
    });
    expect(cart.status).toBe(400);
    expect((await getInvestorListing(person.investor.sub))?.withdrawals).toMatchObject([
      { what: 'profile', by: person.investor.sub },
    ]);
    // An import of the same person (their verified email: the entry's identity) maps to the withdrawn
    // entry, which stays out of the directory.
    await seedInvestors([{ name: 'Imported Again', email: person.investor.email, sectors: [person.sector] }]);
    expect((await searchSector(person.sector)).data.items).toEqual([]);
    expect((await call('GET', `/investors/${investorId}`)).status).toBe(404);
    // Withdrawn is final for the account: submitting again or withdrawing again is refused.
    expect(
      (
        await call('POST', '/investor/profile/withdraw', {
          token: person.investor.token,
          body: { what: 'profile' },
        })
      ).status,
    ).toBe(409);
  });

  it('withdraws a contact detail: a cart saved and bought afterwards exports no value of it', async () => {
    const person = await submittedInvestor();
    const investorId = await listed(person);

    const response = await call('POST', '/investor/profile/withdraw', {
      token: person.investor.token,
      body: { what: 'contacts', kinds: ['email'] },
    });

    expect(response.status, response.text).toBe(200);
    expect(profileOf(response.body).profile.foundersMayBuy.email).toBe(false);
    expect(profileOf(response.body).listing?.offered).toEqual(['linkedin']);
    expect((await searchSector(person.sector)).data.items[0]).toMatchObject({
      hasEmail: false,
      hasLinkedIn: true,
    });
    const buyer = await createUser();
    const saved = await call('POST', '/carts', {
      token: buyer.token,
      body: { investorIds: [investorId], columnOrder: ['name', 'email', 'linkedinUrl'] },
    });
    expect(saved.status, saved.text).toBe(201);
    const cart = (saved.body as { data: { id: string; pricing: { totalX100: number } } }).data;
    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await delivered(cart.id);
    const [mail] = await emailTo(buyer.email, cart.id);
    const csv = Buffer.from(mail?.attachments[0]?.content ?? '', 'base64').toString('utf8');
    expect(csv).toContain(person.linkedin);
    expect(csv).not.toContain(person.email);
    // Asked again, nothing changes and nothing more is recorded.
    const again = await call('POST', '/investor/profile/withdraw', {
      token: person.investor.token,
      body: { what: 'contacts', kinds: ['email'] },
    });
    expect(again.status).toBe(200);
    expect((await getInvestorListing(person.investor.sub))?.withdrawals).toMatchObject([
      { what: 'contacts', kinds: ['email'] },
    ]);
    const bad = await call('POST', '/investor/profile/withdraw', {
      token: person.investor.token,
      body: { what: 'contacts', kinds: ['fax'] },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses a withdrawal or a confirmation before the profile is listed (409)', async () => {
    const investor = await createInvestor(portalId);
    for (const [path, body] of [
      ['/investor/profile/withdraw', { what: 'profile' }],
      ['/investor/profile/confirm', undefined],
    ] as const) {
      const response = await call('POST', path, { token: investor.token, ...(body ? { body } : {}) });
      expect(response.status).toBe(409);
    }
  });
});

describe('6-month reminders', () => {
  it('reminds a listing 6 months after its confirmation once, even when run again; a confirmation starts a new period', async () => {
    const person = await submittedInvestor();
    await listed(person);
    const listing = await getInvestorListing(person.investor.sub);
    const due = new Date(reminderDueAt(listing?.confirmedAt ?? ''));
    const subject = `Is your investor profile on ${portalName} still right?`;

    // A day early: nothing.
    await sendDueReminders(new Date(due.getTime() - 86_400_000));
    expect(await emailTo(person.investor.email, subject)).toEqual([]);

    const first = await sendDueReminders(due);
    const second = await sendDueReminders(new Date(due.getTime() + 3_600_000));

    expect(first.sent).toBeGreaterThanOrEqual(1);
    expect(await emailTo(person.investor.email, subject)).toHaveLength(1);
    expect(second.sent).toBe(0);
    expect((await getInvestorListing(person.investor.sub))?.reminderFor).toBe(listing?.confirmedAt);

    // "Confirm my profile is still right": confirmed now, without review; the next reminder 6 months on.
    const confirmed = await call('POST', '/investor/profile/confirm', { token: person.investor.token });
    expect(confirmed.status, confirmed.text).toBe(200);
    const after = profileOf(confirmed.body);
    expect(after.profile.status).toBe('approved');
    expect((after.listing?.confirmedAt ?? '') > (listing?.confirmedAt ?? '')).toBe(true);
    expect(after.listing?.reminderDueAt).toBe(reminderDueAt(after.listing?.confirmedAt ?? ''));
  });

  it('tries a refused reminder again at the next run, and sends it once', async () => {
    const person = await submittedInvestor();
    await listed(person);
    const listing = await getInvestorListing(person.investor.sub);
    const due = new Date(reminderDueAt(listing?.confirmedAt ?? ''));
    const subject = `Is your investor profile on ${portalName} still right?`;

    await sesRefusesTo([person.investor.email]);
    try {
      const refused = await sendDueReminders(due);
      expect(refused.refused).toBeGreaterThanOrEqual(1);
    } finally {
      await sesRefusesTo([person.investor.email], false);
    }
    expect((await getInvestorListing(person.investor.sub))?.reminderFor).toBeNull();

    await sendDueReminders(due);
    await sendDueReminders(due);

    expect(await emailTo(person.investor.email, subject)).toHaveLength(1);
  });
});
