import { typoBudget } from '../search/fold';
import { editDistance } from '../search/text-index';
import { taxonomyKey } from './fold';

/**
 * Typed text against a list of the taxonomy (sectors, stages, countries), by the search box's rules:
 * case, accents and punctuation folded (`taxonomyKey`), a synonym finds its entry ("supply chain" →
 * Logistics), and a word forgives as many typos as the search's typo budget gives it (`typoBudget`:
 * one from 5 letters, two from 9; "robotcs" → Robotics, "Germny" → Germany). One matcher for every
 * picker and for the server's refusals ("Did you mean …").
 */
export interface MatchableEntry {
  value: string;
  label: string;
  synonyms: readonly string[];
  /** How many investors carry it; null when not known (no index yet). */
  investors?: number | null;
}

/** How an entry matched: by its label, by a synonym, or within the typo budget of one of them. */
export type MatchKind = 'label' | 'synonym' | 'typo';

export interface EntryMatch<E extends MatchableEntry> {
  entry: E;
  kind: MatchKind;
  /** The synonym that found it (kind `synonym`, or a typo of a synonym). */
  via: string | null;
}

/** Whether some investor carries an entry (unknown counts as carried: nothing to warn about). */
export const isCarried = (entry: MatchableEntry): boolean => entry.investors == null || entry.investors > 0;

const RANK_NONE = 99;

/** How close a typed key is to one spelling: 0 the spelling starts with it, 1 a word of it does, 2 inside it, 3 a typo. */
function spellingRank(typed: string, spelling: string): number {
  if (spelling.startsWith(typed)) return 0;
  if (spelling.split(' ').some((word) => word.startsWith(typed))) return 1;
  if (typed.length >= 3 && spelling.includes(typed)) return 2;
  const budget = typoBudget(typed);
  if (budget === 0) return RANK_NONE;
  // The whole spelling, or its start as long as what was typed (a typo while still typing: "robotc").
  if (editDistance(typed, spelling, budget) <= budget) return 3;
  if (
    spelling.length > typed.length &&
    editDistance(typed, spelling.slice(0, typed.length), budget) <= budget
  )
    return 3;
  return RANK_NONE;
}

/**
 * The entries a typed text names, best first: label matches, then synonym matches, then typos (of a
 * label, then of a synonym); within each, carried entries with the most investors first, then by
 * label. Empty text lists every entry.
 */
export function matchTaxonomy<E extends MatchableEntry>(
  entries: readonly E[],
  text: string,
): EntryMatch<E>[] {
  const typed = taxonomyKey(text);
  if (typed === '') return entries.map((entry) => ({ entry, kind: 'label', via: null }));
  const scored: { match: EntryMatch<E>; score: number }[] = [];
  for (const entry of entries) {
    const labelRank = Math.min(
      spellingRank(typed, taxonomyKey(entry.label)),
      spellingRank(typed, entry.value),
    );
    let best: { score: number; match: EntryMatch<E> } | null =
      labelRank < 3
        ? { score: labelRank, match: { entry, kind: 'label', via: null } }
        : labelRank === 3
          ? { score: 10, match: { entry, kind: 'typo', via: null } }
          : null;
    if (best === null || best.score > 2)
      for (const synonym of entry.synonyms) {
        const rank = spellingRank(typed, taxonomyKey(synonym));
        const score = rank < 3 ? 5 + rank : rank === 3 ? 11 : RANK_NONE;
        if (score < (best?.score ?? RANK_NONE))
          best = { score, match: { entry, kind: rank < 3 ? 'synonym' : 'typo', via: synonym } };
      }
    if (best) scored.push(best);
  }
  const investors = (entry: MatchableEntry) => entry.investors ?? 0;
  return scored
    .sort(
      (a, b) =>
        a.score - b.score ||
        investors(b.match.entry) - investors(a.match.entry) ||
        a.match.entry.label.localeCompare(b.match.entry.label, 'en'),
    )
    .map((s) => s.match);
}

