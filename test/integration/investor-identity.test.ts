import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveSubmission } from '../../lambdas/lib/portals/investor-review';
import { getInvestorContacts } from '../../lambdas/lib/table/repositories/contacts';
import {
  claimInvestorProfile,
  getInvestorProfile,
} from '../../lambdas/lib/table/repositories/investor-accounts';
import { getInvestorListing } from '../../lambdas/lib/table/repositories/investor-listings';
import { putPortal } from '../../lambdas/lib/table/repositories/portals';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import { investorAccountMessages, investorProfileResponse } from '../../shared/api/investor-profile';
import {
  type InvestorSubmission,
  investorReviewMessages,
  investorSubmissionsResponse,
  reviewDecisionResponse,
} from '../../shared/api/investor-review';
import { INVALID_CURSOR } from '../../shared/api/paging';
import { call, createInvestor, createUser, type TestUser } from './support/home';
import { checkoutEvent, delivered, emailsTo, postEvent, sesRefusesTo } from './support/purchases';
import { defineOnTaxonomy, idOfEmail, seedInvestors, unique } from './support/seed';

/**
 * Whose entry a listing is (issue 30): the investor account's verified email, never the contact email
 * typed in the profile; an existing entry is joined only when the verified email is its email or an
 * admin decides so in the review (recorded); one account per entry. And approvals claim with a lease
 * (a failure gives the profile back, a stale claim lapses, two admins at once: one wins), the queue is
 * paged, and an approved investor is emailed. Through the local gateway against the emulators.
 */

const profileOf = (body: unknown) => apiSuccessEnvelope(investorProfileResponse).parse(body).data;
const decisionOf = (body: unknown) => apiSuccessEnvelope(reviewDecisionResponse).parse(body).data;
const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;

let admin: TestUser;
let secondAdmin: TestUser;
let portalId = '';
const portalName = `Identity Network ${unique()}`;

