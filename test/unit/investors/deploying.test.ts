import { describe, expect, it } from 'vitest';
import {
  dateSpan,
  dealWithin,
  deployedRecently,
  deployingFacts,
  lastDealWords,
  monthsBefore,
  monthYear,
  noDealWithin,
  plausibleVintage,
  quietWords,
  RECENCY_POINTS,
  stageDealsWords,
  stageRecency,
} from '../../../shared/investors/deploying';

const now = new Date('2026-12-03T10:00:00Z');
const deal = (date: string | null, round: string | null = 'Seed') => ({ date, round });
const input = (deals: { date: string | null; round: string | null }[], vintage: number | null = null) => ({
  deals,
  fundSize: null,
  vintage,
});

describe('the dates the rules read', () => {
  it('gives a partial date its first and last possible day', () => {
    expect(dateSpan('2025')).toEqual({ first: Date.UTC(2025, 0, 1), last: Date.UTC(2025, 11, 31) });
    expect(dateSpan('2024-02')).toEqual({ first: Date.UTC(2024, 1, 1), last: Date.UTC(2024, 1, 29) });
    expect(dateSpan('2025-02-31')).toBeNull();
    expect(dateSpan('soon')).toBeNull();
  });

  it('counts months back by the calendar, the 31st falling back to the last day of a shorter month', () => {
    expect(new Date(monthsBefore(now, 12)).toISOString().slice(0, 10)).toBe('2025-12-03');
    expect(new Date(monthsBefore(new Date('2026-03-31T00:00:00Z'), 1)).toISOString().slice(0, 10)).toBe(
      '2026-02-28',
    );
  });
});

describe('12 months: new deals in the last year', () => {
  it('counts a deal made exactly 12 months ago, not one a day before', () => {
    expect(dealWithin('2025-12-03', now, 12)).toBe(true);
    expect(dealWithin('2025-12-02', now, 12)).toBe(false);
  });

  it('counts a deal dated by month only when the whole month is inside the window', () => {
    expect(dealWithin('2026-01', now, 12)).toBe(true);
    // December 2025 began before 3 December 2025: it may be outside, so it is not claimed.
    expect(dealWithin('2025-12', now, 12)).toBe(false);
    expect(dealWithin('2026', now, 12)).toBe(true);
    expect(dealWithin('2025', now, 12)).toBe(false);
  });

  it('does not count a date after today', () => {
    expect(dealWithin('2027-01', now, 12)).toBe(false);
    expect(deployedRecently(input([deal('2027-02-01')]), now)).toBe(false);
  });

  it('counts the new deals per stage, most first, rounds folded ("Seed" and "seed" alike)', () => {
    const facts = deployingFacts(
      input([
        deal('2026-03-10', 'Seed'),
        deal('2026-05', 'seed'),
        deal('2026-11-20', 'Series A'),
        deal('2026-06-01', null),
        deal('2024-06-01', 'Seed'),
        deal(null, 'Seed'),
      ]),
      now,
    );
    expect(facts?.lastDeal).toBe('2026-11-20');
    expect(facts?.dealsLast12Months).toBe(4);
    expect(facts?.stagesLast12Months).toEqual([
      { stage: 'seed', count: 2 },
      { stage: 'Series A', count: 1 },
      { stage: null, count: 1 },
    ]);
  });
});

describe('18 months: no new deal', () => {
  it('says "no new deal in 18 months" only when the last possible day of every deal is before the cut', () => {
    // The cut: 3 June 2025.
    expect(noDealWithin(input([deal('2025-06-02')]), now, 18)).toBe(true);
    expect(noDealWithin(input([deal('2025-06-03')]), now, 18)).toBe(false);
    // June 2025 may be after 3 June: nothing claimed.
    expect(noDealWithin(input([deal('2025-06')]), now, 18)).toBe(false);
    expect(noDealWithin(input([deal('2025-05')]), now, 18)).toBe(true);
  });

  it('claims nothing without a dated deal', () => {
    expect(noDealWithin(input([deal(null)]), now, 18)).toBe(false);
    expect(noDealWithin(input([]), now, 18)).toBe(false);
  });
});

