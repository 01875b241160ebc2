import { describe, expect, it } from 'vitest';
import { linkSummary, minutesText, timesText } from '../../../shared/decks/rules';

const page = (n: number, ms: number, title: string | null = null) => ({ page: n, title, ms });

describe("a deck link's views in the founder's words (issue 53)", () => {
  it('says a link nobody opened is not opened yet', () => {
    expect(linkSummary(0, [])).toBe('Not opened yet');
  });

  it('says a link opened but closed before any page counted has no page read, not "0 min"', () => {
    expect(linkSummary(2, [])).toBe('opened twice, no page read yet');
    expect(linkSummary(1, [page(1, 0), page(2, 0)])).toBe('opened once, no page read yet');
  });

  it('gives the minutes and the section read longest, pages of one outline title added up', () => {
    const pages = [
      page(1, 30_000, 'Team'),
      page(2, 150_000, 'Financials'),
      page(3, 200_000, 'Financials'),
      page(4, 240_000),
    ];
    expect(linkSummary(3, pages)).toBe('opened 3 times, 10 min, most on Financials');
  });

  it('names a page without an outline title by its number', () => {
    expect(linkSummary(1, [page(1, 10_000), page(2, 90_000)])).toBe('opened once, 2 min, most on page 2');
  });

  it('reads a page time as "not read", "under a minute" or rounded minutes', () => {
    expect(minutesText(0)).toBe('not read');
    expect(minutesText(59_999)).toBe('under a minute');
    expect(minutesText(60_000)).toBe('1 min');
    expect(minutesText(389_000)).toBe('6 min');
    expect(timesText(1)).toBe('once');
    expect(timesText(4)).toBe('4 times');
  });
});
