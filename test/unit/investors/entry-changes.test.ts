import { describe, expect, it } from 'vitest';
import { type EntryFacts, entryChanges } from '../../../shared/investors/entry-changes';

const entry = (overrides: Partial<EntryFacts> = {}): EntryFacts => ({
  name: 'Ada Lovelace',
  firmName: 'Analytical Capital',
  title: 'Partner',
  investorRole: 'vc',
  stageFocus: ['seed', 'series a'],
  sectorFocus: ['fintech'],
  cities: ['London'],
  countries: ['United Kingdom'],
  checkMin: 100_000,
  checkMax: 500_000,
  contacts: {
    email: 'ada@analytical.example',
    phone: '+44 20 7946 0000',
    linkedin: null,
    twitter: null,
    crunchbase: null,
  },
  ...overrides,
});

describe('what an approval would change in an entry (issue 30)', () => {
  it('lists nothing when founders would see the same entry (order and case of lists, case of emails aside)', () => {
    expect(
      entryChanges(
        entry(),
        entry({
          stageFocus: ['Series A', 'Seed'],
          cities: ['london'],
          contacts: { ...entry().contacts, email: 'ADA@analytical.example' },
        }),
      ),
    ).toEqual([]);
  });

  it('lists every changed field with its value now and after, in the profile page order', () => {
    const changes = entryChanges(
      entry(),
      entry({
        name: 'Ada King',
        firmName: null,
        investorRole: 'angel',
        sectorFocus: ['fintech', 'health'],
        checkMax: 1_000_000,
        contacts: { ...entry().contacts, phone: null, linkedin: 'https://www.linkedin.com/in/ada' },
      }),
    );
    expect(changes.map((change) => change.field)).toEqual([
      'name',
      'firmName',
      'investorRole',
      'sectorFocus',
      'cheque',
      'phone',
      'linkedin',
    ]);
    expect(changes[0]).toEqual({ field: 'name', label: 'Name', now: 'Ada Lovelace', after: 'Ada King' });
    expect(changes[1]).toEqual({ field: 'firmName', label: 'Firm', now: 'Analytical Capital', after: '' });
    expect(changes[2]).toMatchObject({ now: 'VC', after: 'Angel' });
    expect(changes.find((change) => change.field === 'phone')).toEqual({
      field: 'phone',
      label: 'Phone',
      now: '+44 20 7946 0000',
      after: '',
    });
    expect(changes.find((change) => change.field === 'linkedin')?.now).toBe('');
  });
});
