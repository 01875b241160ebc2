import { describe, expect, it } from 'vitest';
import { HOME_SECTOR_COUNT_ABOVE, homeSectorCounts, sortedTagCounts } from '../../../shared/tags/tag-counts';

describe('sortedTagCounts', () => {
  it('sorts tag counts alphabetically by tag', () => {
    expect(
      sortedTagCounts([
        { tagKey: 'saas', count: 3 },
        { tagKey: 'ai', count: 9 },
        { tagKey: 'fintech', count: 1 },
      ]),
    ).toEqual([
      { tagKey: 'ai', count: 9 },
      { tagKey: 'fintech', count: 1 },
      { tagKey: 'saas', count: 3 },
    ]);
  });

  it('merges case variants of a tag under the normalised tag, summing their counts', () => {
    expect(
      sortedTagCounts([
        { tagKey: 'SaaS', count: 2 },
        { tagKey: ' saas ', count: 3 },
      ]),
    ).toEqual([{ tagKey: 'saas', count: 5 }]);
  });

  it('keeps only counts strictly above the given threshold', () => {
    expect(
      sortedTagCounts(
        [
          { tagKey: 'a', count: 2 },
          { tagKey: 'b', count: 3 },
        ],
        2,
      ),
    ).toEqual([{ tagKey: 'b', count: 3 }]);
  });

  it('drops blank tags and counts that are not finite numbers', () => {
    expect(
      sortedTagCounts([
        { tagKey: '  ', count: 4 },
        { tagKey: 'x', count: Number.NaN },
        { tagKey: 'y', count: Number.POSITIVE_INFINITY },
        { tagKey: 'z', count: 1 },
      ]),
    ).toEqual([{ tagKey: 'z', count: 1 }]);
  });
});

describe('homeSectorCounts', () => {
  it('shows a sector only when its count is above 1, alphabetically', () => {
    expect(HOME_SECTOR_COUNT_ABOVE).toBe(1);
    expect(
      homeSectorCounts([
        { tagKey: 'saas', count: 2 },
        { tagKey: 'biotech', count: 1 },
        { tagKey: 'ai', count: 5 },
        { tagKey: 'edtech', count: 0 },
      ]),
    ).toEqual([
      { tagKey: 'ai', count: 5 },
      { tagKey: 'saas', count: 2 },
    ]);
  });

  it('returns nothing for an empty list', () => {
    expect(homeSectorCounts([])).toEqual([]);
  });
});
