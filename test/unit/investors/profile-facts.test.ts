import { describe, expect, it } from 'vitest';
import {
  applyInvestorProfile,
  derivedProfileSheet,
  editProfileSheet,
  emptyProfileSheet,
  factConfirmedPhrase,
  foldImportedProfiles,
  importedProfileFacts,
  PROFILE_FACT_LIMITS,
  type ProfileFacts,
  profileConfirmed,
  profileFactsOf,
  sameProfileFields,
  thesisLine,
  withPublicProfileFacts,
} from '../../../shared/investors/profile-facts';
import type { ImportedInvestor } from '../../../shared/investors/types';
import { decodeSnapshot, encodeSnapshot } from '../../../shared/search/snapshot';

const social = {
  linkedin: null,
  twitter: null,
  crunchbase: null,
  instagram: null,
  youtube: null,
  tiktok: null,
  other: [],
};

const record = (overrides: Partial<ImportedInvestor> = {}): ImportedInvestor => ({
  id: 'imp-1',
  searchableInvestorEntryId: null,
  firstName: null,
  lastName: null,
  fullName: 'Ada Lovelace',
  photos: [],
  email: 'ada@example.com',
  phone: null,
  social,
  title: null,
  investorRole: 'vc',
  primaryFirm: null,
  otherFirms: [],
  stageFocus: [],
  sectorFocus: [],
  geographyFocus: null,
  checkSize: null,
  leadsRounds: null,
  selectedInvestments: [],
  portfolioCompanies: [],
  tags: [],
  notes: null,
  otherMetadata: [],
  sourceName: 'Spring list',
  sourceUrl: 'https://example.com/spring.csv',
  importedAt: '2026-01-10T09:00:00.000Z',
  importedByUserId: 'admin-1',
  status: 'pending',
  fieldStatuses: [],
  updatedAt: '2026-01-10T09:00:00.000Z',
  ...overrides,
});

const noFacts: ProfileFacts = {
  thesis: null,
  website: null,
  leadOrFollow: null,
  typicalCheque: null,
  geographicFocus: [],
  portfolio: [],
  recentInvestments: [],
  fundSize: null,
  vintage: null,
};

const acme = { name: 'Acme', website: null, stage: 'Seed', year: 2021 };

describe('profile facts of an imported record', () => {
  it('reads the new columns, and an older record’s spec lists and leads-rounds answer', () => {
    expect(importedProfileFacts(record({ thesis: ' Seed fintech. ', portfolio: [acme] }))).toMatchObject({
      thesis: 'Seed fintech.',
      portfolio: [acme],
    });
    const older = importedProfileFacts(
      record({ leadsRounds: false, portfolioCompanies: ['Globex'], selectedInvestments: ['Kite'] }),
    );
    expect(older).toMatchObject({
      leadOrFollow: 'follow',
      portfolio: [{ name: 'Globex', website: null, stage: null, year: null }],
      recentInvestments: [{ company: 'Kite', round: null, date: null, amount: null }],
    });
  });

  it('never takes the admins’ notes as a thesis', () => {
    expect(importedProfileFacts(record({ notes: 'Call after lunch' })).thesis).toBeNull();
  });
});

