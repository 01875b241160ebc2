import { typoBudget } from './fold';
import { editDistance, type TextIndex } from './text-index';

/**
 * How a typed word matches the words of an index: exact, the start of a word, a typo within the
 * word's budget; and the tier each match ranks at (the query side of the engine).
 */

/**
 * How an investor matched a typed word, best first: the kind of match (exact, the start of a word,
 * one typo, two typos), then where (name, firm, a tag or place, the thesis). A tier is
 * `kind × 4 + field`; over several words an investor ranks by its worst word.
 */
export const KIND = { exact: 0, prefix: 1 } as const;
/**
 * A typo's kind. Of the words one edit away, the most used comes first, as "Did you mean" offers it:
 * "hanah" is one edit from both Hana and Hannah, and a founder typing it more likely means the name
 * more investors carry. One edit to the most used word 2, to another word 3, two edits 4.
 */
export const typoKind = (distance: number, mostUsed: boolean) => (distance === 1 ? (mostUsed ? 2 : 3) : 4);
export const TAG_FIELD = 2;
export const tierOf = (kind: number, field: number) => kind * 4 + field;
export const TIERS = 20;
/**
 * Tiers below this are exact matches (kind 0: the word itself, or a taxonomy entry or synonym it
 * names, in any field): what a search's total, facets and "Add All Results" count. The rest (the
 * start of a word, a typo) are close matches, offered apart.
 */
export const EXACT_TIERS = 4;
/**
 * Where a ranked search puts a match: its tier, then within it (for a match by name) whether the name
 * has words beyond those typed, `tier × 2 + extra`. The cursor of a ranked page names a rank.
 */
export const RANKS = TIERS * 2;
/** Ranks below this are exact matches (the ranks of {@link EXACT_TIERS}). */
export const EXACT_RANKS = EXACT_TIERS * 2;
export const NO_MATCH = 255;
/** Words after this many are not searched (a box of 100 characters holds about that many words). */
export const MAX_WORDS = 10;

export interface TermRange {
  from: number;
  to: number;
  kind: number;
}

/** The terms of an index a typed word matches: itself, the words it starts, those within its typo budget. */
export function matchWord(index: TextIndex, word: string): { ranges: TermRange[]; exact: boolean } {
  const ranges: TermRange[] = [];
  const [from, to] = index.prefixRange(word);
  if (from < to) {
    if (index.term(from) === word) {
      ranges.push({ from, to: from + 1, kind: KIND.exact });
      if (from + 1 < to) ranges.push({ from: from + 1, to, kind: KIND.prefix });
    } else ranges.push({ from, to, kind: KIND.prefix });
  }
  const budget = typoBudget(word);
  if (budget > 0) {
    const typos = index.fuzzy(word, budget).filter((m) => m.distance > 0 && (m.term < from || m.term >= to));
    let mostUsed = -1;
    for (const match of typos)
      if (match.distance === 1 && (mostUsed < 0 || index.frequency(match.term) > index.frequency(mostUsed)))
        mostUsed = match.term;
    for (const match of typos)
      ranges.push({
        from: match.term,
        to: match.term + 1,
        kind: typoKind(match.distance, match.term === mostUsed),
      });
  }
  return { ranges, exact: from < to };
}

/** How a typed word matches one word of a phrase: its kind, or -1. */
export function wordKind(typed: string, word: string): number {
  if (typed === word) return KIND.exact;
  if (word.startsWith(typed)) return KIND.prefix;
  const budget = typoBudget(typed);
  if (budget === 0) return -1;
  const distance = editDistance(typed, word, budget);
  // A tag or place is one value: no other word of it competes for the typo.
  return distance <= budget ? typoKind(distance, true) : -1;
}

/**
 * The closest word within reach for "did you mean": one edit from 3 letters, else the typo budget;
 * when the search found nobody at all, two edits from 5 letters ("fintek": fintech), since a
 * suggestion is only offered when it finds someone exactly.
 */
export const correctionBudget = (word: string, foundNobody: boolean) =>
  Math.max(typoBudget(word), word.length >= 3 ? 1 : 0, foundNobody && word.length >= 5 ? 2 : 0);