/** The entry a text names exactly: its label, stored value or a synonym (folded), or null. */
export function entryNamed<E extends MatchableEntry>(entries: readonly E[], text: string): E | null {
  const key = taxonomyKey(text);
  if (key === '') return null;
  return (
    entries.find((e) => taxonomyKey(e.label) === key || taxonomyKey(e.value) === key) ??
    entries.find((e) => e.synonyms.some((s) => taxonomyKey(s) === key)) ??
    null
  );
}

/**
 * The entry a text is meant for when it names none exactly ("Did you mean …"): the closest label or
 * synonym within the search's reach for a correction (the typo budget, at least one edit from 3
 * letters, two from 5, as the search's "did you mean" widens it when nothing is found), fewest edits
 * first, then the most carried. Null when the text names an entry exactly or nothing is near.
 */
export function didYouMean<E extends MatchableEntry>(entries: readonly E[], text: string): E | null {
  const typed = taxonomyKey(text);
  if (typed === '' || entryNamed(entries, text)) return null;
  const budget = Math.max(typoBudget(typed), typed.length >= 3 ? 1 : 0, typed.length >= 5 ? 2 : 0);
  let best: { entry: E; distance: number } | null = null;
  for (const entry of entries)
    for (const spelling of [entry.label, ...entry.synonyms]) {
      const distance = editDistance(typed, taxonomyKey(spelling), budget);
      if (distance > budget) continue;
      if (
        !best ||
        distance < best.distance ||
        (distance === best.distance && (entry.investors ?? 0) > (best.entry.investors ?? 0))
      )
        best = { entry, distance };
    }
  return best?.entry ?? null;
}

/**
 * What a typed value resolves to: the entry it names exactly, or else its one clear typo (the
 * closest entry within the typo budget). Null when it names nothing: the caller asks "Did you mean …".
 */
export function resolveTyped<E extends MatchableEntry>(entries: readonly E[], text: string): E | null {
  const named = entryNamed(entries, text);
  if (named) return named;
  const typed = taxonomyKey(text);
  const budget = typoBudget(typed);
  if (budget === 0) return null;
  let best: { entry: E; distance: number } | null = null;
  for (const entry of entries)
    for (const spelling of [entry.label, ...entry.synonyms]) {
      const distance = editDistance(typed, taxonomyKey(spelling), budget);
      if (distance <= budget && (!best || distance < best.distance)) best = { entry, distance };
    }
  return best?.entry ?? null;
}

/**
 * The carried entries nearest an entry no investor carries, offered beside it: those sharing a
 * word with its label or synonyms ("consumer hardware" → Consumer, "devices", "iot" …), then
 * those whose synonyms name it, the most carried first; at most `max`.
 */
export function nearestCarried<E extends MatchableEntry>(entries: readonly E[], entry: E, max = 3): E[] {
  const wordsOf = (e: MatchableEntry) =>
    new Set(
      [e.label, ...e.synonyms].flatMap((s) =>
        taxonomyKey(s)
          .split(' ')
          .filter((w) => w.length >= 3),
      ),
    );
  const own = wordsOf(entry);
  const ownSpellings = [entry.label, ...entry.synonyms].map(taxonomyKey);
  const scored: { e: E; score: number }[] = [];
  for (const other of entries) {
    if (other.value === entry.value || !isCarried(other) || (other.investors ?? 0) === 0) continue;
    const theirs = wordsOf(other);
    let shared = 0;
    for (const word of own) if (theirs.has(word)) shared++;
    const spelled = [other.label, ...other.synonyms]
      .map(taxonomyKey)
      .some((s) => ownSpellings.some((o) => o.includes(s) || s.includes(o)));
    const score = shared + (spelled ? 1 : 0);
    if (score > 0) scored.push({ e: other, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || (b.e.investors ?? 0) - (a.e.investors ?? 0))
    .slice(0, max)
    .map((s) => s.e);
}
