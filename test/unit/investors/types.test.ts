import { describe, expect, it } from 'vitest';
import type { ImportedInvestor } from '../../../shared/investors/types';
import {
  identityKeyOf,
  importedInvestorDraftSchema,
  importedInvestorSchema,
  investorDisplayName,
  searchableInvestorSchema,
  toSearchableInvestor,
} from '../../../shared/investors/types';

const imported = (overrides: Partial<ImportedInvestor> = {}): ImportedInvestor => ({
  id: 'imp-1',
  searchableInvestorEntryId: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  fullName: 'Ada Lovelace',
  photos: [],
  email: 'Ada@Example.com',
  phone: '+44 20 7946 0000',
  social: {
    linkedin: 'https://linkedin.com/in/ada',
    twitter: null,
    crunchbase: 'https://crunchbase.com/person/ada',
    instagram: null,
    youtube: null,
    tiktok: null,
    other: [],
  },
  title: 'Partner',
  investorRole: 'vc',
  primaryFirm: { name: 'Analytical Ventures' },
  otherFirms: [],
  stageFocus: ['seed', 'Series A'],
  sectorFocus: ['fintech', 'FinTech', 'ai'],
  geographyFocus: null,
  checkSize: null,
  leadsRounds: true,
  selectedInvestments: [],
  portfolioCompanies: [],
  tags: [],
  notes: null,
  otherMetadata: [],
  sourceName: 'Manual list',
  sourceUrl: 'https://example.com/list.csv',
  importedAt: '2024-05-01T10:00:00.000Z',
  importedByUserId: 'user-1',
  status: 'pending',
  fieldStatuses: [],
  updatedAt: '2024-05-02T10:00:00.000Z',
  ...overrides,
});

describe('importedInvestorSchema', () => {
  it('accepts a complete imported investor', () => {
    expect(importedInvestorSchema.parse(imported())).toEqual(imported());
  });

  it("defaults the status to 'pending'", () => {
    const { status: _status, ...withoutStatus } = imported();
    expect(importedInvestorSchema.parse(withoutStatus).status).toBe('pending');
  });

  it("accepts 'mapped' and refuses any other status", () => {
    expect(importedInvestorSchema.parse(imported({ status: 'mapped' })).status).toBe('mapped');
    expect(importedInvestorSchema.safeParse({ ...imported(), status: 'done' }).success).toBe(false);
  });

  it('refuses an importedAt that is not an ISO date-time', () => {
    expect(importedInvestorSchema.safeParse({ ...imported(), importedAt: '01/05/2024' }).success).toBe(false);
  });

  it('refuses an unknown investor role and a missing source name', () => {
    expect(importedInvestorSchema.safeParse({ ...imported(), investorRole: 'VC' }).success).toBe(false);
    expect(importedInvestorSchema.safeParse({ ...imported(), sourceName: '' }).success).toBe(false);
  });

  it('refuses a negative check size', () => {
    const checkSize = { min: { value: -1 }, max: null, bucket: null };
    expect(importedInvestorSchema.safeParse({ ...imported(), checkSize }).success).toBe(false);
  });

  it('describes a draft as the record without its id', () => {
    const { id: _id, ...draft } = imported();
    expect(importedInvestorDraftSchema.parse(draft)).toEqual(draft);
  });
});

describe('investorDisplayName', () => {
  it('prefers the full name, with whitespace tidied', () => {
    expect(investorDisplayName({ fullName: '  Ada   King ', firstName: 'A', lastName: 'L' })).toBe(
      'Ada King',
    );
  });

  it('falls back to first plus last name, or either alone', () => {
    expect(investorDisplayName({ fullName: ' ', firstName: 'Ada', lastName: 'Lovelace' })).toBe(
      'Ada Lovelace',
    );
    expect(investorDisplayName({ fullName: null, firstName: null, lastName: 'Lovelace' })).toBe('Lovelace');
  });

  it('is empty when there is no name at all', () => {
    expect(investorDisplayName({ fullName: null, firstName: null, lastName: null })).toBe('');
  });
});

