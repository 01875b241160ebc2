import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { listSubmittedInvestorProfiles } from '../../lambdas/lib/table/repositories/investor-accounts';
import { putPortal } from '../../lambdas/lib/table/repositories/portals';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import {
  investorAccountMessages,
  investorMembershipSchema,
  investorProfileResponse,
  profileFieldMessages,
} from '../../shared/api/investor-profile';
import { investorProfileMessages } from '../../shared/investors/investor-profile';
import { call, createInvestor, createUser, signInAgain, type TestUser } from './support/home';

const membership = apiSuccessEnvelope(investorMembershipSchema);
const profileOf = (body: unknown) => apiSuccessEnvelope(investorProfileResponse).parse(body).data;
const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;
/** The groups an ID token carries (its payload read, not verified: the gateway verifies). */
const groupsOf = (token: string): string[] => {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return (payload['cognito:groups'] as string[] | undefined) ?? [];
};

/** A portal of its own for this file, as an admin's Portals tool would add it: data, no code. */
async function newPortal(name: string): Promise<string> {
  const label = `inv-${randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  await putPortal({
    id: `portal-${label}`,
    name,
    description: `${name}: investors meet founders.`,
    urlIdentifier: label,
    createdAt: now,
    updatedAt: now,
    createdBy: 'test',
    firm: { name: `${name} Firm`, website: 'https://firm.example.com' },
    fontFamily: 'Georgia, serif',
  });
  return label;
}

const join = (user: TestUser, portalId: string) =>
  call('POST', '/investor/join', { token: user.token, body: { portalId } });
const save = (user: TestUser, body: unknown) =>
  call('PATCH', '/investor/profile', { token: user.token, body });

let portalId = '';
let secondPortalId = '';

beforeAll(async () => {
  [portalId, secondPortalId] = await Promise.all([newPortal('Acme Angels'), newPortal('Second Network')]);
});

describe('joining a portal as an investor (POST /investor/join)', () => {
  it('makes a new verified user an investor of the portal: the next token carries the group, and a second join answers the same', async () => {
    const user = await createUser();
    expect(groupsOf(user.token)).not.toContain('investor');

    const first = await join(user, portalId);

    expect(first.status).toBe(200);
    const joined = membership.parse(first.body).data;
    expect(joined).toMatchObject({ portalId });
    const again = await join(user, portalId);
    expect(again.status).toBe(200);
    expect(membership.parse(again.body).data).toEqual(joined);
    const refreshed = await signInAgain(user);
    expect(groupsOf(refreshed.token)).toEqual(['investor']);
    const own = await call('GET', '/investor/profile', { token: refreshed.token });
    expect(own.status).toBe(200);
    expect(profileOf(own.body)).toMatchObject({
      profile: { status: 'draft', portalId, name: '', contact: { email: user.email }, updatedAt: null },
      portal: { urlIdentifier: portalId, name: 'Acme Angels', fontFamily: 'Georgia, serif' },
      joinedAt: joined.joinedAt,
    });
  });

  it('refuses founder features to a user who joined, even with a token from before the join (no group in it)', async () => {
    const user = await createUser();
    expect((await join(user, portalId)).status).toBe(200);

    // The token signed before the join: no `investor` group, but the membership is in the table.
    const project = await call('POST', '/projects', {
      token: user.token,
      body: { name: 'P', description: 'D' },
    });
    const me = await call('GET', '/me', { token: user.token });

    expect([project.status, me.status]).toEqual([403, 403]);
    expect(errorOf(project.body).message).toBe(investorAccountMessages.investorNotFounder);
    // Investor routes need the group in the token: the web app refreshes the session after joining.
    expect((await call('GET', '/investor/profile', { token: user.token })).status).toBe(403);
    expect((await call('GET', '/investor/profile', { token: (await signInAgain(user)).token })).status).toBe(
      200,
    );
  });

  it('refuses an admin (403), an unverified user (403) and a signed-out visitor (401)', async () => {
    const [admin, unverified] = await Promise.all([
      createUser({ admin: true }),
      createUser({ verified: false }),
    ]);

    const asAdmin = await join(admin, portalId);
    const asUnverified = await join(unverified, portalId);
    const anonymous = await call('POST', '/investor/join', { body: { portalId } });

    expect([asAdmin.status, asUnverified.status, anonymous.status]).toEqual([403, 403, 401]);
    expect(errorOf(asAdmin.body).message).toBe(investorAccountMessages.adminCannotJoin);
    expect(groupsOf((await signInAgain(admin)).token)).toEqual(['admin']);
  });

  it('refuses a founder who keeps founder records, naming them, and leaves the account a founder', async () => {
    const founder = await createUser();
    await call('POST', '/projects', { token: founder.token, body: { name: 'Mine', description: 'D' } });
    await call('POST', '/podcasts', {
      token: founder.token,
      body: { title: 'My cast', url: 'https://example.com/cast' },
    });

    const refused = await join(founder, portalId);

    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).message).toBe(investorAccountMessages.founderData('projects and podcasts'));
    expect(groupsOf((await signInAgain(founder)).token)).toEqual([]);
    expect((await call('GET', '/projects', { token: founder.token })).status).toBe(200);
  });

  it('refuses an unknown portal (404) and a second portal (409), and checks the body', async () => {
    const user = await createUser();
    expect((await join(user, 'no-such-portal')).status).toBe(404);
    expect((await join(user, portalId)).status).toBe(200);

    const other = await join(user, secondPortalId);

    expect(other.status).toBe(409);
    expect(errorOf(other.body).message).toBe(investorAccountMessages.joinedAnotherPortal('Acme Angels'));
    const unknownField = await call('POST', '/investor/join', {
      token: user.token,
      body: { portalId, admin: true },
    });
    expect(unknownField.status).toBe(400);
  });

  it('works the same for a portal an admin adds through the Portals tool (portals are data)', async () => {
    const admin = await createUser({ admin: true });
    const label = `tool-${randomUUID().slice(0, 8)}`;
    const created = await call('POST', '/admin/portals', {
      token: admin.token,
      body: {
        urlIdentifier: label,
        name: 'Tool Portal',
        description: '',
        firmName: 'Tool Capital',
        firmWebsite: '',
        font: 'mono',
      },
    });
    expect(created.status).toBe(201);

    const investor = await createInvestor(label);
    const own = profileOf((await call('GET', '/investor/profile', { token: investor.token })).body);

    expect(own.portal).toMatchObject({ urlIdentifier: label, firm: { name: 'Tool Capital' } });
    expect(own.profile.portalId).toBe(label);
  });
});

describe("the investor's own profile", () => {
  let investor: TestUser;
  beforeAll(async () => {
    investor = await createInvestor(portalId);
  });

  it('saves a draft: text trimmed, sectors lower case, stages in the founders’ order, addresses completed', async () => {
    const response = await save(investor, {
      name: '  Ana Ribeiro ',
      firm: 'Acme Angels',
      title: 'Partner',
      investorType: 'angel',
      stages: ['series a', 'pre-seed', 'series a'],
      sectors: ['FinTech', ' fintech ', 'Climate  Tech'],
      cities: ['Lisbon', 'lisbon'],
      countries: ['Portugal'],
      regions: ['Europe'],
      chequeMin: 25_000,
      chequeMax: 250_000,
      leadsRounds: true,
      thesis: 'Pre-seed fintech in southern Europe.',
      links: {
        linkedin: 'linkedin.com/in/ana',
        twitter: 'https://x.com/ana',
        crunchbase: '',
        website: 'https://acme.example.com',
      },
      contact: { email: 'ana@acme.example.com', phone: '+351 912 345 678' },
      foundersMayBuy: { email: true, phone: false, linkedin: true, twitter: false, crunchbase: false },
    });

    expect(response.status).toBe(200);
    const { profile } = profileOf(response.body);
    expect(profile).toMatchObject({
      status: 'draft',
      name: 'Ana Ribeiro',
      stages: ['pre-seed', 'series a'],
      // Sectors on the taxonomy: each spelling stored as the entry it names (Climate Tech → climate).
      sectors: ['fintech', 'climate'],
      cities: ['Lisbon'],
      links: { linkedin: 'https://linkedin.com/in/ana', twitter: 'https://x.com/ana' },
      foundersMayBuy: { email: true, phone: false, linkedin: true },
      submittedAt: null,
    });
    expect(profile.updatedAt).not.toBeNull();
    // A later save changes only what it gives.
    const thesis = await save(investor, { thesis: 'Seed fintech.' });
    expect(profileOf(thesis.body).profile).toMatchObject({ thesis: 'Seed fintech.', name: 'Ana Ribeiro' });
  });

  it('refuses what does not make sense, saying what and changing nothing', async () => {
    const cases: [unknown, string][] = [
      [
        { links: { linkedin: 'https://example.com/ana', twitter: '', crunchbase: '', website: '' } },
        profileFieldMessages.linkedin,
      ],
      [{ contact: { email: 'not an email', phone: '' } }, profileFieldMessages.email],
      [{ contact: { email: '', phone: 'call me' } }, profileFieldMessages.phone],
      [{ stages: ['seed', 'series z'] }, profileFieldMessages.stages],
      [{ sectors: Array.from({ length: 11 }, (_, i) => `sector ${i}`) }, profileFieldMessages.sectors],
      [{ chequeMin: 1.5 }, profileFieldMessages.cheque],
      [{ chequeMin: 500_000, chequeMax: 100_000 }, investorProfileMessages.chequeOrder],
      [
        {
          contact: { email: 'ana@acme.example.com', phone: '' },
          foundersMayBuy: { email: true, phone: true, linkedin: false, twitter: false, crunchbase: false },
        },
        investorProfileMessages.mayBuyWithoutValue('phone'),
      ],
      [{ thesis: 'x'.repeat(2001) }, profileFieldMessages.thesis],
      [{}, investorAccountMessages.emptyChange],
      [{ status: 'submitted' }, "Unknown field 'status': this request does not take it"],
    ];
    const before = profileOf((await call('GET', '/investor/profile', { token: investor.token })).body);

    for (const [body, message] of cases) {
      const response = await save(investor, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(response.body).message, JSON.stringify(body)).toContain(message);
    }

    const after = profileOf((await call('GET', '/investor/profile', { token: investor.token })).body);
    expect(after).toEqual(before);
  });

  it('submits a complete draft into the review queue; a save takes it back to a draft, out of the queue', async () => {
    const fresh = await createInvestor(portalId);
    const incomplete = await call('POST', '/investor/profile/submit', { token: fresh.token });
    expect(incomplete.status).toBe(400);
    expect(errorOf(incomplete.body).message).toBe(investorProfileMessages.nameRequired);
    await save(fresh, { name: 'Bea Costa', investorType: 'vc', stages: ['seed'], sectors: ['health'] });

    const submitted = await call('POST', '/investor/profile/submit', { token: fresh.token });

    expect(submitted.status).toBe(200);
    const { profile } = profileOf(submitted.body);
    expect(profile).toMatchObject({ status: 'submitted', name: 'Bea Costa' });
    expect(profile.submittedAt).toBe(profile.updatedAt);
    const queue = (await listSubmittedInvestorProfiles(null, 1000)).items;
    expect(queue.find((p) => p.userId === fresh.sub)).toMatchObject({
      portalId,
      accountEmail: fresh.email,
      submittedAt: profile.submittedAt,
    });
    const twice = await call('POST', '/investor/profile/submit', { token: fresh.token });
    expect(twice.status).toBe(409);
    expect(errorOf(twice.body).message).toBe(investorAccountMessages.alreadySubmitted);

    const edited = await save(fresh, { title: 'Principal' });

    expect(profileOf(edited.body).profile).toMatchObject({
      status: 'draft',
      submittedAt: null,
      title: 'Principal',
    });
    expect((await listSubmittedInvestorProfiles(null, 1000)).items.some((p) => p.userId === fresh.sub)).toBe(
      false,
    );
  });
});