beforeAll(async () => {
  [admin, secondAdmin] = await Promise.all([createUser({ admin: true }), createUser({ admin: true })]);
  portalId = `idn-${randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  await putPortal({
    id: `portal-${portalId}`,
    name: portalName,
    description: 'Investors meet founders.',
    urlIdentifier: portalId,
    createdAt: now,
    updatedAt: now,
    createdBy: 'test',
    firm: { name: 'Identity Firm', website: 'https://identity.example.com' },
    fontFamily: null,
  });
});

interface Submitted {
  investor: TestUser;
  sector: string;
  updatedAt: string;
}

/** A fresh investor (of this account email, when given) with a complete profile, submitted. */
async function submitted(
  overrides: Record<string, unknown> = {},
  options: { accountEmail?: string } = {},
): Promise<Submitted> {
  const investor = await createInvestor(
    portalId,
    options.accountEmail ? { email: options.accountEmail } : {},
  );
  const u = unique();
  const sector = `identity-sector-${u}`;
  // The test's own sectors, on the list as an admin adds them.
  await defineOnTaxonomy('sector', [sector, 'impostor-sector']);
  const saved = await call('PATCH', '/investor/profile', {
    token: investor.token,
    body: {
      name: `Own Name ${u}`,
      firm: 'Own Firm',
      investorType: 'angel',
      stages: ['seed'],
      sectors: [sector],
      contact: { email: investor.email, phone: '' },
      foundersMayBuy: { email: true, phone: false, linkedin: false, twitter: false, crunchbase: false },
      ...overrides,
    },
  });
  expect(saved.status, saved.text).toBe(200);
  const response = await call('POST', '/investor/profile/submit', { token: investor.token });
  expect(response.status, response.text).toBe(200);
  return { investor, sector, updatedAt: profileOf(response.body).profile.updatedAt ?? '' };
}

const approve = (userId: string, body: unknown, token = admin.token) =>
  call('POST', `/admin/investor-submissions/${userId}/approve`, { token, body });

/** Every page of the queue, `limit` at a time: the submissions and the number of pages read. */
async function wholeQueue(limit = 50): Promise<{ submissions: InvestorSubmission[]; pages: number }> {
  const submissions: InvestorSubmission[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await call('GET', `/admin/investor-submissions${query}`, { token: admin.token });
    expect(response.status, response.text).toBe(200);
    const page = apiSuccessEnvelope(investorSubmissionsResponse).parse(response.body).data;
    submissions.push(...page.submissions);
    cursor = page.cursor;
    pages++;
  } while (cursor);
  return { submissions, pages };
}

const inQueue = async (userId: string) =>
  (await wholeQueue()).submissions.find((submission) => submission.userId === userId);

const publicProfile = async (investorId: string) => {
  const response = await call('GET', `/investors/${investorId}`);
  return { status: response.status, data: (response.body as { data: Record<string, unknown> }).data };
};

const bySector = async (sector: string) =>
  (
    (await call('GET', `/investors?sectorFocus=${encodeURIComponent(sector)}`)).body as {
      data: { items: { id: string; name: string }[] };
    }
  ).data.items;

/** An imported investor a founder bought (name, email, phone): the entry an impostor goes after. */
async function boughtEntry() {
  const u = unique();
  const real = {
    name: `Real Person ${u}`,
    email: `real.person.${u}@example.com`,
    phone: '+1 555 0142',
    firm: 'Real Capital',
  };
  const buyer = await createUser();
  await seedInvestors([{ ...real, stages: ['Series A'], sectors: [`real-sector-${u}`] }], {
    sourceName: `Real Source ${u}`,
  });
  const investorId = await idOfEmail(real.email);
  const cart = await call('POST', '/carts', {
    token: buyer.token,
    body: { investorIds: [investorId], columnOrder: ['name', 'email', 'phone'] },
  });
  expect(cart.status, cart.text).toBe(201);
  const { id, pricing } = (cart.body as { data: { id: string; pricing: { totalX100: number } } }).data;
  await postEvent(checkoutEvent(id, pricing.totalX100));
  await delivered(id);
  return { real, buyer, investorId, sector: `real-sector-${u}`, source: `Real Source ${u}` };
}

const libraryUpdates = async (buyer: TestUser) =>
  (
    (await call('GET', '/me/contacts', { token: buyer.token })).body as {
      data: { contacts: { searchableInvestorId: string; updates: unknown[] }[] };
    }
  ).data.contacts.flatMap((contact) => contact.updates);

describe('whose entry a listing is', () => {
  it("gives an impostor who typed an existing investor's email a new entry: the entry keeps its data and its buyers see no update", async () => {
    const { real, buyer, investorId, sector, source } = await boughtEntry();
    const before = await publicProfile(investorId);
    const sheetBefore = (await getInvestorContacts([investorId], { consistent: true })).get(investorId);
    // The impostor's own account, the real investor's email typed as the contact email (never verified).
    const impostor = await submitted({
      name: real.name,
      firm: 'Impostor Ventures',
      sectors: ['impostor-sector'],
      contact: { email: real.email, phone: '+1 555 0666' },
      foundersMayBuy: { email: true, phone: true, linkedin: false, twitter: false, crunchbase: false },
      thesis: 'Impostors back impostors.',
      leadOrFollow: 'lead',
      portfolio: [{ name: 'Fake Co', website: null, stage: 'Seed', year: 2022 }],
    });

    // The review shows the entry it may be, side by side, and that joining it needs a decision.
    const queued = await inQueue(impostor.investor.sub);
    expect(queued?.match).toMatchObject({
      kind: 'possible',
      foundBy: 'contactEmail',
      entry: {
        investorId,
        name: real.name,
        firmName: 'Real Capital',
        buyers: 1,
        heldByAnotherAccount: false,
        withdrawn: false,
      },
    });
    expect(queued?.match.entry?.sources).toContain(source);
    expect(queued?.match.changes).toEqual(
      expect.arrayContaining([
        { field: 'firmName', label: 'Firm', now: 'Real Capital', after: 'Impostor Ventures' },
        { field: 'phone', label: 'Phone', now: real.phone, after: '+1 555 0666' },
        // The profile facts it would give the entry (issue 33), as founders would read them.
        { field: 'thesis', label: 'Thesis', now: '', after: 'Impostors back impostors.' },
        { field: 'leadOrFollow', label: 'Lead or follow', now: '', after: 'Leads rounds' },
        { field: 'portfolio', label: 'Portfolio', now: '', after: 'Fake Co (Seed, 2022)' },
      ]),
    );

    // The admin approves without deciding to join.
    const response = await approve(impostor.investor.sub, { updatedAt: impostor.updatedAt });

    expect(response.status, response.text).toBe(200);
    const impostorEntry = decisionOf(response.body).investorId ?? '';
    expect(impostorEntry).not.toBe(investorId);
    expect(impostorEntry).toBe(await idOfEmail(impostor.investor.email));
    const after = await publicProfile(investorId);
    expect(after.data).toEqual(before.data);
    expect(after.data).toMatchObject({ name: real.name, firmName: 'Real Capital' });
    expect((await getInvestorContacts([investorId], { consistent: true })).get(investorId)).toEqual(
      sheetBefore,
    );
    expect((await bySector(sector)).map((card) => card.id)).toEqual([investorId]);
    expect(await libraryUpdates(buyer)).toEqual([]);
    // The impostor is listed as their own entry, recorded as a new entry by the admin.
    expect((await publicProfile(impostorEntry)).data).toMatchObject({ firmName: 'Impostor Ventures' });
    expect((await getInvestorListing(impostor.investor.sub))?.entryDecision).toMatchObject({
      how: 'newEntry',
      investorId: impostorEntry,
      decidedBy: admin.sub,
    });
  });

  it("joins the entry whose email is the account's verified email, recorded as such", async () => {
    const u = unique();
    const email = `verified.${u}@example.com`;
    const oldSector = `verified-old-${u}`;
    await seedInvestors([{ name: `Verified Person ${u}`, email, sectors: [oldSector], firm: 'Old Firm' }]);
    const existing = await idOfEmail(email);
    const person = await submitted({ name: `Verified Person ${u}` }, { accountEmail: email });
    expect((await inQueue(person.investor.sub))?.match).toMatchObject({
      kind: 'verifiedEmail',
      entry: { investorId: existing, firmName: 'Old Firm' },
    });

    const response = await approve(person.investor.sub, { updatedAt: person.updatedAt });

    expect(response.status, response.text).toBe(200);
    expect(decisionOf(response.body).investorId).toBe(existing);
    expect((await publicProfile(existing)).data).toMatchObject({ firmName: 'Own Firm' });
    const listing = await getInvestorListing(person.investor.sub);
    expect(listing?.entryDecision).toMatchObject({
      how: 'verifiedEmail',
      investorId: existing,
      decidedBy: admin.sub,
    });
    expect(Date.parse(listing?.entryDecision?.decidedAt ?? '')).not.toBeNaN();
  });

  it("joins an entry on the admin's explicit decision, recorded with who and when; a second account cannot join it", async () => {
    const { real, buyer, investorId } = await boughtEntry();
    const person = await submitted({
      name: real.name,
      contact: { email: real.email, phone: '' },
    });

    const response = await approve(person.investor.sub, {
      updatedAt: person.updatedAt,
      joinInvestorId: investorId,
    });

    expect(response.status, response.text).toBe(200);
    expect(decisionOf(response.body).investorId).toBe(investorId);
    expect((await publicProfile(investorId)).data).toMatchObject({ firmName: 'Own Firm' });
    const decision = (await getInvestorListing(person.investor.sub))?.entryDecision;
    expect(decision).toMatchObject({ how: 'adminJoin', investorId, decidedBy: admin.sub });
    expect(Math.abs(Date.parse(decision?.decidedAt ?? '') - Date.now())).toBeLessThan(600_000);
    // The admin decided it is the same person: the buyer's library follows the investor's own word.
    expect(await libraryUpdates(buyer)).not.toEqual([]);

    // One investor account per entry: another account is refused plainly, and waits in the queue again.
    const second = await submitted({ name: real.name, contact: { email: real.email, phone: '' } });
    expect((await inQueue(second.investor.sub))?.match.entry).toMatchObject({
      investorId,
      heldByAnotherAccount: true,
    });
    const refused = await approve(second.investor.sub, {
      updatedAt: second.updatedAt,
      joinInvestorId: investorId,
    });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).message).toBe(investorReviewMessages.entryHeld);
    expect(await getInvestorListing(second.investor.sub)).toBeNull();
    expect((await getInvestorProfile(second.investor.sub))?.status).toBe('submitted');
    expect((await publicProfile(investorId)).data).toMatchObject({ firmName: 'Own Firm' });
  });

  it("refuses to join another entry when the verified email already is an entry's email", async () => {
    const u = unique();
    const email = `owned.${u}@example.com`;
    await seedInvestors([{ name: `Owned ${u}`, email, sectors: [`owned-${u}`] }]);
    const { investorId: other } = await boughtEntry();
    const person = await submitted({}, { accountEmail: email });

    const response = await approve(person.investor.sub, {
      updatedAt: person.updatedAt,
      joinInvestorId: other,
    });

    expect(response.status).toBe(409);
    expect(errorOf(response.body).message).toBe(investorReviewMessages.joinNotNeeded);
    expect((await getInvestorProfile(person.investor.sub))?.status).toBe('submitted');
  });
});

describe('approvals claim with a lease', () => {
  it('gives a profile whose listing write failed back to the queue: the investor can save, and a new approval lists it once', async () => {
    const person = await submitted();
    await expect(
      approveSubmission(person.investor.sub, { updatedAt: person.updatedAt }, admin.sub, new Date(), {
        beforeListingWrite: async () => {
          throw new Error('injected failure of the listing write');
        },
      }),
    ).rejects.toThrow('injected failure');

    const queued = await inQueue(person.investor.sub);
    expect(queued).toMatchObject({ status: 'submitted', claim: null });
    expect(await getInvestorListing(person.investor.sub)).toBeNull();
    const saved = await call('PATCH', '/investor/profile', {
      token: person.investor.token,
      body: { thesis: 'Saved after the failed approval' },
    });
    expect(saved.status, saved.text).toBe(200);
    const resubmitted = profileOf(
      (await call('POST', '/investor/profile/submit', { token: person.investor.token })).body,
    );

    const retried = await approve(person.investor.sub, { updatedAt: resubmitted.profile.updatedAt });

    expect(retried.status, retried.text).toBe(200);
    expect(await bySector(person.sector)).toHaveLength(1);
    expect((await getInvestorProfile(person.investor.sub))?.status).toBe('approved');
    expect(await inQueue(person.investor.sub)).toBeUndefined();
  });

  it('shows an approval under way in the queue; the investor and other admins wait; a stale claim (a crashed process) is taken over', async () => {
    const person = await submitted();
    const now = Date.now();
    // An approval whose process died 10 minutes ago, after its claim.
    const stale = await claimInvestorProfile(
      person.investor.sub,
      { id: 'dead', by: secondAdmin.sub, at: new Date(now - 10 * 60_000).toISOString() },
      person.updatedAt,
      new Date(now).toISOString(),
      new Date(now - 5 * 60_000).toISOString(),
    );
    expect(stale?.status).toBe('approving');
    const lapsed = await inQueue(person.investor.sub);
    expect(lapsed).toMatchObject({ status: 'approving', claim: { by: secondAdmin.sub, lapsed: true } });

    // A live claim (another profile): shown under way, and it holds the investor and the other admins.
    const busy = await submitted();
    const live = await claimInvestorProfile(
      busy.investor.sub,
      { id: 'live', by: secondAdmin.sub, at: new Date().toISOString() },
      busy.updatedAt,
      new Date(Date.now() + 1).toISOString(),
      new Date(Date.now() - 5 * 60_000).toISOString(),
    );
    expect(await inQueue(busy.investor.sub)).toMatchObject({
      status: 'approving',
      claim: { by: secondAdmin.sub, lapsed: false },
    });
    const waiting = await approve(busy.investor.sub, { updatedAt: live?.updatedAt });
    expect(waiting.status).toBe(409);
    expect(errorOf(waiting.body).message).toBe(investorReviewMessages.beingApproved);
    const rejecting = await call('POST', `/admin/investor-submissions/${busy.investor.sub}/reject`, {
      token: admin.token,
      body: { updatedAt: live?.updatedAt, reason: 'Not while it is being approved' },
    });
    expect(rejecting.status).toBe(409);
    expect(errorOf(rejecting.body).message).toBe(investorReviewMessages.beingApproved);
    const saving = await call('PATCH', '/investor/profile', {
      token: busy.investor.token,
      body: { thesis: 'While approved' },
    });
    expect(saving.status).toBe(409);
    expect(errorOf(saving.body).message).toBe(investorAccountMessages.beingReviewed);

    const takenOver = await approve(person.investor.sub, { updatedAt: lapsed?.updatedAt });

    expect(takenOver.status, takenOver.text).toBe(200);
    expect(await bySector(person.sector)).toHaveLength(1);
    expect((await getInvestorProfile(person.investor.sub))?.status).toBe('approved');
  });

  it('lets one of two admins approving at once win; the other gets a 409 and the profile is listed once', async () => {
    const person = await submitted();

    const answers = await Promise.all([
      approve(person.investor.sub, { updatedAt: person.updatedAt }, admin.token),
      approve(person.investor.sub, { updatedAt: person.updatedAt }, secondAdmin.token),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await bySector(person.sector)).toHaveLength(1);
    expect((await getInvestorProfile(person.investor.sub))?.status).toBe('approved');
  });
});

describe('the review queue', () => {
  it('pages past a page: every submission once, oldest first; a bad cursor or page size is a 400 saying what to send', async () => {
    const mine = [await submitted(), await submitted(), await submitted()];

    const { submissions, pages } = await wholeQueue(2);

    expect(pages).toBeGreaterThan(1);
    const ids = submissions.map((submission) => submission.userId);
    expect(new Set(ids).size).toBe(ids.length);
    const positions = mine.map((person) => ids.indexOf(person.investor.sub));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const badCursor = await call('GET', '/admin/investor-submissions?cursor=not-a-cursor', {
      token: admin.token,
    });
    expect(badCursor.status).toBe(400);
    expect(errorOf(badCursor.body).message).toBe(INVALID_CURSOR);
    const tooMany = await call('GET', '/admin/investor-submissions?limit=500', { token: admin.token });
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany.body).message).toMatch(/limit/);
  });
});

describe('an approved investor is emailed', () => {
  const listedEmail = async (address: string, subject: string) => {
    await expect
      .poll(async () => (await emailsTo(address)).filter((e) => e.subject === subject).length, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(1);
    return (await emailsTo(address)).find((e) => e.subject === subject) as unknown as {
      body: { text: string };
    };
  };

  it('emails the verified account email that the profile is listed, with a link to it', async () => {
    const person = await submitted({ contact: { email: `typed.${unique()}@example.com`, phone: '' } });

    const response = await approve(person.investor.sub, { updatedAt: person.updatedAt });

    expect(response.status, response.text).toBe(200);
    const { investorId, emailed } = decisionOf(response.body);
    expect(emailed).toBe(true);
    const mail = await listedEmail(person.investor.email, `Your investor profile on ${portalName} is listed`);
    expect(mail.body.text).toContain(`/investors/${investorId}`);
  });

  it('keeps the approval when the email is refused, and tells the admin', async () => {
    const person = await submitted();
    await sesRefusesTo([person.investor.email]);
    try {
      const response = await approve(person.investor.sub, { updatedAt: person.updatedAt });
      expect(response.status, response.text).toBe(200);
      expect(decisionOf(response.body)).toMatchObject({ emailed: false, submission: { status: 'approved' } });
    } finally {
      await sesRefusesTo([person.investor.email], false);
    }
    expect(await bySector(person.sector)).toHaveLength(1);
  });
});