describe('profile sheet provenance (ranked investor > admin > import, as contacts)', () => {
  const spring = record({ id: 'imp-1', thesis: 'Old thesis', typicalCheque: 100_000 });
  const autumn = record({
    id: 'imp-2',
    thesis: 'New thesis',
    importedAt: '2026-09-01T09:00:00.000Z',
    sourceName: 'Autumn list',
  });

  it('derives an investor’s sheet from its linked record, each fact from that import at its date', () => {
    const sheet = derivedProfileSheet('inv-1', spring);
    expect(sheet.fields.thesis).toEqual({
      value: 'Old thesis',
      source: { kind: 'import', name: 'Spring list', url: 'https://example.com/spring.csv', ref: 'imp-1' },
      changedAt: '2026-01-10T09:00:00.000Z',
      confirmedAt: '2026-01-10T09:00:00.000Z',
    });
    expect(Object.keys(sheet.fields)).toEqual(['thesis', 'typicalCheque']);
  });

  it('lets a newer import replace an older one, in any order, and a blank cell change nothing', () => {
    const forward = foldImportedProfiles(emptyProfileSheet('inv-1', spring.importedAt), [spring, autumn]);
    const backward = foldImportedProfiles(emptyProfileSheet('inv-1', spring.importedAt), [autumn, spring]);
    expect(sameProfileFields(forward, backward)).toBe(true);
    expect(profileFactsOf(forward)).toMatchObject({ thesis: 'New thesis', typicalCheque: 100_000 });
  });

  it('keeps an admin’s edit against every later import, and the investor’s later word over the admin', () => {
    const imported = derivedProfileSheet('inv-1', spring);
    const edited = editProfileSheet(
      imported,
      { thesis: 'Admin thesis', typicalCheque: null },
      'admin-1',
      '2026-02-01T00:00:00Z',
    );
    expect(profileFactsOf(edited)).toMatchObject({ thesis: 'Admin thesis', typicalCheque: null });
    expect(edited.fields.thesis?.source).toMatchObject({ kind: 'admin', ref: 'admin-1' });
    const reimported = foldImportedProfiles(edited, [autumn]);
    expect(profileFactsOf(reimported).thesis).toBe('Admin thesis');
    const theirs = applyInvestorProfile(
      reimported,
      { ...noFacts, thesis: 'My thesis' },
      'user-9',
      '2026-10-01T00:00:00Z',
    );
    expect(theirs.fields.thesis).toMatchObject({
      value: 'My thesis',
      source: { kind: 'investor', ref: 'user-9' },
    });
    // An admin's edit replaces the investor's value too (issue 30's admin authority).
    const overruled = editProfileSheet(theirs, { thesis: 'Fixed typo' }, 'admin-2', '2026-10-02T00:00:00Z');
    expect(overruled.fields.thesis?.source.kind).toBe('admin');
  });

  it('leaves a fact the investor leaves blank as it was, unless they gave it themselves before', () => {
    const imported = derivedProfileSheet('inv-1', spring);
    const listed = applyInvestorProfile(
      imported,
      { ...noFacts, website: 'https://ada.example' },
      'u',
      '2026-03-01T00:00:00Z',
    );
    expect(profileFactsOf(listed)).toMatchObject({ thesis: 'Old thesis', website: 'https://ada.example' });
    const cleared = applyInvestorProfile(listed, noFacts, 'u', '2026-04-01T00:00:00Z');
    expect(profileFactsOf(cleared)).toMatchObject({ thesis: 'Old thesis', website: null });
    expect(cleared.fields.website).toMatchObject({ value: null, source: { kind: 'investor' } });
  });

  it('confirms the same value without moving changedAt, by the day; a higher source takes it over', () => {
    const imported = derivedProfileSheet('inv-1', spring);
    const same = applyInvestorProfile(
      imported,
      { ...noFacts, thesis: 'Old thesis' },
      'u',
      '2026-05-05T10:00:00Z',
    );
    expect(same.fields.thesis).toMatchObject({
      value: 'Old thesis',
      source: { kind: 'investor' },
      changedAt: '2026-01-10T09:00:00.000Z',
      confirmedAt: '2026-05-05T10:00:00.000Z',
    });
    expect(profileConfirmed(same).thesis).toEqual({ by: 'investor', month: '2026-05' });
    expect(factConfirmedPhrase(profileConfirmed(same).thesis)).toBe('confirmed by the investor May 2026');
    expect(factConfirmedPhrase(profileConfirmed(imported).thesis)).toBe('confirmed Jan 2026');
  });

  it('compares websites loosely and lists by their content', () => {
    const a = editProfileSheet(
      emptyProfileSheet('i', '2026-01-01T00:00:00Z'),
      { website: 'https://www.acme.example/' },
      'a',
      '2026-01-01T00:00:00Z',
    );
    const b = editProfileSheet(a, { website: 'acme.example', portfolio: [] }, 'a', '2026-01-02T00:00:00Z');
    expect(b.fields.website?.changedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(b.fields.portfolio).toBeUndefined();
  });
});

describe('the card’s one-line thesis', () => {
  it('is the first paragraph, spaces collapsed, cut at a word with an ellipsis', () => {
    expect(thesisLine('Seed fintech.\n\nMore below.')).toBe('Seed fintech.');
    expect(thesisLine('  a   b ')).toBe('a b');
    expect(thesisLine(null)).toBeNull();
    const long =
      'Backing technical founders who build infrastructure for payments, lending and insurance across southern Europe and Latin America, from pre-seed.';
    const line = thesisLine(long) ?? '';
    expect(Array.from(line).length).toBeLessThanOrEqual(PROFILE_FACT_LIMITS.thesisLine);
    expect(line.endsWith('…')).toBe(true);
    expect(long.startsWith(line.slice(0, -1))).toBe(true);
  });

  it('goes on the searchable investor from the sheet, and off it when the thesis is removed', () => {
    const sheet = derivedProfileSheet('inv-1', record({ thesis: 'Seed fintech.' }));
    const withLine = withPublicProfileFacts({ id: 'inv-1' } as { id: string; thesisLine?: string }, sheet);
    expect(withLine).toEqual({ id: 'inv-1', thesisLine: 'Seed fintech.' });
    const removed = editProfileSheet(sheet, { thesis: null }, 'a', '2026-02-01T00:00:00Z');
    expect(withPublicProfileFacts(withLine, removed)).toEqual({ id: 'inv-1' });
  });
});

describe('the search snapshot’s one-line thesis (an additive 16th column)', () => {
  const card = {
    id: 'inv_1',
    name: 'Ana Angel',
    investorRole: 'angel',
    stageFocus: ['seed'],
    sectorFocus: ['fintech'],
    hasEmail: true,
    hasPhone: false,
    hasLinkedIn: false,
    hasTwitter: false,
    hasCrunchbase: false,
    firmName: null,
    title: null,
    cities: [],
    countries: [],
    checkMin: null,
    checkMax: null,
    contactConfirmed: {},
  };

  it('round-trips the thesis line; rows without one keep their older length', () => {
    const at = '2026-11-25T00:00:00.000Z';
    const snapshot = encodeSnapshot(
      [
        { card: { ...card, thesisLine: 'Seed fintech in Iberia.' }, updatedAt: at },
        { card: { ...card, id: 'inv_2' }, updatedAt: at },
      ],
      new Date(at),
    );
    expect(snapshot.rows[0]).toHaveLength(16);
    expect(snapshot.rows[1]).toHaveLength(14);
    const [first, second] = decodeSnapshot(JSON.parse(JSON.stringify(snapshot))).investors;
    expect(first?.card).toEqual({ ...card, thesisLine: 'Seed fintech in Iberia.' });
    expect(second?.card).toEqual({ ...card, id: 'inv_2' });
  });
});

describe('the fund’s size and vintage as profile facts (issue 52)', () => {
  it('comes from an import and keeps its provenance like any fact', () => {
    const sheet = derivedProfileSheet('inv-1', record({ fundSize: 80_000_000, vintage: 2019 }));
    expect(profileFactsOf(sheet)).toMatchObject({ fundSize: 80_000_000, vintage: 2019 });
    expect(profileConfirmed(sheet).vintage).toEqual({ by: 'import', month: '2026-01' });
    const edited = editProfileSheet(sheet, { vintage: 2023 }, 'admin-1', '2026-02-01T00:00:00.000Z');
    expect(profileFactsOf(edited).vintage).toBe(2023);
    expect(profileFactsOf(edited).fundSize).toBe(80_000_000);
  });
});
