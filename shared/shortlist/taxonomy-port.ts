import { foldText } from '../search/fold';
import { CANONICAL_STAGES, tagLabel } from '../tags/display';
import { normalizeTag } from '../tags/normalize-tag';
import type { FitWords, PlaceCoverage } from './fit';

/**
 * What the shortlist needs of the taxonomy (issue 33's `shared/taxonomy/`): the stages a round is
 * chosen from, the labels of stages and sectors, and places (countries, cities, the regions an
 * investor invests in). Everything of the taxonomy the shortlist uses goes through this one file.
 *
 * INTERIM, until `shared/taxonomy/` is on main: the stages are the directory's founders' order, and
 * places are matched by their names only (no regions). Replaced by the taxonomy's own lists.
 */

export interface RoundOption {
  /** As stored (`seed`). */
  value: string;
  /** As shown (`Seed`). */
  label: string;
}

/** The rounds a founder chooses from, in the founders' order. */
export const ROUND_OPTIONS: readonly RoundOption[] = CANONICAL_STAGES.map((value) => ({
  value,
  label: tagLabel(value),
}));

/** The round a spelling names (any case), or null when it is not one of the stages. */
export function roundOf(raw: string): RoundOption | null {
  const key = normalizeTag(raw);
  return ROUND_OPTIONS.find((option) => option.value === key) ?? null;
}

export const stageLabel = (value: string): string => roundOf(value)?.label ?? tagLabel(value);
export const sectorLabel = (value: string): string => tagLabel(value);

export interface CountryOption {
  /** What the directory stores and shows ("United States"). */
  name: string;
}

const spaced = (value: string) => value.trim().replace(/\s+/g, ' ');

/** The country a name stands for, or null for a blank one. */
export function countryOf(raw: string): CountryOption | null {
  const name = spaced(raw);
  return name === '' ? null : { name };
}

/** A city as the directory stores it within its country (kept as written when unknown). */
export const cityOf = (raw: string, _country: string): string => spaced(raw);

/** The countries a founder chooses from (none listed until the taxonomy's places). */
export const COUNTRY_OPTIONS: readonly CountryOption[] = [];

const WORLDWIDE = new Set(['global', 'worldwide', 'world', 'anywhere', 'international', 'everywhere']);

/** Whether a place an investor invests in covers the country: itself, or worldwide. */
export function placeCoverage(place: string, country: string): PlaceCoverage | null {
  const key = foldText(spaced(place));
  if (WORLDWIDE.has(key)) return { kind: 'world', name: 'worldwide' };
  if (key === foldText(spaced(country))) return { kind: 'country', name: spaced(country) };
  return null;
}

/** The words the score uses (shared/shortlist/fit.ts). */
export const fitWords: FitWords = { stageLabel, sectorLabel, coverage: placeCoverage };
