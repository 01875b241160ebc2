import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { importRows } from '../../infra/local/seed';
import { getImportedInvestor } from '../../lambdas/lib/table/repositories/investors';
import { putPortal } from '../../lambdas/lib/table/repositories/portals';
import { getProfileSheets } from '../../lambdas/lib/table/repositories/profile-facts';
import { profileFieldMessages } from '../../shared/api/investor-profile';
import { call, createInvestor, createUser, type TestUser } from './support/home';
import { defineOnTaxonomy, unique } from './support/seed';
import { settleWorkflows } from './support/settle';

/**
 * Profile facts (issue 33) through the product's own paths: an import with the usual column
 * spellings, the investor's portal profile (reviewed and approved), an admin's edit over HTTP; each
 * fact read back on the public profile with who confirmed it and when, on cards as one line, and in
 * the Mapping Debugger with its source. Sizes are refused with a plain message.
 */

const SPRING = new Date('2025-03-10T10:00:00.000Z');
const SUMMER = new Date('2025-07-01T10:00:00.000Z');

let admin: TestUser;
let portalId = '';

beforeAll(async () => {
  admin = await createUser({ admin: true });
  portalId = `facts-${randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  await putPortal({
    id: `portal-${portalId}`,
    name: `Facts Network ${portalId}`,
    description: 'Investors meet founders.',
    urlIdentifier: portalId,
    createdAt: now,
    updatedAt: now,
    createdBy: 'test',
    firm: { name: 'Facts Firm', website: 'https://facts.example.com' },
    fontFamily: null,
  });
});

const HEADERS = [
  'Investor Name',
  'Email',
  'Sector Focus',
  'Investment thesis',
  'Website',
  'Lead/Follow',
  'Avg ticket',
  'Invests in',
  'Portfolio companies',
  'Notable investments',
  'Notes',
];

interface Row {
  name: string;
  email: string;
  sector: string;
  thesis?: string;
  website?: string;
  lead?: string;
  ticket?: string;
  investsIn?: string;
  portfolio?: string;
  investments?: string;
  notes?: string;
}

async function importRow(row: Row, importedAt: Date, sourceName = 'facts test') {
  await settleWorkflows();
  // The test's own sector, on the taxonomy as an admin adds one (off the list it would wait in the queue).
  await defineOnTaxonomy('sector', [row.sector]);
  await importRows(
    HEADERS,
    [
      [
        row.name,
        row.email,
        row.sector,
        row.thesis ?? '',
        row.website ?? '',
        row.lead ?? '',
        row.ticket ?? '',
        row.investsIn ?? '',
        row.portfolio ?? '',
        row.investments ?? '',
        row.notes ?? '',
      ],
    ],
    { sourceName, sourceUrl: 'https://example.com/facts.csv', importedByUserId: 'test-admin' },
    { importedAt: () => importedAt },
  );
}

const dataOf = <T>(body: unknown) => (body as { data: T }).data;

async function cardsOf(path: string) {
  const response = await call('GET', path);
  expect(response.status, response.text).toBe(200);
  return dataOf<{ items: { id: string; thesisLine?: string | null }[] }>(response.body).items;
}

async function publicProfile(id: string) {
  const response = await call('GET', `/investors/${id}`);
  expect(response.status, response.text).toBe(200);
  return dataOf<Record<string, unknown>>(response.body);
}

const editProfile = (id: string, body: unknown, token = admin.token) =>
  call('PUT', `/admin/investors/${id}/profile`, { token, body });

describe('profile facts from an import (connected)', () => {
  it('reads the usual columns into the public profile, with the import’s month, and one line on every card', async () => {
    const u = unique();
    const sector = `facts-${u}`;
    const thesis = `Backing technical founders in payments and lending ${u}.\n\nFrom pre-seed, often as the first cheque.`;
    await importRow(
      {
        name: `Facts Person ${u}`,
        email: `facts-${u}@example.com`,
        sector,
        thesis,
        website: `facts-${u}.example.com`,
        lead: 'Both',
        ticket: '$250k',
        // Places and stages in the sources' spellings: the profile reads them on the taxonomy.
        investsIn: 'portugal, ES; europe',
        portfolio: 'Acme Robotics (acme.example, seed, 2021); Globex (Series D, 2023)',
        investments: 'Lumen Health (series-a, 2024-03, $4M)',
        notes: `private note ${u}`,
      },
      SPRING,
    );
    const [card] = await cardsOf(`/investors?sectorFocus=${sector}`);
    if (!card) throw new Error('the imported investor is not listed');
    expect(card.thesisLine).toBe(`Backing technical founders in payments and lending ${u}.`);
    // Seen once: the sheet is the one its record implies (no item written for it).
    expect(await getProfileSheets([card.id], { consistent: true })).toEqual(new Map());

    const profile = await publicProfile(card.id);
    expect(profile).toMatchObject({
      thesis,
      website: `https://facts-${u}.example.com`,
      leadOrFollow: 'both',
      leadsRounds: true,
      typicalCheque: 250_000,
      geographicFocus: ['Portugal', 'Spain', 'Europe'],
      portfolio: [
        { name: 'Acme Robotics', website: 'https://acme.example', stage: 'Seed', year: 2021 },
        // A round the taxonomy counts under a wider stage (Series C+) says which round it was.
        { name: 'Globex', website: null, stage: 'Series D', year: 2023 },
      ],
      recentInvestments: [{ company: 'Lumen Health', round: 'Series A', date: '2024-03', amount: 4_000_000 }],
      profileConfirmed: {
        thesis: { by: 'import', month: '2025-03' },
        portfolio: { by: 'import', month: '2025-03' },
      },
    });
    // Public facts, never the notes or the source.
    expect(JSON.stringify(profile)).not.toContain(`private note ${u}`);
    expect(JSON.stringify(profile)).not.toContain('facts test');

    // Combined search reads the snapshot: the card's line is there too.
    await settleWorkflows();
    const [combined] = await cardsOf(
      `/investors?q=${encodeURIComponent(`Facts Person ${u}`)}&sectorFocus=${sector}`,
    );
    expect(combined?.thesisLine).toBe(card.thesisLine);
    // Found by a word of its thesis alone: the search engine's thesis words are the investor's own.
    expect((await cardsOf(`/investors?q=technical&sectorFocus=${sector}`)).map((c) => c.id)).toEqual([
      card.id,
    ]);
    expect(await cardsOf(`/investors?q=zebrafish&sectorFocus=${sector}`)).toEqual([]);
  });
});

