import type { Evaluation } from './collector';
import { maxInto } from './collector';
import type { FacetState } from './facets';
import { FACETS, type Facet } from './filters';
import { searchWords, typoBudget } from './fold';
import { dictionaryAt, type IndexData, stringAt } from './index-data';
import { KIND, MAX_WORDS, matchWord, NO_MATCH, TIERS } from './match-words';
import type { TextIndex } from './text-index';

/** Suggestions as a founder types: investors, firms and filter values the words name. */

/** What a suggestion names: an investor (its profile), a firm or a region (searched), or a filter value. */
export type SuggestionKind = 'investor' | 'firm' | 'region' | Facet;

export interface Suggestion {
  kind: SuggestionKind;
  label: string;
  /** An investor's id, a filter's value (as facets give it), a firm's or a region's name. */
  value: string;
  /** An investor's firm. */
  detail: string | null;
  /** How many investors it finds. */
  count: number;
}

export const SUGGESTION_LIMITS = { investors: 4, firms: 3, values: 5 } as const;

/** What suggestions read of the index (SearchIndex gives it). */
export interface SuggestionSource {
  readonly data: IndexData;
  readonly text: TextIndex;
  readonly firmText: TextIndex;
  readonly vocabularyWords: TextIndex;
  readonly firmCounts: Uint32Array;
  readonly facetState: Record<Facet, FacetState>;
  /** How many investors a vocabulary entry selects. */
  entryCount(entry: number): number;
  /** A search of names and firms only. */
  evaluateNames(q: string): Evaluation | null;
}

/**
 * Suggestions as a founder types: investors whose name or firm the words start (ranked as a search
 * is), firms, and the filter values the words name (sectors, stages, places, types), most
 * investors first within a rank.
 */
export function suggest(
  source: SuggestionSource,
  q: string,
  limits: { investors: number; firms: number; values: number } = SUGGESTION_LIMITS,
): Suggestion[] {
  const words = searchWords(q).slice(0, MAX_WORDS);
  if (words.length === 0) return [];
  const out: Suggestion[] = [];

  if (limits.investors > 0) {
    for (const ord of bestNameMatches(source, words, limits.investors)) {
      out.push({
        kind: 'investor',
        label: stringAt(source.data.names, ord),
        value: stringAt(source.data.ids, ord),
        detail: dictionaryAt(source.data.firms, ord),
        count: 1,
      });
    }
  }

  const firms = rankDocuments(source.firmText, words, source.firmCounts.length);
  firms.sort(
    (a, b) =>
      a.tier - b.tier ||
      (source.firmCounts[b.doc] as number) - (source.firmCounts[a.doc] as number) ||
      a.doc - b.doc,
  );
  for (const { doc } of firms.slice(0, limits.firms)) {
    const name = stringAt(source.data.firms.table, doc);
    out.push({
      kind: 'firm',
      label: name,
      value: name,
      detail: null,
      count: source.firmCounts[doc] as number,
    });
  }

  const vocabulary = source.data.vocabulary;
  const entries = rankDocuments(source.vocabularyWords, words, vocabulary.facets.length).map((e) => ({
    ...e,
    count: source.entryCount(e.doc),
  }));
  entries.sort((a, b) => a.tier - b.tier || b.count - a.count || a.doc - b.doc);
  const shown = new Set<string>();
  for (const { doc, count } of entries) {
    if (shown.size >= limits.values) break;
    const facet = FACETS[vocabulary.facets[doc] as number] as Facet;
    const state = source.facetState[facet];
    const values = Array.from(
      vocabulary.valueIds.subarray(vocabulary.valueStarts[doc], vocabulary.valueStarts[doc + 1]),
      (v) => state.valueKeys[v] as string,
    );
    const region = vocabulary.regions[doc] === 1;
    const key = `${facet}|${values.join('|')}`;
    if (shown.has(key) || count === 0) continue;
    shown.add(key);
    const label = stringAt(vocabulary.labels, doc);
    out.push({
      kind: region ? 'region' : facet,
      label,
      value: region ? label : (values[0] as string),
      detail: null,
      count,
    });
  }
  return out;
}

/**
 * The first `limit` investors whose names or firms match the typed words, best tier first, then in
 * name order: the investors a suggestion shows. One short word (no typo allowed: a few letters
 * typed) is read from the start of each matching word's postings, so the letters "ha" cost the
 * words that begin with them, not the investors who carry those words (a fifth of the directory).
 */
function bestNameMatches(source: SuggestionSource, words: readonly string[], limit: number): number[] {
  const word = words[0] as string;
  if (words.length === 1 && typoBudget(word) === 0) {
    const { postingStarts, postingDocs, postingFields } = source.text.data;
    const [from, to] = source.text.prefixRange(word);
    const exact = from < to && source.text.term(from) === word;
    // Tiers as evaluateWords gives them: kind × 4 + field, names (0) and firms (1) only.
    const picked: number[] = [];
    const seen = new Set<number>();
    for (const { kind, field } of [
      { kind: KIND.exact, field: 0 },
      { kind: KIND.exact, field: 1 },
      { kind: KIND.prefix, field: 0 },
      { kind: KIND.prefix, field: 1 },
    ]) {
      if (picked.length >= limit) break;
      const terms: [number, number] =
        kind === KIND.exact ? (exact ? [from, from + 1] : [0, 0]) : [exact ? from + 1 : from, to];
      // Every investor of a better tier is in `seen` here (that tier held fewer than the limit).
      const want = limit - picked.length;
      const candidates: number[] = [];
      for (let t = terms[0]; t < terms[1]; t++) {
        let taken = 0;
        for (let p = postingStarts[t] as number; p < (postingStarts[t + 1] as number) && taken < want; p++) {
          const ord = postingDocs[p] as number;
          if (postingFields[p] !== field || seen.has(ord)) continue;
          candidates.push(ord);
          taken++;
        }
      }
      const ordered = [...new Set(candidates)].sort((a, b) => a - b).slice(0, want);
      for (const ord of ordered) {
        picked.push(ord);
        seen.add(ord);
      }
      // The rest of this tier's investors are not needed: the limit is reached, or none is left.
      if (ordered.length < want) continue;
    }
    return picked;
  }
  const evaluation = source.evaluateNames(words.join(' '));
  if (!evaluation) return [];
  const best: number[][] = Array.from({ length: TIERS }, () => []);
  for (let k = 0; k < evaluation.matched.length; k++) {
    const list = best[evaluation.matchedTiers[k] as number] as number[];
    if (list.length < limit) list.push(evaluation.matched[k] as number);
  }
  return best.flat().slice(0, limit);
}

/** Documents of a small index (firms, vocabulary entries) where every typed word matches a word, with their tier. */
function rankDocuments(
  index: TextIndex,
  words: readonly string[],
  size: number,
): { doc: number; tier: number }[] {
  let tiers: Uint8Array | null = null;
  const { postingStarts, postingDocs } = index.data;
  for (const word of words) {
    const one = new Uint8Array(size).fill(NO_MATCH);
    for (const range of matchWord(index, word).ranges)
      for (let p = postingStarts[range.from] as number; p < (postingStarts[range.to] as number); p++) {
        const doc = postingDocs[p] as number;
        if (range.kind < (one[doc] as number)) one[doc] = range.kind;
      }
    tiers = tiers ? maxInto(tiers, one) : one;
  }
  const out: { doc: number; tier: number }[] = [];
  tiers?.forEach((tier, doc) => {
    if (tier !== NO_MATCH) out.push({ doc, tier });
  });
  return out;
}