describe('4 years: likely past its investment period', () => {
  const quiet = [deal('2024-01-15')];

  it('flags a latest vintage more than four years ago with no deal in 18 months', () => {
    expect(deployingFacts(input(quiet, 2021), now)?.pastInvestmentPeriod).toBe(true);
  });

  it('does not flag a vintage exactly four years ago', () => {
    expect(deployingFacts(input(quiet, 2022), now)?.pastInvestmentPeriod).toBe(false);
  });

  it('does not flag an old vintage that still makes deals', () => {
    expect(deployingFacts(input([deal('2025-07-01')], 2015), now)?.pastInvestmentPeriod).toBe(false);
  });

  it('does not flag an old vintage without any dated deal (no data, nothing claimed)', () => {
    const facts = deployingFacts(input([deal(null)], 2010), now);
    expect(facts?.pastInvestmentPeriod).toBe(false);
    expect(facts?.noDealIn18Months).toBe(false);
    expect(facts?.vintage).toBe(2010);
  });
});

describe('no data', () => {
  it('claims nothing at all without a dated deal, a fund size or a vintage', () => {
    expect(deployingFacts(input([deal(null), deal('not a date')]), now)).toBeNull();
  });

  it('keeps a fund size alone', () => {
    expect(deployingFacts({ deals: [], fundSize: 50_000_000, vintage: null }, now)).toEqual({
      lastDeal: null,
      dealsLast12Months: 0,
      stagesLast12Months: [],
      fundSize: 50_000_000,
      vintage: null,
      noDealIn18Months: false,
      pastInvestmentPeriod: false,
    });
  });
});

describe('vintage years', () => {
  it('takes 1946 to next year', () => {
    expect(plausibleVintage(1946, now)).toBe(true);
    expect(plausibleVintage(1945, now)).toBe(false);
    expect(plausibleVintage(2027, now)).toBe(true);
    expect(plausibleVintage(2028, now)).toBe(false);
    expect(plausibleVintage(2020.5, now)).toBe(false);
  });
});

describe('recency at the raise’s stage (the shortlist)', () => {
  it('grades by the number of new deals at the stage in 12 months', () => {
    const at = (dates: string[]) => stageRecency(input(dates.map((d) => deal(d, 'Seed'))), 'seed', now);
    expect(at(['2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'])).toMatchObject({
      count: 4,
      since: '2026-03-01',
      points: RECENCY_POINTS.many,
    });
    expect(at(['2026-03-01', '2026-04-01']).points).toBe(RECENCY_POINTS.two);
    expect(at(['2026-03-01']).points).toBe(RECENCY_POINTS.one);
    expect(at(['2025-06-01'])).toMatchObject({
      count: 0,
      lately: '2025-06-01',
      points: RECENCY_POINTS.lately,
    });
    expect(at(['2024-06-01']).points).toBe(0);
  });

  it('gives nothing for deals at other stages, and nothing (no penalty) without data', () => {
    expect(stageRecency(input([deal('2026-06-01', 'Series B')]), 'seed', now).points).toBe(0);
    expect(stageRecency(input([]), 'seed', now)).toMatchObject({ points: 0, quietMonths: null });
  });

  it('counts the months since the last deal from its last possible day', () => {
    expect(stageRecency(input([deal('2024-11-20', 'Series B')]), 'seed', now).quietMonths).toBe(24);
    expect(stageRecency(input([deal('2024', 'Series B')]), 'seed', now).quietMonths).toBe(23);
  });
});

describe('the words', () => {
  it('writes what a founder reads', () => {
    expect(monthYear('2026-03-14')).toBe('March 2026');
    expect(lastDealWords('2026-03')).toBe('Last new investment: March 2026');
    expect(lastDealWords('2024')).toBe('Last new investment: 2024');
    expect(stageDealsWords({ stage: 'Seed', count: 4 })).toBe('4 new Seed deals');
    expect(stageDealsWords({ stage: 'Seed', count: 1 })).toBe('1 new Seed deal');
    expect(stageDealsWords({ stage: null, count: 2 })).toBe('2 new deals (round not given)');
    expect(quietWords(25)).toBe('no new deal in 2 years');
    expect(quietWords(19)).toBe('no new deal in 19 months');
  });
});
