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

const MONEY_SCALES: Readonly<Record<string, number>> = {
  '': 1,
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

/**
 * An amount as a founder or a source writes it, in whole units: `250k`, `2.5M`, `$1,000,000`,
 * `USD 1.5m`, `€300 000`, `1'000'000`, `2bn`. One parser for every amount field (the raise form, the
 * pipeline's amount and its import, the admin import's cheque sizes). A currency sign or code may
 * lead or follow; thousands are grouped by threes (commas, spaces or apostrophes), so `1,5M` (a
 * decimal comma) is not read as 15 million. Null for anything else: blank, negative, a range
 * (`1M-2M`), words.
 */
export function parseMoney(text: string | null | undefined): number | null {
  if (text == null) return null;
  const cleaned = text
    .trim()
    .toLowerCase()
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/^(?:[$€£]|us\$|usd|eur|gbp)\s*/, '')
    .replace(/\s*(?:[$€£]|usd|eur|gbp)$/, '');
  const match =
    /^(\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+|\d{1,3}(?:'\d{3})+|\d+)(\.\d+)?\s*(k|thousand|mm|mn|m|million|bn|b|billion)?$/.exec(
      cleaned,
    );
  if (!match) return null;
  const [, whole = '', fraction = '', scale = ''] = match;
  const factor = MONEY_SCALES[scale];
  if (factor === undefined) return null;
  const amount = Math.round(Number(`${whole.replace(/[, ']/g, '')}${fraction}`) * factor);
  return Number.isFinite(amount) ? amount : null;
}
