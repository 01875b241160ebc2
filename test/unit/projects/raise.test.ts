import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { updateProjectBody } from '../../../shared/api/projects';
import {
  checkRaise,
  parseAmount,
  RAISE_AMOUNT_INVALID,
  RAISE_CITY_NEEDS_COUNTRY,
  RAISE_ROUND_INVALID,
  raiseCountryUnknown,
  raiseIsSet,
  raiseSummary,
} from '../../../shared/projects/raise';
import { raiseInPlaces } from '../../../shared/shortlist/places-port';

describe('the raise on a project', () => {
  it('takes a round in any case, a whole amount, a place and whether a lead is wanted', () => {
    expect(
      checkRaise({
        round: 'SEED',
        amountUsd: 1_000_000,
        country: ' Sweden ',
        city: 'Stockholm',
        leadWanted: true,
      }),
    ).toEqual({
      ok: true,
      raise: { round: 'seed', amountUsd: 1_000_000, country: 'Sweden', city: 'Stockholm', leadWanted: true },
    });
  });

  it('takes a round in any of its spellings, and its place in the taxonomy’s words', () => {
    expect(checkRaise({ round: 'series c' })).toMatchObject({ ok: true, raise: { round: 'series c+' } });
    const typed = { round: null, amountUsd: null, country: 'usa', city: 'new york', leadWanted: null };
    expect(raiseInPlaces(typed)).toEqual({
      ok: true,
      raise: { ...typed, country: 'United States', city: 'New York' },
    });
    expect(raiseInPlaces({ ...typed, country: 'Deutschland', city: 'Somewhere Small' })).toEqual({
      ok: true,
      raise: { ...typed, country: 'Germany', city: 'Somewhere Small' },
    });
    expect(raiseInPlaces({ ...typed, country: 'Atlantis' })).toEqual({
      ok: false,
      message: raiseCountryUnknown('Atlantis'),
    });
  });

  it('takes any part alone, blank text as nothing', () => {
    expect(checkRaise({ amountUsd: 250_000, round: '  ' })).toEqual({
      ok: true,
      raise: { round: null, amountUsd: 250_000, country: null, city: null, leadWanted: null },
    });
  });

  it('refuses a round off the list, an amount out of range or not whole, and a city without its country', () => {
    expect(checkRaise({ round: 'Series Z' })).toEqual({ ok: false, message: RAISE_ROUND_INVALID });
    expect(RAISE_ROUND_INVALID).toMatch(/^Choose the round from the list: Pre-Seed, Seed, Series A/);
    for (const amountUsd of [0, 999, 1_500.5, 20_000_000_000])
      expect(checkRaise({ amountUsd })).toEqual({ ok: false, message: RAISE_AMOUNT_INVALID });
    expect(checkRaise({ city: 'Stockholm' })).toEqual({ ok: false, message: RAISE_CITY_NEEDS_COUNTRY });
  });

  it('is set when it says anything, and reads as one line', () => {
    expect(raiseIsSet(null)).toBe(false);
    expect(raiseIsSet({ round: null, amountUsd: null, country: null, city: null, leadWanted: null })).toBe(
      false,
    );
    const raise = {
      round: 'seed',
      amountUsd: 1_000_000,
      country: 'Sweden',
      city: 'Stockholm',
      leadWanted: true,
    };
    expect(raiseIsSet(raise)).toBe(true);
    expect(raiseSummary(raise)).toBe('Seed · $1M · Stockholm, Sweden · lead wanted');
  });

  it('comes in the edit of a project, checked, with its message', () => {
    expect(z.parse(updateProjectBody, { raise: { round: 'series a', amountUsd: 3_000_000 } })).toEqual({
      raise: { round: 'series a', amountUsd: 3_000_000, country: null, city: null, leadWanted: null },
    });
    expect(z.parse(updateProjectBody, { raise: null })).toEqual({ raise: null });
    const refused = z.safeParse(updateProjectBody, { raise: { round: 'nope' } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toContain(RAISE_ROUND_INVALID);
    expect(z.safeParse(updateProjectBody, { raise: { valuation: 1 } }).success).toBe(false);
  });
});

describe('an amount as a founder types it', () => {
  it('reads digits, separators, a dollar sign and k, m or b', () => {
    expect(parseAmount('1000000')).toBe(1_000_000);
    expect(parseAmount('$1,000,000')).toBe(1_000_000);
    expect(parseAmount('1.5M')).toBe(1_500_000);
    expect(parseAmount('500k')).toBe(500_000);
    expect(parseAmount('2b')).toBe(2_000_000_000);
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount('a lot')).toBeNaN();
  });
});
