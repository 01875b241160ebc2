import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { putPortal } from '../../lambdas/lib/table/repositories/portals';
import { apiSuccessEnvelope } from '../../shared/api/errors';
import { investorProfileResponse } from '../../shared/api/investor-profile';
import { reviewDecisionResponse } from '../../shared/api/investor-review';
import { call, createInvestor, createUser, type TestUser } from './support/home';
import { defineOnTaxonomy, unique } from './support/seed';

/**
 * Issue 48, "7. Low": an impostor's listing approved as a new entry sold an unverified email and
 * phone marked "confirmed by the investor". Only the email the investor's account verified is
 * investor-confirmed; a typed email, a phone or a link is their word, never that mark, on the public
 * profile, the search card and the cart (what the export's preview labels).
 */

const profileOf = (body: unknown) => apiSuccessEnvelope(investorProfileResponse).parse(body).data;
const decisionOf = (body: unknown) => apiSuccessEnvelope(reviewDecisionResponse).parse(body).data;
const thisMonth = () => new Date().toISOString().slice(0, 7);

let admin: TestUser;
let founder: TestUser;
let portalId = '';

beforeAll(async () => {
  [admin, founder] = await Promise.all([createUser({ admin: true }), createUser()]);
  portalId = `imp-${randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  await putPortal({
    id: `portal-${portalId}`,
    name: `Impostor Network ${unique()}`,
    description: 'Investors meet founders.',
    urlIdentifier: portalId,
    createdAt: now,
    updatedAt: now,
    createdBy: 'test',
    firm: { name: 'Impostor Firm', website: 'https://impostor.example.com' },
    fontFamily: null,
  });
});

/** A new investor's listing offering this contact email, a phone and a LinkedIn, approved as a new entry. */
async function listedAsNew(contactEmail: (accountEmail: string) => string) {
  const u = unique();
  const accountEmail = `account.${u}@example.com`;
  const investor = await createInvestor(portalId, { email: accountEmail });
  const sector = `impostor-sector-${u}`;
  await defineOnTaxonomy('sector', [sector]);
  const saved = await call('PATCH', '/investor/profile', {
    token: investor.token,
    body: {
      name: `Famous Investor ${u}`,
      firm: 'Famous Capital',
      investorType: 'angel',
      stages: ['seed'],
      sectors: [sector],
      countries: ['Portugal'],
      chequeMin: 25_000,
      chequeMax: 100_000,
      links: {
        linkedin: `https://www.linkedin.com/in/famous-${u}`,
        twitter: '',
        crunchbase: '',
        website: '',
      },
      contact: { email: contactEmail(accountEmail), phone: '+1 555 0142' },
      foundersMayBuy: { email: true, phone: true, linkedin: true, twitter: false, crunchbase: false },
    },
  });
  expect(saved.status, saved.text).toBe(200);
  const submitted = await call('POST', '/investor/profile/submit', { token: investor.token });
  expect(submitted.status, submitted.text).toBe(200);
  const updatedAt = profileOf(submitted.body).profile.updatedAt ?? '';
  const approved = await call('POST', `/admin/investor-submissions/${investor.sub}/approve`, {
    token: admin.token,
    body: { updatedAt },
  });
  expect(approved.status, approved.text).toBe(200);
  const decision = decisionOf(approved.body);
  expect(decision.investorId).toBeTruthy();
  return { investorId: decision.investorId ?? '', sector };
}

/** What a founder sees of the entry: its public profile, its search card and its card in a saved cart. */
async function whatFoundersSee(investorId: string, sector: string) {
  const profile = await call('GET', `/investors/${investorId}`);
  expect(profile.status, profile.text).toBe(200);
  const search = await call('GET', `/investors?sectorFocus=${encodeURIComponent(sector)}`);
  expect(search.status, search.text).toBe(200);
  const card = (search.body as { data: { items: Record<string, unknown>[] } }).data.items[0];
  const saved = await call('POST', '/carts', {
    token: founder.token,
    body: { investorIds: [investorId], columnOrder: ['name', 'email', 'phone', 'linkedinUrl'] },
  });
  expect(saved.status, saved.text).toBe(201);
  const cartId = (saved.body as { data: { id: string } }).data.id;
  const cart = await call('GET', `/carts/${cartId}`, { token: founder.token });
  expect(cart.status, cart.text).toBe(200);
  const inCart = (cart.body as { data: { items: { searchableInvestorEntry: Record<string, unknown> }[] } })
    .data.items[0]?.searchableInvestorEntry;
  return [(profile.body as { data: Record<string, unknown> }).data, card, inCart];
}

describe("an investor's own contact values (issue 48)", () => {
  it("an impostor's typed email, phone and link are sold, but never as confirmed by the investor", async () => {
    const { investorId, sector } = await listedAsNew(() => `the.real.famous.${unique()}@example.com`);
    for (const seen of await whatFoundersSee(investorId, sector)) {
      expect(seen).toMatchObject({
        id: investorId,
        hasEmail: true,
        hasPhone: true,
        hasLinkedIn: true,
        contactConfirmed: { email: thisMonth(), phone: thisMonth(), linkedin: thisMonth() },
      });
      expect(seen?.confirmedByInvestor).toBeUndefined();
    }
  });

  it("the email the investor's account verified is confirmed by the investor; the phone is not", async () => {
    const { investorId, sector } = await listedAsNew((accountEmail) => accountEmail.toUpperCase());
    for (const seen of await whatFoundersSee(investorId, sector))
      expect(seen).toMatchObject({
        id: investorId,
        hasEmail: true,
        hasPhone: true,
        confirmedByInvestor: ['email'],
      });
  });
});
