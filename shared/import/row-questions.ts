import { formatCompactUsd } from '../format/money';
import type { ImportedInvestorDraft } from '../investors/types';

/**
 * What an import questions before publishing (issue 50; docs/decisions.md, "The admin import
 * questions contradictions"): a row whose values contradict each other is held back, not published,
 * and the import's report lists it under "Rows skipped" with the reason, for the admin to correct
 * the file and import the row again. Pure: the import job and the unit tests read it.
 */

const usd = formatCompactUsd;
const AGAIN = 'Correct the row in the file and import it again.';

/** Not in the spec. */
export const rowQuestionMessages = {
  minAboveMax: (min: number, max: number) =>
    `Held for review: the cheque minimum (${usd(min)}) is above the maximum (${usd(max)}). ${AGAIN}`,
  typicalOutsideRange: (typical: number, range: string) =>
    `Held for review: the typical cheque (${usd(typical)}) is outside the cheque range (${range}). ${AGAIN}`,
} as const;

/** The reason a row is held for the admin's review, or null when nothing in it contradicts itself. */
export function questionRow(
  record: Pick<ImportedInvestorDraft, 'checkSize'> & { typicalCheque?: number | null },
): string | null {
  const min = record.checkSize?.min?.value ?? null;
  const max = record.checkSize?.max?.value ?? null;
  if (min !== null && max !== null && min > max) return rowQuestionMessages.minAboveMax(min, max);
  const typical = record.typicalCheque ?? null;
  if (typical !== null && ((min !== null && typical < min) || (max !== null && typical > max))) {
    const range =
      min !== null && max !== null
        ? `${usd(min)}–${usd(max)}`
        : min !== null
          ? `from ${usd(min)}`
          : `up to ${usd(max as number)}`;
    return rowQuestionMessages.typicalOutsideRange(typical, range);
  }
  return null;
}

/** Particles that stay lower case inside a name ("Jan van der Berg"), never as its first word. */
const PARTICLES = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'du',
  'la',
  'le',
  'dos',
  'das',
  'y',
  'zu',
  'ter',
  'ten',
  'af',
  'al',
  'bin',
  'ibn',
]);

/** Whether a name is written wholly in capitals ("HANNA KOWALSKA"): letters, none lower case, at least three. */
export function isShouting(name: string): boolean {
  const letters = name.match(/\p{L}/gu) ?? [];
  return letters.length >= 3 && !/\p{Ll}/u.test(name) && /\p{Lu}/u.test(name);
}

/**
 * A name in capitals written as names are: each word's first letter upper case, the rest lower
 * ("HANNA KOWALSKA" → "Hanna Kowalska", "JEAN-LUC O'BRIEN" → "Jean-Luc O'Brien", "JAN VAN DER
 * BERG" → "Jan van der Berg").
 */
export function titleCaseName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word, index) => {
      const lower = word.toLocaleLowerCase();
      if (index > 0 && PARTICLES.has(lower)) return lower;
      return lower.replace(
        /(^|[-'’])(\p{L})/gu,
        (_all, before: string, letter: string) => before + letter.toLocaleUpperCase(),
      );
    })
    .join(' ');
}
