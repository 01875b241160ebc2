import { describe, expect, it } from 'vitest';
import {
  applyContactEvidence,
  applyInvestorContacts,
  type ContactSource,
  confirmedMonths,
  contactFlags,
  correctContactSheet,
  derivedContactSheet,
  emptyContactSheet,
  foldImportedRecords,
  formatConfirmedMonth,
  freshnessLabel,
  sameContactFields,
  sameContactValue,
} from '../../../shared/investors/provenance';
import type { ImportedInvestor } from '../../../shared/investors/types';

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

const importFrom = (name: string, ref = 'imp-x'): ContactSource => ({
  kind: 'import',
  name,
  url: `https://example.com/${name}`,
  ref,
});
const admin: ContactSource = { kind: 'admin', name: 'admin correction', url: null, ref: 'admin-1' };
const investor: ContactSource = { kind: 'investor', name: 'investor', url: null, ref: 'user-9' };

describe('derivedContactSheet: an investor without a stored sheet', () => {
  it("takes each non-blank value from its record, from that record's import, changed and confirmed when imported", () => {
    const sheet = derivedContactSheet(
      'inv-1',
      record({ phone: '  ', social: { ...social, linkedin: ' https://linkedin.com/in/ada ' } }),
    );
    expect(sheet).toEqual({
      investorId: 'inv-1',
      updatedAt: '2026-01-10T09:00:00.000Z',
      fields: {
        email: {
          value: 'ada@example.com',
          source: {
            kind: 'import',
            name: 'Spring list',
            url: 'https://example.com/spring.csv',
            ref: 'imp-1',
          },
          changedAt: '2026-01-10T09:00:00.000Z',
          confirmedAt: '2026-01-10T09:00:00.000Z',
        },
        linkedin: {
          value: 'https://linkedin.com/in/ada',
          source: {
            kind: 'import',
            name: 'Spring list',
            url: 'https://example.com/spring.csv',
            ref: 'imp-1',
          },
          changedAt: '2026-01-10T09:00:00.000Z',
          confirmedAt: '2026-01-10T09:00:00.000Z',
        },
      },
    });
    expect(contactFlags(sheet)).toEqual({
      hasEmail: true,
      hasPhone: false,
      hasLinkedIn: true,
      hasTwitter: false,
      hasCrunchbase: false,
    });
  });
});

describe('applyContactEvidence', () => {
  const first = applyContactEvidence('email', undefined, {
    value: 'ada@example.com',
    source: importFrom('spring'),
    at: '2026-01-10T09:00:00.000Z',
  });

  it('confirms the same value seen again (any case) on a later day, keeping where it came from', () => {
    const again = applyContactEvidence('email', first, {
      value: 'ADA@example.com',
      source: importFrom('autumn'),
      at: '2026-03-02T12:00:00.000Z',
    });
    expect(again).toEqual({ ...first, confirmedAt: '2026-03-02T12:00:00.000Z' });
  });

  it('keeps the confirmation as it is when the same value is seen again the same day', () => {
    expect(
      applyContactEvidence('email', first, {
        value: 'ada@example.com',
        source: importFrom('again'),
        at: '2026-01-10T18:00:00.000Z',
      }),
    ).toEqual(first);
  });

  it('replaces the value with a newer import, moving changedAt', () => {
    expect(
      applyContactEvidence('email', first, {
        value: 'ada@new.example.com',
        source: importFrom('autumn', 'imp-2'),
        at: '2026-03-02T12:00:00.000Z',
      }),
    ).toEqual({
      value: 'ada@new.example.com',
      source: importFrom('autumn', 'imp-2'),
      changedAt: '2026-03-02T12:00:00.000Z',
      confirmedAt: '2026-03-02T12:00:00.000Z',
    });
  });

  it('ignores an older import with another value (the order records are met in does not matter)', () => {
    expect(
      applyContactEvidence('email', first, {
        value: 'old@example.com',
        source: importFrom('winter'),
        at: '2025-12-01T00:00:00.000Z',
      }),
    ).toBe(first);
  });

  it('lets an admin correction outrank every later import, which can only confirm it', () => {
    const corrected = applyContactEvidence('email', first, {
      value: 'ada@right.example.com',
      source: admin,
      at: '2026-02-01T08:00:00.000Z',
    });
    expect(corrected).toMatchObject({ value: 'ada@right.example.com', source: admin });
    const laterImport = applyContactEvidence('email', corrected, {
      value: 'ada@example.com',
      source: importFrom('summer'),
      at: '2026-06-01T00:00:00.000Z',
    });
    expect(laterImport).toBe(corrected);
    const confirmingImport = applyContactEvidence('email', corrected, {
      value: 'ada@right.example.com',
      source: importFrom('summer'),
      at: '2026-06-01T00:00:00.000Z',
    });
    expect(confirmingImport).toEqual({ ...corrected, confirmedAt: '2026-06-01T00:00:00.000Z' });
  });

  it("lets the investor's own value outrank an admin's", () => {
    const corrected = applyContactEvidence('phone', undefined, {
      value: '+1 555 0100',
      source: admin,
      at: '2026-02-01T08:00:00.000Z',
    });
    expect(
      applyContactEvidence('phone', corrected, {
        value: '+1 555 0199',
        source: investor,
        at: '2026-02-02T00:00:00Z',
      }),
    ).toMatchObject({ value: '+1 555 0199', source: investor });
  });

  it('an admin confirming an imported value takes it over without changing it', () => {
    expect(
      applyContactEvidence('email', first, {
        value: 'ada@example.com',
        source: admin,
        at: '2026-02-01T08:00:00.000Z',
      }),
    ).toEqual({ ...first, source: admin, confirmedAt: '2026-02-01T08:00:00.000Z' });
  });
});

