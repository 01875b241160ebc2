import { describe, expect, it } from 'vitest';
import { mapFocusPlaces } from '../../../shared/taxonomy/places';
import { profileOnTaxonomy } from '../../../shared/taxonomy/profile';
import { DEFAULT_TAXONOMY, Taxonomy } from '../../../shared/taxonomy/taxonomy';

describe('where an investor invests, on the taxonomy', () => {
  it('names regions, countries and known cities as the taxonomy does, each once, in the order given', () => {
    expect(mapFocusPlaces(['usa', 'latam', ' united   states ', 'DE', 'berlin', 'Nordics', 'LatAm'])).toEqual(
      ['United States', 'Latin America', 'Germany', 'Berlin', 'Nordics'],
    );
  });

  it('keeps a place it does not know as written (spaces tidied), and drops blanks', () => {
    expect(mapFocusPlaces(['  Silicon   Wadi ', '', 'Atlantis', 'atlantis'])).toEqual([
      'Silicon Wadi',
      'Atlantis',
    ]);
  });
});

describe("a public profile's places and stages, as read", () => {
  const profile = {
    name: 'Ada',
    geographicFocus: ['uk', 'Europe'],
    portfolio: [
      { name: 'Acme', stage: 'seed' },
      { name: 'Globex', stage: 'series-a' },
      { name: 'Initech', stage: 'Series D' },
      { name: 'Hooli', stage: 'Angel' },
      { name: 'Umbrella', stage: null },
    ],
    recentInvestments: [
      { company: 'Lumen', round: 'pre seed' },
      { company: 'Vandelay', round: 'Bridge' },
      { company: 'Wonka', round: null },
    ],
  };

  it('writes a stage it names in the taxonomy’s spelling, and a round counted under a wider stage as written', () => {
    const read = profileOnTaxonomy(profile, DEFAULT_TAXONOMY);

    expect(read.name).toBe('Ada');
    expect(read.geographicFocus).toEqual(['United Kingdom', 'Europe']);
    expect(read.portfolio.map((company) => company.stage)).toEqual([
      'Seed',
      'Series A',
      'Series D',
      'Angel',
      null,
    ]);
    expect(read.recentInvestments.map((deal) => deal.round)).toEqual(['Pre-Seed', 'Bridge', null]);
    // The profile given is not changed: the sheet keeps what each source wrote.
    expect(profile.portfolio[0]?.stage).toBe('seed');
  });

  it('uses the admins’ entries too: a stage they added is written as they spelled it', () => {
    const taxonomy = new Taxonomy([
      {
        kind: 'stage',
        value: 'growth',
        label: 'Growth',
        synonyms: ['late stage'],
        added: true,
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ]);

    expect(
      profileOnTaxonomy({ ...profile, portfolio: [{ name: 'Acme', stage: 'GROWTH' }] }, taxonomy).portfolio,
    ).toEqual([{ name: 'Acme', stage: 'Growth' }]);
  });
});
