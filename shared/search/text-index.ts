/**
 * A word index: every distinct folded word (a "term") in one sorted table, and for each term the
 * documents that hold it (ascending), each with the field it was found in. Built once (by the
 * aggregation, into the snapshot); a cold function reads it back as a few typed arrays and one
 * string, without building anything.
 *
 * Lookups: a word exactly, the terms a prefix starts (one contiguous range of the sorted table, so
 * its postings are one contiguous slice too), and the terms within a number of edits of a word
 * (Damerau–Levenshtein, adjacent transpositions counted as one edit), found by walking the sorted
 * table as a trie: a prefix whose edit-distance row has no cell within the budget is skipped whole
 * (a Levenshtein automaton run over the term table), so the walk visits a small part of the table.
 */

/** Where a word was found, best first: ranking puts a name before a firm before a tag or place before a thesis word. */
export const FIELDS = ['name', 'firm', 'tag', 'thesis'] as const;
export type Field = (typeof FIELDS)[number];
export const FIELD_CODE: Readonly<Record<Field, number>> = { name: 0, firm: 1, tag: 2, thesis: 3 };

export interface TextIndexData {
  /** Every term, sorted (JavaScript string order), concatenated. */
  terms: string;
  /** Term `t` is `terms.slice(termStarts[t], termStarts[t + 1])`. */
  termStarts: Uint32Array;
  /** Postings of term `t`: `postingDocs[postingStarts[t] .. postingStarts[t + 1])`, documents ascending. */
  postingStarts: Uint32Array;
  postingDocs: Uint32Array;
  /** The best field (lowest code) each posting's word was found in. */
  postingFields: Uint8Array;
}

export interface FuzzyMatch {
  term: number;
  distance: number;
}

/** Collects (document, field, words) and builds the index; documents must be added in ascending order. */
export class TextIndexBuilder {
  private readonly termIds = new Map<string, number>();
  private readonly termTexts: string[] = [];
  private postings: Uint32Array = new Uint32Array(1024);
  private count = 0;
  private lastDoc = -1;

  /** Adds the words of one document; each word keeps its best field. */
  add(doc: number, words: Iterable<readonly [word: string, field: number]>): void {
    const list: string[] = [];
    const fields: number[] = [];
    for (const [word, field] of words) {
      list.push(word);
      fields.push(field);
    }
    this.addWords(doc, list, fields);
  }

  /** The same, as two lists (the builder's fast path: no pair per word). */
  addWords(doc: number, words: readonly string[], fields: readonly number[]): void {
    if (doc < this.lastDoc) throw new Error('Documents must be added in ascending order');
    this.lastDoc = doc;
    // A document has a few dozen words at most: the best field of each, found by a scan.
    const seen: string[] = [];
    const best: number[] = [];
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as string;
      if (word === '') continue;
      const at = seen.indexOf(word);
      if (at < 0) {
        seen.push(word);
        best.push(fields[i] as number);
      } else if ((fields[i] as number) < (best[at] as number)) best[at] = fields[i] as number;
    }
    for (let w = 0; w < seen.length; w++) {
      const word = seen[w] as string;
      const field = best[w] as number;
      let id = this.termIds.get(word);
      if (id === undefined) {
        id = this.termTexts.length;
        this.termIds.set(word, id);
        this.termTexts.push(word);
      }
      if (this.count * 3 + 3 > this.postings.length) {
        const grown = new Uint32Array(this.postings.length * 2);
        grown.set(this.postings);
        this.postings = grown;
      }
      const at = this.count * 3;
      this.postings[at] = id;
      this.postings[at + 1] = doc;
      this.postings[at + 2] = field;
      this.count++;
    }
  }

  build(): TextIndexData {
    const order = this.termTexts
      .map((_, id) => id)
      .sort((a, b) => compareStrings(this.termTexts[a] as string, this.termTexts[b] as string));
    const rank = new Uint32Array(order.length);
    order.forEach((id, position) => {
      rank[id] = position;
    });
    const termStarts = new Uint32Array(order.length + 1);
    let chars = 0;
    order.forEach((id, position) => {
      termStarts[position] = chars;
      chars += (this.termTexts[id] as string).length;
    });
    termStarts[order.length] = chars;
    const terms = order.map((id) => this.termTexts[id]).join('');

    const postingStarts = new Uint32Array(order.length + 1);
    for (let i = 0; i < this.count; i++) {
      const r = rank[this.postings[i * 3] as number] as number;
      postingStarts[r + 1] = (postingStarts[r + 1] as number) + 1;
    }
    for (let t = 0; t < order.length; t++)
      postingStarts[t + 1] = (postingStarts[t + 1] as number) + (postingStarts[t] as number);
    const fill = postingStarts.slice(0, order.length);
    const postingDocs = new Uint32Array(this.count);
    const postingFields = new Uint8Array(this.count);
    // Postings were added in ascending document order, so each term's list comes out ascending.
    for (let i = 0; i < this.count; i++) {
      const r = rank[this.postings[i * 3] as number] as number;
      const at = fill[r] as number;
      postingDocs[at] = this.postings[i * 3 + 1] as number;
      postingFields[at] = this.postings[i * 3 + 2] as number;
      fill[r] = at + 1;
    }
    return { terms, termStarts, postingStarts, postingDocs, postingFields };
  }
}

/** JavaScript's own string order (UTF-16 code units), which every lookup below assumes. */
export const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Read access to a built index. */
export class TextIndex {
  readonly size: number;
  /** The last few `fuzzy` answers: a search asks for a word's typos more than once (its matches, "did you mean"). */
  private readonly recentFuzzy = new Map<string, FuzzyMatch[]>();