describe('sameContactValue', () => {
  it.each([
    ['email', 'Ada@Example.com', ' ada@example.com', true],
    ['email', 'ada@example.com', 'ada@example.org', false],
    ['phone', '+1 (555) 010-0', '+1555 0100', true],
    ['phone', '555 0100', '+1 555 0100', false],
    ['linkedin', 'https://www.linkedin.com/in/ada/', 'http://linkedin.com/in/Ada', true],
    ['twitter', 'https://twitter.com/ada', 'https://twitter.com/bob', false],
  ] as const)('%s: %j and %j are the same: %s', (kind, a, b, same) => {
    expect(sameContactValue(kind, a, b)).toBe(same);
  });
});

describe('foldImportedRecords: what an import writes', () => {
  it('folds a batch oldest first whatever its order, and a blank cell removes nothing', () => {
    const older = record({ id: 'imp-1', phone: '+1 555 0100' });
    const newer = record({
      id: 'imp-2',
      phone: '',
      email: 'ada@example.com',
      sourceName: 'Autumn list',
      importedAt: '2026-03-05T10:00:00.000Z',
      social: { ...social, twitter: 'https://twitter.com/ada' },
    });
    const forwards = foldImportedRecords(emptyContactSheet('inv-1', older.importedAt), [older, newer]);
    const backwards = foldImportedRecords(emptyContactSheet('inv-1', older.importedAt), [newer, older]);
    expect(sameContactFields(forwards, backwards)).toBe(true);
    expect(forwards.fields.phone).toMatchObject({ value: '+1 555 0100', changedAt: older.importedAt });
    expect(forwards.fields.email).toMatchObject({
      source: { name: 'Spring list', ref: 'imp-1' },
      changedAt: older.importedAt,
      confirmedAt: newer.importedAt,
    });
    expect(forwards.fields.twitter).toMatchObject({ source: { name: 'Autumn list' } });
    expect(confirmedMonths(forwards)).toEqual({ email: '2026-03', phone: '2026-01', twitter: '2026-03' });
  });
});