describe('an admin’s edit of the profile facts (connected)', () => {
  it('sets and removes facts as the admin’s, which a later import does not undo', async () => {
    const u = unique();
    const sector = `facts-admin-${u}`;
    await importRow(
      {
        name: `Edited ${u}`,
        email: `edited-${u}@example.com`,
        sector,
        thesis: 'Imported thesis',
        ticket: '100k',
      },
      SPRING,
    );
    const [card] = await cardsOf(`/investors?sectorFocus=${sector}`);
    if (!card) throw new Error('not listed');

    const edited = await editProfile(card.id, {
      thesis: `Admin thesis ${u}`,
      typicalCheque: null,
      portfolio: [{ name: 'Kite', website: 'kite.example', stage: 'Seed', year: 2022 }],
    });
    expect(edited.status, edited.text).toBe(200);
    const answer = dataOf<{
      profile: { fields: Record<string, { value: unknown; source: { kind: string; ref: string } }> };
    }>(edited.body);
    expect(answer.profile.fields.thesis).toMatchObject({
      value: `Admin thesis ${u}`,
      source: { kind: 'admin', ref: admin.sub },
    });
    expect(answer.profile.fields.portfolio?.value).toEqual([
      { name: 'Kite', website: 'https://kite.example', stage: 'Seed', year: 2022 },
    ]);

    await importRow(
      {
        name: `Edited ${u}`,
        email: `edited-${u}@example.com`,
        sector,
        thesis: 'Newer import',
        ticket: '500k',
      },
      SUMMER,
    );
    const profile = await publicProfile(card.id);
    expect(profile).toMatchObject({ thesis: `Admin thesis ${u}`, typicalCheque: null });
    expect((profile.profileConfirmed as Record<string, { by: string }>).thesis?.by).toBe('admin');
    const [after] = await cardsOf(`/investors?sectorFocus=${sector}`);
    expect(after?.thesisLine).toBe(`Admin thesis ${u}`);

    // The Mapping Debugger shows each fact with its source.
    const debug = await call('GET', `/admin/searchable-investors/${card.id}`, { token: admin.token });
    expect(debug.status).toBe(200);
    expect(
      dataOf<{ profile: { fields: Record<string, unknown> } }>(debug.body).profile.fields.thesis,
    ).toMatchObject({
      source: { kind: 'admin' },
    });
  });

  it('refuses sizes past the limits plainly, an empty edit, and an unknown investor', async () => {
    const u = unique();
    const sector = `facts-sizes-${u}`;
    await importRow({ name: `Sizes ${u}`, email: `sizes-${u}@example.com`, sector }, SPRING);
    const [card] = await cardsOf(`/investors?sectorFocus=${sector}`);
    if (!card) throw new Error('not listed');
    const cases: [unknown, string][] = [
      [{ thesis: 'x'.repeat(2001) }, profileFieldMessages.thesis],
      [
        {
          portfolio: Array.from({ length: 51 }, (_, i) => ({
            name: `C${i}`,
            website: null,
            stage: null,
            year: null,
          })),
        },
        profileFieldMessages.portfolio,
      ],
      [
        {
          recentInvestments: Array.from({ length: 21 }, (_, i) => ({
            company: `I${i}`,
            round: null,
            date: null,
            amount: null,
          })),
        },
        profileFieldMessages.recentInvestments,
      ],
      [{ portfolio: [{ name: 'Acme', website: null, stage: null, year: 1850 }] }, profileFieldMessages.year],
      [
        { recentInvestments: [{ company: 'Acme', round: null, date: 'March', amount: null }] },
        profileFieldMessages.date,
      ],
      [{ leadOrFollow: 'sometimes' }, profileFieldMessages.leadOrFollow],
      [{}, 'Give at least one profile field to change.'],
    ];
    for (const [body, message] of cases) {
      const refused = await editProfile(card.id, body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.text).toContain(message);
    }
    const unknown = await editProfile('inv_nobody', { thesis: 'x' });
    expect(unknown.status).toBe(404);
    // Nothing was written by the refusals.
    expect(await getProfileSheets([card.id], { consistent: true })).toEqual(new Map());
  });
});