  constructor(readonly data: TextIndexData) {
    this.size = data.termStarts.length - 1;
  }

  /** Forgets the kept `fuzzy` answers (the index's `clearCaches`). */
  forgetRecent(): void {
    this.recentFuzzy.clear();
  }

  term(t: number): string {
    return this.data.terms.slice(this.data.termStarts[t], this.data.termStarts[t + 1]);
  }

  /** How many documents hold term `t`. */
  frequency(t: number): number {
    return (this.data.postingStarts[t + 1] as number) - (this.data.postingStarts[t] as number);
  }

  /** Compares term `t` with `word` (as `compareStrings`), looking at the first `limit` characters of the term at most. */
  private compare(t: number, word: string, limit = Number.POSITIVE_INFINITY): number {
    const { terms, termStarts } = this.data;
    const start = termStarts[t] as number;
    const length = Math.min((termStarts[t + 1] as number) - start, limit);
    const n = Math.min(length, word.length);
    for (let i = 0; i < n; i++) {
      const d = terms.charCodeAt(start + i) - word.charCodeAt(i);
      if (d !== 0) return d;
    }
    return length - Math.min(word.length, limit);
  }

  /** The first term not below `word`. */
  private lowerBound(word: string, from = 0): number {
    let lo = from;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, word) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The term equal to `word`, or -1. */
  find(word: string): number {
    const t = this.lowerBound(word);
    return t < this.size && this.compare(t, word) === 0 ? t : -1;
  }

  /** The terms that start with `prefix`: `[from, to)` (empty when none). */
  prefixRange(prefix: string): [number, number] {
    const from = this.lowerBound(prefix);
    let lo = from;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, prefix, prefix.length) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return [from, lo];
  }

  /**
   * Every term within `maxEdits` edits of `word` (insertions, deletions, substitutions and swaps of
   * two adjacent letters), with its distance. The term equal to `word` is among them (distance 0).
   */
  fuzzy(word: string, maxEdits: number): readonly FuzzyMatch[] {
    const key = `${maxEdits}|${word}`;
    const held = this.recentFuzzy.get(key);
    if (held) return held;
    const found = this.fuzzyWalk(word, maxEdits);
    if (this.recentFuzzy.size >= 16) this.recentFuzzy.delete(this.recentFuzzy.keys().next().value as string);
    this.recentFuzzy.set(key, found);
    return found;
  }

  private fuzzyWalk(word: string, maxEdits: number): FuzzyMatch[] {
    const out: FuzzyMatch[] = [];
    const { terms, termStarts } = this.data;
    const m = word.length;
    const rows: Int32Array[] = [Int32Array.from({ length: m + 1 }, (_, j) => j)];
    const path: number[] = [];
    let valid = 0; // rows[0..valid] hold the distances of path[0..valid)
    let t = 0;
    while (t < this.size) {
      const start = termStarts[t] as number;
      const length = (termStarts[t + 1] as number) - start;
      let common = 0;
      while (common < valid && common < length && path[common] === terms.charCodeAt(start + common)) common++;
      valid = common;
      let pruned = -1;
      for (let d = common + 1; d <= length; d++) {
        const c = terms.charCodeAt(start + d - 1);
        path[d - 1] = c;
        const previous = rows[d - 1] as Int32Array;
        let row = rows[d];
        if (!row) {
          row = new Int32Array(m + 1);
          rows[d] = row;
        }
        row[0] = d;
        let min = d;
        for (let j = 1; j <= m; j++) {
          const w = word.charCodeAt(j - 1);
          let v = Math.min(
            (previous[j] as number) + 1,
            (row[j - 1] as number) + 1,
            (previous[j - 1] as number) + (w === c ? 0 : 1),
          );
          if (d > 1 && j > 1 && c === word.charCodeAt(j - 2) && path[d - 2] === w)
            v = Math.min(v, ((rows[d - 2] as Int32Array)[j - 2] as number) + 1);
          row[j] = v;
          if (v < min) min = v;
        }
        valid = d;
        if (min > maxEdits) {
          pruned = d;
          break;
        }
      }
      if (pruned >= 0) {
        t = this.afterPrefix(path, pruned, t + 1);
        continue;
      }
      const distance = (rows[length] as Int32Array)[m] as number;
      if (distance <= maxEdits) out.push({ term: t, distance });
      t++;
    }
    return out;
  }

  /** The first term from `from` on that does not start with `path[0..length)`. */
  private afterPrefix(path: readonly number[], length: number, from: number): number {
    const prefix = String.fromCharCode(...path.slice(0, length));
    let lo = from;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, prefix, length) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * The edit distance of two words (Damerau–Levenshtein, optimal string alignment: an adjacent swap
 * is one edit), or `max + 1` as soon as it is known to be above `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const m = b.length;
  let before = new Int32Array(m + 1);
  let previous = Int32Array.from({ length: m + 1 }, (_, j) => j);
  let row = new Int32Array(m + 1);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let min = i;
    const c = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const w = b.charCodeAt(j - 1);
      let v = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (c === w ? 0 : 1),
      );
      if (i > 1 && j > 1 && c === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === w)
        v = Math.min(v, (before[j - 2] as number) + 1);
      row[j] = v;
      if (v < min) min = v;
    }
    if (min > max) return max + 1;
    [before, previous, row] = [previous, row, before];
  }
  return Math.min(previous[m] as number, max + 1);
}