describe('correctContactSheet: what a correction writes', () => {
  it('sets, confirms and removes the fields given, as admin correction of that moment; others stay', () => {
    const sheet = derivedContactSheet(
      'inv-1',
      record({ phone: '+1 555 0100', social: { ...social, twitter: 'https://twitter.com/ada' } }),
    );
    const corrected = correctContactSheet(
      sheet,
      { email: 'ada@example.com', phone: '+1 555 0199', twitter: null },
      'admin-1',
      '2026-04-01T10:00:00.000Z',
    );
    expect(corrected.updatedAt).toBe('2026-04-01T10:00:00.000Z');
    expect(corrected.fields.email).toEqual({
      value: 'ada@example.com',
      source: admin,
      changedAt: '2026-01-10T09:00:00.000Z',
      confirmedAt: '2026-04-01T10:00:00.000Z',
    });
    expect(corrected.fields.phone).toEqual({
      value: '+1 555 0199',
      source: admin,
      changedAt: '2026-04-01T10:00:00.000Z',
      confirmedAt: '2026-04-01T10:00:00.000Z',
    });
    expect(corrected.fields.twitter).toMatchObject({ value: null, source: admin });
    expect(contactFlags(corrected)).toMatchObject({ hasEmail: true, hasPhone: true, hasTwitter: false });
    // A removed value is not public: no month for it.
    expect(confirmedMonths(corrected)).toEqual({ email: '2026-04', phone: '2026-04' });
  });

  it("replaces or removes a value the investor gave: the admin's correction is recorded as theirs", () => {
    const given = applyInvestorContacts(
      derivedContactSheet('inv-1', record()),
      { email: 'ada@lovelace.dev', phone: '+1 555 0100' },
      'investor-user',
      '2026-02-01T10:00:00.000Z',
    );
    expect(given.fields.email?.source.kind).toBe('investor');

    const corrected = correctContactSheet(
      given,
      { email: null, phone: '+1 555 0199' },
      'admin-1',
      '2026-04-01T10:00:00.000Z',
    );

    expect(corrected.fields.email).toEqual({
      value: null,
      source: admin,
      changedAt: '2026-04-01T10:00:00.000Z',
      confirmedAt: '2026-04-01T10:00:00.000Z',
    });
    expect(corrected.fields.phone).toEqual({
      value: '+1 555 0199',
      source: admin,
      changedAt: '2026-04-01T10:00:00.000Z',
      confirmedAt: '2026-04-01T10:00:00.000Z',
    });
    expect(contactFlags(corrected)).toMatchObject({ hasEmail: false, hasPhone: true });
    // An import cannot bring the removed value back; the investor's own later word can.
    const reimported = foldImportedRecords(corrected, [
      record({ id: 'imp-2', email: 'ada@lovelace.dev', importedAt: '2026-05-01T10:00:00.000Z' }),
    ]);
    expect(reimported.fields.email?.value).toBeNull();
    const restated = applyInvestorContacts(
      corrected,
      { email: 'ada@new.dev' },
      'investor-user',
      '2026-06-01T10:00:00.000Z',
    );
    expect(restated.fields.email).toMatchObject({ value: 'ada@new.dev', source: { kind: 'investor' } });
  });

  it('confirms the same value without changing it, and removing a kind that has no value changes nothing', () => {
    const given = applyInvestorContacts(
      derivedContactSheet('inv-1', record()),
      { email: 'ada@example.com' },
      'investor-user',
      '2026-02-01T10:00:00.000Z',
    );
    const corrected = correctContactSheet(
      given,
      { email: 'ADA@example.com', phone: null },
      'admin-1',
      '2026-04-01T10:00:00.000Z',
    );
    expect(corrected.fields.email).toMatchObject({
      value: 'ada@example.com',
      source: { kind: 'investor' },
      changedAt: given.fields.email?.changedAt,
      confirmedAt: '2026-04-01T10:00:00.000Z',
    });
    expect(corrected.fields.phone).toBeUndefined();
    expect(
      sameContactFields(
        corrected,
        correctContactSheet(corrected, { phone: null }, 'admin-1', '2026-04-02T10:00:00.000Z'),
      ),
    ).toBe(true);
  });
});

describe('freshness wording', () => {
  it('names the kind and the month it was confirmed, or the kind alone without one', () => {
    expect(freshnessLabel('email', { email: '2026-03' })).toBe('Email · confirmed Mar 2026');
    expect(freshnessLabel('linkedin', { linkedin: '2025-12' })).toBe('LinkedIn · confirmed Dec 2025');
    expect(freshnessLabel('crunchbase', {})).toBe('Crunchbase');
    expect(freshnessLabel('phone', undefined)).toBe('Phone');
  });

  it('formats a month and refuses anything else', () => {
    expect(formatConfirmedMonth('2026-01')).toBe('Jan 2026');
    expect(formatConfirmedMonth('2026-13')).toBeNull();
    expect(formatConfirmedMonth('2026-03-01')).toBeNull();
    expect(formatConfirmedMonth(undefined)).toBeNull();
  });
});
