import { tagLabel } from '../tags/display';
import { DEFAULT_TAXONOMY } from '../taxonomy/taxonomy';

/**
 * What the shortlist needs of the taxonomy's lists (issue 33's `shared/taxonomy/`): the stages a
 * round is chosen from, and the labels of stages and sectors. Its places (countries, cities, regions)
 * are `places-port.ts`, apart: their data is large, and the web takes the lists from GET /taxonomy.
 * Stages and labels are the taxonomy's defaults (an admin's synonyms of a stage are not needed to
 * choose a round; a sector an admin added shows in display case).
 */

export interface RoundOption {
  /** As stored (`seed`). */
  value: string;
  /** As shown (`Seed`). */
  label: string;
}

/** The rounds a founder chooses from: the taxonomy's stages, in the founders' order. */
export const ROUND_OPTIONS: readonly RoundOption[] = DEFAULT_TAXONOMY.entries('stage').map((entry) => ({
  value: entry.value,
  label: entry.label,
}));

/** The round a spelling names (its label, value or a synonym: "Series C" is Series C+), or null. */
export function roundOf(raw: string): RoundOption | null {
  const entry = DEFAULT_TAXONOMY.resolve('stage', raw);
  return entry ? { value: entry.value, label: entry.label } : null;
}

export const stageLabel = (value: string): string =>
  DEFAULT_TAXONOMY.entry('stage', value)?.label ?? tagLabel(value);
export const sectorLabel = (value: string): string =>
  DEFAULT_TAXONOMY.entry('sector', value)?.label ?? tagLabel(value);
