import { describe, expect, it } from 'vitest';
import { compareStages, placeLabel, sortStages, tagLabel } from '../../../shared/tags/display';

describe('stage order', () => {
  it('lists the funding stages in the order founders think of them, then the others alphabetically', () => {
    expect(
      sortStages([
        'growth',
        'series b',
        'Seed',
        'angel round',
        'late stage',
        'pre-seed',
        'Series A',
        'bridge',
      ]),
    ).toEqual(['pre-seed', 'Seed', 'Series A', 'series b', 'growth', 'late stage', 'angel round', 'bridge']);
  });

  it('ignores case and spacing, and sorts items by a tag of theirs', () => {
    expect(compareStages(' SERIES  A ', 'series a')).toBe(0);
    expect(sortStages([{ tagKey: 'growth' }, { tagKey: 'seed' }], (t) => t.tagKey)).toEqual([
      { tagKey: 'seed' },
      { tagKey: 'growth' },
    ]);
  });
});

describe('tag labels', () => {
  it.each([
    ['series a', 'Series A'],
    ['pre-seed', 'Pre-Seed'],
    ['late stage', 'Late Stage'],
    ['ai', 'AI'],
    ['b2b saas', 'B2B SaaS'],
    ['fintech (payments, lending)', 'Fintech (Payments, Lending)'],
    ['  developer   tools ', 'Developer Tools'],
    ['web3', 'Web3'],
    ['iot', 'IoT'],
    ['ägtech', 'Ägtech'],
  ])('shows %j as %j', (tag, label) => {
    expect(tagLabel(tag)).toBe(label);
  });
});

describe('place names as people write them (issue 32)', () => {
  it.each([
    ['sweden', 'Sweden'],
    ['SWEDEN', 'Sweden'],
    ['new york', 'New York'],
    ['  san   francisco ', 'San Francisco'],
    ['rio de janeiro', 'Rio de Janeiro'],
    ['frankfurt am main', 'Frankfurt am Main'],
    ['aix-en-provence', 'Aix-en-Provence'],
    ['são paulo', 'São Paulo'],
    ['McAllen', 'McAllen'],
    ['de aar', 'De Aar'],
  ])('writes %j as %j', (place, label) => {
    expect(placeLabel(place)).toBe(label);
  });
});
