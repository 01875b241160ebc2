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

  it('lists the profile facts founders would see change (issue 33), between the cheque and the contacts', () => {
    const facts = {
      thesis: 'Backing technical founders.\n\nFrom pre-seed.',
      website: 'https://analytical.example',
      leadOrFollow: 'lead' as const,
      typicalCheque: 250_000,
      geographicFocus: ['Portugal', 'Spain'],
      portfolio: [{ name: 'Loom Labs', website: null, stage: 'Seed', year: 2021 }],
      recentInvestments: [{ company: 'Kite', round: 'Series A', date: '2025-03', amount: 4_000_000 }],
      fundSize: null,
      vintage: null,
    };
    // The same facts (places in another order and case) are no change.
    expect(
      entryChanges(
        entry({ profile: facts }),
        entry({ profile: { ...facts, geographicFocus: ['spain', 'Portugal'] } }),
      ),
    ).toEqual([]);
    const changes = entryChanges(
      entry({ profile: facts }),
      entry({
        checkMax: 1_000_000,
        contacts: { ...entry().contacts, phone: null },
        profile: {
          ...facts,
          thesis: 'Backing technical founders.',
          leadOrFollow: 'both',
          typicalCheque: null,
          portfolio: [...facts.portfolio, { name: 'Acme Robotics', website: null, stage: null, year: 2023 }],
          recentInvestments: [],
        },
      }),
    );
    expect(changes.map((change) => change.field)).toEqual([
      'cheque',
      'thesis',
      'leadOrFollow',
      'typicalCheque',
      'portfolio',
      'recentInvestments',
      'phone',
    ]);
    const of = (field: string) => changes.find((change) => change.field === field);
    expect(of('thesis')).toEqual({
      field: 'thesis',
      label: 'Thesis',
      now: facts.thesis,
      after: 'Backing technical founders.',
    });
    expect(of('leadOrFollow')).toMatchObject({
      label: 'Lead or follow',
      now: 'Leads rounds',
      after: 'Leads or follows',
    });
    expect(of('typicalCheque')).toMatchObject({ now: '$250K', after: '' });
    expect(of('portfolio')).toMatchObject({
      now: 'Loom Labs (Seed, 2021)',
      after: 'Loom Labs (Seed, 2021)\nAcme Robotics (2023)',
    });
    expect(of('recentInvestments')).toMatchObject({ now: 'Kite (Series A, 2025-03, $4M)', after: '' });
  });

  it('compares no profile facts where one side has none (an entry of before issue 33)', () => {
    const facts = {
      thesis: 'T',
      website: null,
      leadOrFollow: null,
      typicalCheque: null,
      geographicFocus: [],
      portfolio: [],
      recentInvestments: [],
      fundSize: null,
      vintage: null,
    };
    expect(entryChanges(entry(), entry({ profile: facts }))).toEqual([]);
  });
});