describe('profile facts from the investor through the portal (connected)', () => {
  it('lists the thesis and website as public facts (not notes, not a social link), confirmed by the investor', async () => {
    const investor = await createInvestor(portalId);
    const u = unique();
    const sector = `facts-portal-${u}`;
    await defineOnTaxonomy('sector', [sector]);
    const thesis = `Pre-seed fintech in southern Europe ${u}.\nWe lead or follow.`;
    const saved = await call('PATCH', '/investor/profile', {
      token: investor.token,
      body: {
        name: `Portal Facts ${u}`,
        investorType: 'angel',
        stages: ['seed'],
        sectors: [sector],
        thesis,
        links: { linkedin: '', twitter: '', crunchbase: '', website: `portal-${u}.example.com` },
        leadOrFollow: 'both',
        leadsRounds: true,
        typicalCheque: 50_000,
        geographicFocus: ['Portugal', 'Spain'],
        portfolio: [{ name: 'Orbit Labs', website: null, stage: 'Pre-seed', year: 2024 }],
        recentInvestments: [{ company: 'Orbit Labs', round: 'Pre-seed', date: '2024-05', amount: 50_000 }],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    // The portal holds the same sizes: a thesis past 2,000 characters is refused, saying so.
    const tooLong = await call('PATCH', '/investor/profile', {
      token: investor.token,
      body: { thesis: 'x'.repeat(2001) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain(profileFieldMessages.thesis);

    const submitted = await call('POST', '/investor/profile/submit', { token: investor.token });
    expect(submitted.status, submitted.text).toBe(200);
    const updatedAt = dataOf<{ profile: { updatedAt: string } }>(submitted.body).profile.updatedAt;
    const approved = await call('POST', `/admin/investor-submissions/${investor.sub}/approve`, {
      token: admin.token,
      body: { updatedAt },
    });
    expect(approved.status, approved.text).toBe(200);

    const [card] = await cardsOf(`/investors?sectorFocus=${sector}`);
    if (!card) throw new Error('the approved profile is not listed');
    expect(card.thesisLine).toBe(`Pre-seed fintech in southern Europe ${u}. We lead or follow.`);
    const month = new Date().toISOString().slice(0, 7);
    const profile = await publicProfile(card.id);
    expect(profile).toMatchObject({
      thesis,
      website: `https://portal-${u}.example.com`,
      leadOrFollow: 'both',
      typicalCheque: 50_000,
      geographicFocus: ['Portugal', 'Spain'],
      // The investor wrote "Pre-seed": the profile reads it in the taxonomy's spelling.
      portfolio: [{ name: 'Orbit Labs', website: null, stage: 'Pre-Seed', year: 2024 }],
      recentInvestments: [{ company: 'Orbit Labs', round: 'Pre-Seed', date: '2024-05', amount: 50_000 }],
      profileConfirmed: {
        thesis: { by: 'investor', month },
        website: { by: 'investor', month },
        portfolio: { by: 'investor', month },
      },
    });

    // The self-submitted record keeps the thesis and website as facts: not the admins' notes, not a social link.
    const record = await getImportedInvestor(`self_${investor.sub}`);
    expect(record).toMatchObject({ notes: null, thesis, website: `https://portal-${u}.example.com` });
    expect(record?.social.other).toEqual([]);

    // An admin's later edit replaces the investor's word (admin authority), and says so.
    const edited = await editProfile(card.id, { website: null });
    expect(edited.status, edited.text).toBe(200);
    const afterEdit = await publicProfile(card.id);
    expect(afterEdit.website).toBeNull();
    expect((afterEdit.profileConfirmed as Record<string, unknown>).website).toBeUndefined();
    expect((afterEdit.profileConfirmed as Record<string, { by: string }>).thesis?.by).toBe('investor');
  });

  it('reviews a listed investor’s change to their facts alone, and lists it once approved (issue 48)', async () => {
    const investor = await createInvestor(portalId);
    const u = unique();
    const sector = `facts-change-${u}`;
    await defineOnTaxonomy('sector', [sector]);
    const first = await call('PATCH', '/investor/profile', {
      token: investor.token,
      body: {
        name: `Facts Change ${u}`,
        investorType: 'angel',
        stages: ['seed'],
        sectors: [sector],
        leadOrFollow: 'follow',
        leadsRounds: false,
        typicalCheque: 25_000,
        geographicFocus: ['Portugal'],
        portfolio: [{ name: 'First Co', website: null, stage: null, year: 2020 }],
        recentInvestments: [],
      },
    });
    expect(first.status, first.text).toBe(200);
    const approveNow = async () => {
      const submitted = await call('POST', '/investor/profile/submit', { token: investor.token });
      expect(submitted.status, submitted.text).toBe(200);
      const updatedAt = dataOf<{ profile: { updatedAt: string } }>(submitted.body).profile.updatedAt;
      const approved = await call('POST', `/admin/investor-submissions/${investor.sub}/approve`, {
        token: admin.token,
        body: { updatedAt },
      });
      expect(approved.status, approved.text).toBe(200);
    };
    await approveNow();
    const [card] = await cardsOf(`/investors?sectorFocus=${sector}`);
    if (!card) throw new Error('the approved profile is not listed');

    // Only facts change: that is a change to review, not a save already in effect.
    const changed = await call('PATCH', '/investor/profile', {
      token: investor.token,
      body: {
        leadOrFollow: 'lead',
        leadsRounds: true,
        typicalCheque: 75_000,
        geographicFocus: ['Spain'],
        portfolio: [{ name: 'Second Co', website: null, stage: null, year: 2025 }],
        recentInvestments: [{ company: 'Second Co', round: null, date: '2025-03', amount: 75_000 }],
      },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(dataOf<{ profile: { status: string } }>(changed.body).profile.status).toBe('draft');
    // Founders still see the listed facts until an admin approves.
    expect(await publicProfile(card.id)).toMatchObject({ typicalCheque: 25_000, leadOrFollow: 'follow' });
    await approveNow();

    expect(await publicProfile(card.id)).toMatchObject({
      leadOrFollow: 'lead',
      typicalCheque: 75_000,
      geographicFocus: ['Spain'],
      portfolio: [{ name: 'Second Co', year: 2025 }],
      recentInvestments: [{ company: 'Second Co', date: '2025-03', amount: 75_000 }],
    });
    const [after] = await cardsOf(`/investors?sectorFocus=${sector}`);
    expect(after?.id).toBe(card.id);
  });
});
