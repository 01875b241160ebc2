import { describe, expect, it } from 'vitest';
import { formatCheckRange, formatPlaces, parseMoney } from '../../../shared/format/money';
import { parseCheckSize } from '../../../shared/import/cell-values';
import { parseAmount as parsePipelineAmount } from '../../../shared/pipeline/import-rows';
import { parseAmount as parseRaiseAmount } from '../../../shared/projects/raise';

describe('cheque ranges', () => {
  it.each([
    [250_000, 1_000_000, '$250K–$1M'],
    [1_500_000, 5_000_000, '$1.5M–$5M'],
    [250_000, null, 'From $250K'],
    [null, 2_000_000_000, 'Up to $2B'],
    [500_000, 500_000, '$500K'],
    [0, 50_000, '$0–$50K'],
  ])('shows %s to %s as %s', (min, max, text) => {
    expect(formatCheckRange(min, max)).toBe(text);
  });

  it('shows nothing when the source gives no bound', () => {
    expect(formatCheckRange(null, null)).toBeNull();
    expect(formatCheckRange(undefined, undefined)).toBeNull();
  });
});

describe('places', () => {
  it('lists cities, then countries, up to three, and counts the rest', () => {
    expect(formatPlaces(['Berlin'], ['Germany'])).toBe('Berlin, Germany');
    expect(formatPlaces(['Berlin', 'Paris'], ['Germany', 'France', 'Spain'])).toBe(
      'Berlin, Paris, Germany +2',
    );
    expect(formatPlaces([], [])).toBeNull();
    expect(formatPlaces()).toBeNull();
  });
});

describe('parseMoney: the one parser of every amount field (issue 50)', () => {
  it('reads amounts as founders and sources write them', () => {
    expect(parseMoney('250k')).toBe(250_000);
    expect(parseMoney('250K')).toBe(250_000);
    expect(parseMoney('2.5M')).toBe(2_500_000);
    expect(parseMoney('$1,000,000')).toBe(1_000_000);
    expect(parseMoney('$ 500k')).toBe(500_000);
    expect(parseMoney('USD 1.5m')).toBe(1_500_000);
    expect(parseMoney('250,000 USD')).toBe(250_000);
    expect(parseMoney('€300 000')).toBe(300_000);
    expect(parseMoney("1'000'000")).toBe(1_000_000);
    expect(parseMoney('3mm')).toBe(3_000_000);
    expect(parseMoney('2bn')).toBe(2_000_000_000);
    expect(parseMoney('1.2 million')).toBe(1_200_000);
    expect(parseMoney('1000000')).toBe(1_000_000);
  });

  it('refuses what is not one amount', () => {
    for (const text of ['', '  ', 'lots', '-5', '1M-2M', '1,5M', '1,00,000', '5 x', '$', 'k'])
      expect(parseMoney(text), text).toBeNull();
    expect(parseMoney(null)).toBeNull();
    expect(parseMoney(undefined)).toBeNull();
  });

  it('is the parser of the raise form, the pipeline and the admin import alike', () => {
    for (const text of ['250k', '2.5M', '$1,000,000', 'nonsense']) {
      const value = parseMoney(text);
      expect(parseCheckSize(text)).toBe(value);
      expect(parsePipelineAmount(text)).toBe(value);
      expect(parseRaiseAmount(text)).toEqual(value ?? Number.NaN);
    }
  });
});
