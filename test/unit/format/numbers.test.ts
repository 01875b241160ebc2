import { describe, expect, it } from 'vitest';
import { compareNamesEn, groupDigits } from '../../../shared/format/numbers';
import { COUNTRIES } from '../../../shared/taxonomy/places';
import { DEFAULT_SECTORS, DEFAULT_STAGES } from '../../../shared/taxonomy/sectors';
import { DEFAULT_TAXONOMY } from '../../../shared/taxonomy/taxonomy';

describe('whole numbers written without Intl (nothing locale-aware while a function loads)', () => {
  it.each([
    0,
    7,
    80,
    999,
    1_000,
    2_500,
    25_000,
    100_000,
    999_999,
    1_000_000,
    1_234_567_890,
    -1,
    -1_000,
    -25_000,
    Number.MAX_SAFE_INTEGER,
  ])('writes %i as toLocaleString("en-US") does', (n) => {
    expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
  });

  it('refuses what is not a whole number rather than write it wrongly', () => {
    expect(() => groupDigits(1.5)).toThrow(RangeError);
    expect(() => groupDigits(Number.NaN)).toThrow(RangeError);
  });
});

describe('names ordered without a collator', () => {
  const byCollator = (names: readonly string[]) => [...names].sort((a, b) => a.localeCompare(b, 'en'));
  const byOurs = (names: readonly string[]) => [...names].sort(compareNamesEn);

  it('orders every country as localeCompare("en") does', () => {
    const names = COUNTRIES.map((country) => country.name);

    expect(names.length).toBeGreaterThan(240);
    expect(names).toEqual(byCollator(names));
    expect(byOurs([...names].reverse())).toEqual(byCollator(names));
  });

  it('orders every default sector and stage as localeCompare("en") does', () => {
    const labels = [...DEFAULT_SECTORS, ...DEFAULT_STAGES].map((entry) => entry.label);

    expect(byOurs(labels)).toEqual(byCollator(labels));
    expect(DEFAULT_TAXONOMY.entries('sector').map((entry) => entry.label)).toEqual(
      byCollator(DEFAULT_SECTORS.map((entry) => entry.label)),
    );
  });

  it('puts accented and capitalised names beside their plain letters', () => {
    const names = ['Zambia', 'Åland Islands', 'albania', 'Curaçao', 'Cuba', 'Côte d’Ivoire', 'Cook Islands'];

    expect(byOurs(names)).toEqual(byCollator(names));
  });
});
