// Made on first use: nothing locale-aware runs while a function loads (shared/format/numbers.ts).
let compactUsd: Intl.NumberFormat | undefined;

/** An amount in whole dollars, compact: `$250K`, `$1.5M`, `$2B`. */
export const formatCompactUsd = (amount: number): string => {
  compactUsd ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  return compactUsd.format(amount);
};

/**
 * An investor's cheque range as a founder reads it: `$250K–$1M`, `From $250K`, `Up to $1M`, a single
 * amount when both bounds are equal, or null when the source gives neither.
 */
export function formatCheckRange(
  min: number | null | undefined,
  max: number | null | undefined,
): string | null {
  const low = min ?? null;
  const high = max ?? null;
  if (low !== null && high !== null)
    return low === high ? formatCompactUsd(low) : `${formatCompactUsd(low)}–${formatCompactUsd(high)}`;
  if (low !== null) return `From ${formatCompactUsd(low)}`;
  if (high !== null) return `Up to ${formatCompactUsd(high)}`;
  return null;
}

/** Places as one line: cities first, then countries, at most `limit`, with "+N" for the rest. */
export function formatPlaces(
  cities: readonly string[] = [],
  countries: readonly string[] = [],
  limit = 3,
): string | null {
  const places = [...cities, ...countries];
  if (places.length === 0) return null;
  const shown = places.slice(0, limit).join(', ');
  return places.length > limit ? `${shown} +${places.length - limit}` : shown;
}