describe('toSearchableInvestor', () => {
  it('builds a valid searchable investor linked to the imported record', () => {
    const searchable = toSearchableInvestor(imported(), 'srch-1');
    expect(searchableInvestorSchema.parse(searchable)).toEqual({
      id: 'srch-1',
      name: 'Ada Lovelace',
      investorRole: 'vc',
      stageFocus: ['seed', 'series a'],
      sectorFocus: ['fintech', 'ai'],
      hasEmail: true,
      hasPhone: true,
      hasLinkedIn: true,
      hasTwitter: false,
      hasCrunchbase: true,
      importedInvestorId: 'imp-1',
      firmName: 'Analytical Ventures',
      title: 'Partner',
      cities: [],
      countries: [],
      checkMin: null,
      checkMax: null,
      // The month each present contact value was imported: never the value itself.
      contactConfirmed: { email: '2024-05', phone: '2024-05', linkedin: '2024-05', crunchbase: '2024-05' },
      updatedAt: '2024-05-02T10:00:00.000Z',
    });
  });

  it('keeps the public facts a founder decides on: title, places (first spelling, no blanks) and cheque range', () => {
    const searchable = toSearchableInvestor(
      imported({
        title: '  General   Partner ',
        geographyFocus: {
          cities: ['Berlin', ' berlin ', '', 'München'],
          countries: ['Germany'],
          regions: ['EU'],
        },
        checkSize: { min: { value: 250_000 }, max: null, bucket: '$250k+' },
      }),
      'srch-2',
    );

    expect(searchable).toMatchObject({
      title: 'General Partner',
      cities: ['Berlin', 'München'],
      countries: ['Germany'],
      checkMin: 250_000,
      checkMax: null,
    });
  });

  it('reads a record mapped before those facts were kept, with empty defaults', () => {
    const { title, cities, countries, checkMin, checkMax, ...older } = toSearchableInvestor(
      imported(),
      'srch-3',
    );
    expect([title, cities, countries, checkMin, checkMax]).toHaveLength(5);

    expect(searchableInvestorSchema.parse(older)).toMatchObject({
      title: null,
      cities: [],
      countries: [],
      checkMin: null,
      checkMax: null,
    });
  });

  it('copies no contact detail, only presence flags', () => {
    const serialised = JSON.stringify(toSearchableInvestor(imported(), 'srch-1'));
    expect(serialised).not.toContain('Ada@Example.com');
    expect(serialised).not.toContain('7946');
    expect(serialised).not.toContain('linkedin.com');
    expect(serialised).not.toContain('crunchbase.com');
  });

  it('treats blank contact values as absent', () => {
    const searchable = toSearchableInvestor(
      imported({
        email: '  ',
        phone: null,
        social: { ...imported().social, linkedin: '', twitter: '@ada', crunchbase: null },
      }),
      'srch-1',
    );
    expect(searchable).toMatchObject({
      hasEmail: false,
      hasPhone: false,
      hasLinkedIn: false,
      hasTwitter: true,
      hasCrunchbase: false,
    });
  });

  it('uses first plus last name when the full name is missing, and null firm and role when absent', () => {
    const searchable = toSearchableInvestor(
      imported({ fullName: null, primaryFirm: null, investorRole: null }),
      'srch-2',
    );
    expect(searchable.name).toBe('Ada Lovelace');
    expect(searchable.firmName).toBeNull();
    expect(searchable.investorRole).toBeNull();
  });
});

describe('identityKeyOf', () => {
  it('keys by trimmed, lower-cased email when there is one', () => {
    expect(identityKeyOf(imported({ email: '  Ada@Example.COM ' }))).toBe('email#ada@example.com');
  });

  it('ignores name and firm when there is an email', () => {
    expect(identityKeyOf(imported({ fullName: 'Someone Else', primaryFirm: null }))).toBe(
      identityKeyOf(imported()),
    );
  });

  it('keys by normalised name and firm name without an email', () => {
    expect(
      identityKeyOf(
        imported({
          email: null,
          fullName: '  ADA   Lovelace',
          primaryFirm: { name: ' Analytical  Ventures' },
        }),
      ),
    ).toBe('name#ada lovelace#analytical ventures');
  });

  it('uses an empty firm part when there is no firm', () => {
    expect(identityKeyOf(imported({ email: '', primaryFirm: null }))).toBe('name#ada lovelace#');
  });

  it('falls back to first plus last name for the name part', () => {
    expect(identityKeyOf(imported({ email: null, fullName: null, primaryFirm: null }))).toBe(
      'name#ada lovelace#',
    );
  });

  it('returns null when there is neither an email nor a name', () => {
    expect(
      identityKeyOf(
        imported({ email: null, fullName: null, firstName: null, lastName: ' ', primaryFirm: null }),
      ),
    ).toBeNull();
  });
});
