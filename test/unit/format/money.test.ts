import { describe, expect, it } from 'vitest';
import { formatCheckRange, formatPlaces } from '../../../shared/format/money';

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
