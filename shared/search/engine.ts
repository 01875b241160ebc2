import type { CartInvestor } from '../cart/cart';
import { DEPLOYING_RULES, dealWithin } from '../investors/deploying';
import { CONTACT_KINDS } from '../investors/fact-values';
import { andInto, type Bits, has, hashBytes, lowerBound, popcount, popcountAnd, set } from './bits';
import { type Evaluation, intersect, lower, type Segment } from './collector';
import { countValue, denseValueBits, type FacetState, type FacetValue, loadFacet, topValues } from './facets';
import {
  FACETS,
  type Facet,
  facetValueKey,
  HAS_CONTACTS,
  HAS_FILTERS,
  type HasContact,
  type HasFilter,
  type SearchFilters,
  type SearchSort,
} from './filters';
import { searchWords } from './fold';
import {
  type BuildOptions,
  buildIndexData,
  confirmedOf,
  dealOfSpelling,
  dictionaryAt,
  hasFacts,
  type IndexData,
  type IndexedFacts,
  type IndexedInvestor,
  leadOfCode,
  listAt,
  monthNumber,
  stringAt,
  stringsOf,
} from './index-data';
import {
  correctionBudget,
  EXACT_RANKS,
  EXACT_TIERS,
  KIND,
  MAX_WORDS,
  matchWord,
  NO_MATCH,
  RANKS,
  TAG_FIELD,
  type TermRange,
  tierOf,
  wordKind,
} from './match-words';
import {
  bestOrder,
  decodeCursor,
  encodeCursor,
  nameOrder,
  type Order,
  ordAt,
  positionAfter,
  type SearchPageResult,
  updatedOrder,
} from './paging';
import { Recent } from './recent';
import { SUGGESTION_LIMITS, type Suggestion, type SuggestionSource, suggest } from './suggestions';
import { compareStrings, FIELD_CODE, TextIndex } from './text-index';
import { utf8Encoder } from './utf8';

export { FACET_VALUES_SHOWN, type FacetValue } from './facets';
export type { IndexedInvestor } from './index-data';
export { InvalidSearchCursorError, type SearchPageResult } from './paging';
export { SUGGESTION_LIMITS, type Suggestion, type SuggestionKind } from './suggestions';

/**
 * The directory's search index, in memory, over the columns of the snapshot (index-data.ts). A
 * search ANDs bit sets (a filter value's investors, a contact kind, the cheque range, the typed
 * words); typed words are ranked (exact before the start of a word before a typo; a name before a
 * firm before a tag or place before a thesis word; then the chosen order). A page walks the chosen
 * order, so its cost does not grow with the number of matches; totals and facet counts are popcounts
 * and one pass over the results.
 */
export class SearchIndex {
  readonly size: number;
  private readonly text: TextIndex;
  private readonly firmText: TextIndex;
  private readonly vocabularyWords: TextIndex;
  private readonly facetState: Record<Facet, FacetState>;
  private readonly hasBits = new Map<HasContact, Bits>();
  private readonly words32: number;
  private readonly firmCounts: Uint32Array;
  /** The orders results are walked in, and each one's position of every ord, made at first use. */
  private readonly orders = new Map<SearchSort, Order>();
  /** Per investor, its name's word count plus one (0: not counted yet); made at the first ranked search. */
  private nameWordCounts: Uint8Array | null = null;
  private readonly positions = new Map<SearchSort, Uint32Array>();
  private readonly valueBitsCache = new Recent<Bits>(64);
  private readonly evaluations = new Recent<Evaluation | null>(16);
  private readonly rankedPages = new Recent<{ buckets: Uint32Array[]; exact: number; total: number }>(16);
  private readonly entryCounts = new Map<number, number>();
  private readonly chequeCache = new Recent<Bits>(8);
  /** Arrays of tiers the size of the directory, all NO_MATCH, reused by searches (evaluateWords). */
  private readonly scratch: Uint8Array[] = [];
  private readonly vocabularyTexts: string[];
  /** What suggestions (suggestions.ts) read of this index. */
  private readonly suggestionSource: SuggestionSource;

  constructor(readonly data: IndexData) {
    const n = data.size;
    this.size = n;
    this.words32 = Math.ceil(n / 32);
    this.text = new TextIndex(data.text);
    this.firmText = new TextIndex(data.firmText);
    this.vocabularyWords = new TextIndex(data.vocabulary.words);
    this.vocabularyTexts = stringsOf(data.vocabulary.texts);
    this.facetState = Object.fromEntries(FACETS.map((facet) => [facet, loadFacet(data, facet)])) as Record<
      Facet,
      FacetState
    >;
    const flagOf: Record<HasContact, number> = { email: 1, phone: 2, linkedin: 4 };
    for (const contact of HAS_CONTACTS) {
      const bits = this.emptyBits();
      const flag = flagOf[contact];
      for (let ord = 0; ord < n; ord++) if (((data.flags[ord] as number) & flag) !== 0) set(bits, ord);
      this.hasBits.set(contact, bits);
    }
    this.firmCounts = new Uint32Array(data.firms.table.offsets.length - 1);
    for (let ord = 0; ord < n; ord++) {
      const id = data.firms.ids[ord] as number;
      if (id !== 0) this.firmCounts[id - 1] = (this.firmCounts[id - 1] as number) + 1;
    }
    this.suggestionSource = {
      data,
      text: this.text,
      firmText: this.firmText,
      vocabularyWords: this.vocabularyWords,
      firmCounts: this.firmCounts,
      facetState: this.facetState,
      entryCount: (entry) => this.entryCount(entry),
      evaluateNames: (q) => this.evaluate(q, 'names'),
    };
  }

  /**
   * Forgets the answers kept for repeated searches (the words of the last searches, their ranked
   * pages, cheque ranges): the bench measures every call as if it were the first of its kind.
   */
  clearCaches(): void {
    for (const index of [this.text, this.vocabularyWords, this.firmText]) index.forgetRecent();
    this.evaluations.clear();
    this.rankedPages.clear();
    this.chequeCache.clear();
    this.valueBitsCache.clear();
    this.newCache.clear();
  }

  static build(investors: Iterable<IndexedInvestor>, options: BuildOptions = {}): SearchIndex {
    return new SearchIndex(buildIndexData(investors, options));
  }

  // ---------------------------------------------------------------- cards

  /** The public card of investor `ord`. */
  card(ord: number): CartInvestor {
    const data = this.data;
    const flags = data.flags[ord] as number;
    const marks = data.marks[ord] as number;
    const byInvestor = CONTACT_KINDS.filter((_, bit) => (marks & (1 << bit)) !== 0);
    const card: CartInvestor = {
      id: stringAt(data.ids, ord),
      name: stringAt(data.names, ord),
      investorRole: this.spellingsOf('role', ord)[0] ?? '',
      stageFocus: this.spellingsOf('stage', ord),
      sectorFocus: this.spellingsOf('sector', ord),
      hasEmail: (flags & 1) !== 0,
      hasPhone: (flags & 2) !== 0,
      hasLinkedIn: (flags & 4) !== 0,
      hasTwitter: (flags & 8) !== 0,
      hasCrunchbase: (flags & 16) !== 0,
      firmName: dictionaryAt(data.firms, ord),
      title: dictionaryAt(data.titles, ord),
      cities: this.spellingsOf('city', ord),
      countries: this.spellingsOf('country', ord),
      checkMin: Number.isNaN(data.checkMin[ord]) ? null : (data.checkMin[ord] as number),
      checkMax: Number.isNaN(data.checkMax[ord]) ? null : (data.checkMax[ord] as number),
      contactConfirmed: confirmedOf(data, ord),
      ...(byInvestor.length > 0 ? { confirmedByInvestor: byInvestor } : {}),
    };
    const thesis = stringAt(data.theses, ord);
    if (thesis !== '') card.thesisLine = thesis;
    return card;
  }

  /** Investor `ord` as the snapshot holds it (the fold reads every investor back this way). */
  investor(ord: number): IndexedInvestor {
    // The card carries the one-line thesis (`thesisLine`): what the snapshot is built from again.
    const investor: IndexedInvestor = {
      card: this.card(ord),
      updatedAt: new Date(this.data.updatedAt[ord] as number).toISOString(),
    };
    const facts = this.facts(ord);
    if (hasFacts(facts)) investor.facts = facts;
    return investor;
  }

  /** What the shortlist ranks investor `ord` on beyond its card (issue 35). */
  facts(ord: number): IndexedFacts {
    const data = this.data;
    const cheque = data.typicalCheque[ord] as number;
    const added = data.addedAt[ord] as number;
    return {
      leadOrFollow: leadOfCode(data.lead[ord] as number),
      typicalCheque: Number.isNaN(cheque) ? null : cheque,
      investsIn: listAt(data.investsIn, ord),
      addedAt: Number.isNaN(added) ? null : new Date(added).toISOString(),
      deals: listAt(data.deals, ord).map(dealOfSpelling),
      vintage: (data.vintage[ord] as number) === 0 ? null : (data.vintage[ord] as number),
    };
  }

  private deployedCache: { day: string; bits: Bits } | null = null;

  /**
   * Investors with a new deal in the last 12 months before today (issue 52: "Deployed in the last
   * 12 months"), by the rule of shared/investors/deploying.ts read once per deal spelling; kept for
   * the day.
   */
  deployedBits(now: Date = new Date()): Bits {
    const day = now.toISOString().slice(0, 10);
    if (this.deployedCache?.day === day) return this.deployedCache.bits;
    const { offsets, spellingIds, spellings } = this.data.deals;
    const count = spellings.offsets.length - 1;
    const recent = new Uint8Array(count);
    for (let id = 0; id < count; id++)
      recent[id] = dealWithin(dealOfSpelling(stringAt(spellings, id)).date, now, DEPLOYING_RULES.recentMonths)
        ? 1
        : 0;
    const bits = this.emptyBits();
    for (let ord = 0; ord < this.size; ord++) {
      const end = offsets[ord + 1] as number;
      for (let i = offsets[ord] as number; i < end; i++)
        if (recent[spellingIds[i] as number] === 1) {
          set(bits, ord);
          break;
        }
    }
    this.deployedCache = { day, bits };
    return bits;
  }

  private hasFilterBits(filter: HasFilter): Bits {
    return filter === 'deployed' ? this.deployedBits() : (this.hasBits.get(filter) as Bits);
  }

  *investors(): Generator<IndexedInvestor> {
    for (let ord = 0; ord < this.size; ord++) yield this.investor(ord);
  }

  private spellingsOf(facet: Facet, ord: number): string[] {
    const column = this.data.facets[facet];
    const spellings = this.facetState[facet].spellings;
    const out: string[] = [];
    for (let i = column.offsets[ord] as number; i < (column.offsets[ord + 1] as number); i++)
      out.push(spellings[column.spellingIds[i] as number] as string);
    return out;
  }

  private emptyBits(): Bits {
    return new Uint32Array(this.words32);
  }

  // ---------------------------------------------------------------- typed words

  /** The words of a search as it ranks them, or null when it has none. Kept for the next pages. */
  private evaluate(q: string, scope: 'all' | 'names' = 'all'): Evaluation | null {
    const words = searchWords(q).slice(0, MAX_WORDS);
    if (words.length === 0) return null;
    return this.evaluations.get(`${scope}|${words.join(' ')}`, () => this.evaluateWords(words, scope));
  }

  /**
   * The investors every word matches, with their tier. Work follows the matches, not the directory:
   * each word (or phrase) lowers tiers in a scratch array of the directory's size that is all
   * NO_MATCH at rest, noting each investor it touches; the words are then intersected from the
   * fewest touched, and the scratch arrays are put back as they were found.
   */
  private evaluateWords(words: string[], scope: 'all' | 'names'): Evaluation {
    const textMatches = words.map((word) => matchWord(this.text, word));
    const vocabularyMatches =
      scope === 'all' ? words.map((word) => matchWord(this.vocabularyWords, word)) : words.map(() => null);
    const wordExact = words.map(
      (_, i) => textMatches[i]?.exact === true || vocabularyMatches[i]?.exact === true,
    );
    const segments: Segment[] = [];
    try {
      for (let i = 0; i < words.length; ) {
        const phrase = scope === 'all' ? this.phraseAt(words, i, vocabularyMatches[i]?.ranges ?? []) : null;
        const segment = this.segment();
        segments.push(segment);
        const named = phrase ? this.namedByTypo(phrase.entries, wordExact.slice(i, i + phrase.length)) : null;
        if (phrase && named !== null) {
          // Words spelt near one taxonomy entry ("seris a": Series A): that entry's investors, not
          // everyone with a word near one of them.
          this.lowerByEntry(segment, named.entry, named.kind);
          i += phrase.length;
        } else if (phrase) {
          for (const { entry, kind } of phrase.entries) this.lowerByEntry(segment, entry, kind);
          // The same words as names, firms or thesis words, all of them.
          const parts: Segment[] = [];
          try {
            for (let j = i; j < i + phrase.length; j++) {
              const one = this.segment();
              parts.push(one);
              this.lowerByText(one, (textMatches[j] as { ranges: TermRange[] }).ranges, scope);
            }
            const both = intersect(parts);
            for (let k = 0; k < both.ords.length; k++)
              lower(segment, both.ords[k] as number, both.tiers[k] as number);
          } finally {
            for (const part of parts) this.release(part);
          }
          i += phrase.length;
        } else {
          const vocabulary = vocabularyMatches[i];
          const entries = vocabulary ? this.entriesOf(vocabulary.ranges) : [];
          const named = this.namedByTypo(entries, [wordExact[i] as boolean]);
          if (named !== null) this.lowerByEntry(segment, named.entry, named.kind);
          else this.lowerByText(segment, (textMatches[i] as { ranges: TermRange[] }).ranges, scope);
          if (named === null) for (const { entry, kind } of entries) this.lowerByEntry(segment, entry, kind);
          i++;
        }
      }
      const { ords, tiers } = intersect(segments);
      const bits = this.emptyBits();
      const exactBits = this.emptyBits();
      let exactCount = 0;
      let bestKind = NO_MATCH;
      for (let k = 0; k < ords.length; k++) {
        const tier = tiers[k] as number;
        set(bits, ords[k] as number);
        if (tier < EXACT_TIERS) {
          set(exactBits, ords[k] as number);
          exactCount++;
        }
        if (tier >> 2 < bestKind) bestKind = tier >> 2;
      }
      return { words, matched: ords, matchedTiers: tiers, bits, exactBits, exactCount, bestKind, wordExact };
    } finally {
      for (const segment of segments) this.release(segment);
    }
  }

  /** The vocabulary entries some terms name, each with its best kind. */
  private entriesOf(ranges: readonly TermRange[]): { entry: number; kind: number }[] {
    const entries = new Map<number, number>();
    const { postingStarts, postingDocs } = this.vocabularyWords.data;
    for (const range of ranges)
      for (let p = postingStarts[range.from] as number; p < (postingStarts[range.to] as number); p++) {
        const entry = postingDocs[p] as number;
        const held = entries.get(entry);
        if (held === undefined || range.kind < held) entries.set(entry, range.kind);
      }
    return [...entries].map(([entry, kind]) => ({ entry, kind }));
  }

  /**
   * The one taxonomy entry that words spelt with a typo name, or null: when some of the words match
   * nothing exactly or as the start of a word, and the entries nearest them (fewest edits) all select
   * the same values, which someone carries ("seris a": Series A; "healtech": Health). Such words are
   * read as that entry.
   */
  private namedByTypo(
    entries: readonly { entry: number; kind: number }[],
    wordExact: readonly boolean[],
  ): { entry: number; kind: number } | null {
    if (wordExact.every(Boolean) || entries.length === 0) return null;
    let best = NO_MATCH;
    for (const { kind } of entries) if (kind < best) best = kind;
    if (best <= KIND.prefix) return null;
    const nearest = entries.filter(({ kind }) => kind === best);
    const vocabulary = this.data.vocabulary;
    const valuesOf = (entry: number) =>
      `${vocabulary.facets[entry]}|${vocabulary.valueIds
        .subarray(vocabulary.valueStarts[entry], vocabulary.valueStarts[entry + 1])
        .join(',')}`;
    const first = nearest[0] as { entry: number; kind: number };
    const values = valuesOf(first.entry);
    if (!nearest.every(({ entry }) => valuesOf(entry) === values)) return null;
    return this.entryCarried(first.entry) ? first : null;
  }

  /** A scratch array of tiers (all NO_MATCH) and the list of investors it will touch. */
  private segment(): Segment {
    return {
      tiers: this.scratch.pop() ?? new Uint8Array(this.size).fill(NO_MATCH),
      touched: [],
      count: 0,
      dense: false,
    };
  }

  /** Puts a scratch array back, all NO_MATCH again (only what was touched is reset). */
  private release(segment: Segment): void {
    // Many touched (a common word): one sequential fill is cheaper than as many scattered writes.
    if (segment.dense || segment.count * 16 > segment.tiers.length) segment.tiers.fill(NO_MATCH);
    else for (const ord of segment.touched) segment.tiers[ord] = NO_MATCH;
    if (this.scratch.length < 8) this.scratch.push(segment.tiers);
  }

  /** Lowers each matching investor's tier to what these terms give (kind and the field of the word). */
  private lowerByText(segment: Segment, ranges: readonly TermRange[], scope: 'all' | 'names'): void {
    const { postingStarts, postingDocs, postingFields } = this.text.data;
    const maxField = scope === 'names' ? 1 : 3;
    const { tiers, touched, dense } = segment;
    let added = 0;
    for (const range of ranges) {
      const base = range.kind * 4;
      for (let p = postingStarts[range.from] as number; p < (postingStarts[range.to] as number); p++) {
        const field = postingFields[p] as number;
        if (field > maxField) continue;
        const ord = postingDocs[p] as number;
        const tier = base + field;
        const held = tiers[ord] as number;
        if (tier < held) {
          if (held === NO_MATCH) {
            added++;
            if (!dense) touched.push(ord);
          }
          tiers[ord] = tier;
        }
      }
    }
    segment.count += added;
  }

  /** Lowers the tier of every investor a vocabulary entry selects. */
  private lowerByEntry(segment: Segment, entry: number, kind: number): void {
    const vocabulary = this.data.vocabulary;
    const facet = FACETS[vocabulary.facets[entry] as number] as Facet;
    const state = this.facetState[facet];
    const tier = tierOf(kind, TAG_FIELD);
    const { postingStarts, postingOrds } = state;
    const from = vocabulary.valueStarts[entry] as number;
    const to = vocabulary.valueStarts[entry + 1] as number;
    // A tag most of the directory carries: the segment is read by a scan, so nobody is noted.
    let carriers = 0;
    for (let v = from; v < to; v++) {
      const value = vocabulary.valueIds[v] as number;
      carriers += (postingStarts[value + 1] as number) - (postingStarts[value] as number);
    }
    if (carriers * 16 > segment.tiers.length) segment.dense = true;
    const { tiers, touched, dense } = segment;
    let added = 0;
    for (let v = from; v < to; v++) {
      const value = vocabulary.valueIds[v] as number;
      const end = postingStarts[value + 1] as number;
      for (let p = postingStarts[value] as number; p < end; p++) {
        const ord = postingOrds[p] as number;
        const held = tiers[ord] as number;
        if (tier < held) {
          if (held === NO_MATCH) {
            added++;
            if (!dense) touched.push(ord);
          }
          tiers[ord] = tier;
        }
      }
    }
    segment.count += added;
  }

  /**
   * The longest phrase of two words or more ("sao paulo", "series a", "family office") that starts
   * at word `i`: the entries it names and their kind (the worst of their words), or null.
   */
  private phraseAt(
    words: readonly string[],
    i: number,
    ranges: readonly TermRange[],
  ): { length: number; entries: { entry: number; kind: number }[] } | null {
    const { postingStarts, postingDocs } = this.vocabularyWords.data;
    let best: { length: number; entries: { entry: number; kind: number }[] } | null = null;
    const tried = new Set<number>();
    for (const range of ranges)
      for (let p = postingStarts[range.from] as number; p < (postingStarts[range.to] as number); p++) {
        const entry = postingDocs[p] as number;
        if (tried.has(entry)) continue;
        tried.add(entry);
        const parts = (this.vocabularyTexts[entry] as string).split(' ');
        if (parts.length < 2 || i + parts.length > words.length) continue;
        let kind = 0;
        for (let j = 0; j < parts.length && kind >= 0; j++) {
          const k = wordKind(words[i + j] as string, parts[j] as string);
          kind = k < 0 ? -1 : Math.max(kind, k);
        }
        if (kind < 0) continue;
        if (!best || parts.length > best.length) best = { length: parts.length, entries: [{ entry, kind }] };
        else if (parts.length === best.length) best.entries.push({ entry, kind });
      }
    return best;
  }

  /**
   * "Did you mean": each word that matched nothing exactly replaced by the closest word the directory
   * holds (fewest edits, then the most used), offered when that search finds something exactly.
   * When one word is wrong, its next closest words are tried too (a few).
   */
  private didYouMean(evaluation: Evaluation): string | null {
    if (evaluation.bestKind <= KIND.prefix) return null;
    const foundNobody = evaluation.matched.length === 0;
    const candidates = evaluation.words.map((word, i) =>
      evaluation.wordExact[i] ? [word] : this.closestWords(word, foundNobody).slice(0, 5),
    );
    const wrong = candidates.filter((list, i) => !evaluation.wordExact[i] && list.length > 0).length;
    const tries = wrong === 1 ? Math.max(...candidates.map((list) => list.length)) : 1;
    for (let t = 0; t < tries; t++) {
      const corrected = candidates.map(
        (list, i) => list[Math.min(t, list.length - 1)] ?? (evaluation.words[i] as string),
      );
      const q = corrected.join(' ');
      if (q === evaluation.words.join(' ')) continue;
      // One word: whether it finds someone is read from the index, not by searching it (a common
      // word, such as a sector 40% of the directory carries, would cost a search of its own).
      if (corrected.length === 1) {
        if (this.findsExactly(corrected[0] as string)) return q;
        continue;
      }
      // Words that name a tag or place someone carries ("san francisco"): found, as a search would.
      if (this.namesCarriedPhrase(corrected)) return q;
      const again = this.evaluate(q);
      if (again && again.bestKind <= KIND.prefix) return q;
    }
    return null;
  }

  /**
   * Whether one word finds some investor exactly or as the start of a word, as a search of it alone
   * would (`bestKind` ≤ prefix): a name, firm or thesis word (every indexed word has an investor), or
   * a tag or place at least one investor carries.
   */
  private findsExactly(word: string): boolean {
    if (searchWords(word).length !== 1) return (this.evaluate(word)?.bestKind ?? NO_MATCH) <= KIND.prefix;
    const [from, to] = this.text.prefixRange(word);
    if (from < to) return true;
    const [vFrom, vTo] = this.vocabularyWords.prefixRange(word);
    const { postingStarts, postingDocs } = this.vocabularyWords.data;
    for (let p = postingStarts[vFrom] as number; p < (postingStarts[vTo] as number); p++)
      if (this.entryCarried(postingDocs[p] as number)) return true;
    return false;
  }

  /**
   * Whether all the words are one phrase of the vocabulary that names, exactly or by its start, an
   * entry someone carries: a search of them then finds that investor with the phrase's kind.
   */
  private namesCarriedPhrase(words: readonly string[]): boolean {
    const phrase = this.phraseAt(words, 0, matchWord(this.vocabularyWords, words[0] as string).ranges);
    if (!phrase || phrase.length !== words.length) return false;
    return phrase.entries.some(({ entry, kind }) => kind <= KIND.prefix && this.entryCarried(entry));
  }

  /** Whether any investor carries a vocabulary entry (one of its values). */
  private entryCarried(entry: number): boolean {
    const vocabulary = this.data.vocabulary;
    const state = this.facetState[FACETS[vocabulary.facets[entry] as number] as Facet];
    for (
      let v = vocabulary.valueStarts[entry] as number;
      v < (vocabulary.valueStarts[entry + 1] as number);
      v++
    ) {
      const value = vocabulary.valueIds[v] as number;
      if ((state.postingStarts[value + 1] as number) > (state.postingStarts[value] as number)) return true;
    }
    return false;
  }

  /** The indexed words (names, firms, thesis, tags and places) closest to a word: fewest edits, then the most used. */
  private closestWords(word: string, foundNobody: boolean): string[] {
    const budget = correctionBudget(word, foundNobody);
    if (budget === 0) return [];
    const found = new Map<string, { distance: number; frequency: number }>();
    for (const index of [this.text, this.vocabularyWords])
      for (const match of index.fuzzy(word, budget)) {
        if (match.distance === 0) continue;
        const term = index.term(match.term);
        const held = found.get(term);
        const frequency = index.frequency(match.term) + (held?.frequency ?? 0);
        found.set(term, { distance: Math.min(match.distance, held?.distance ?? match.distance), frequency });
      }
    return [...found.entries()]
      .sort(
        (a, b) =>
          a[1].distance - b[1].distance || b[1].frequency - a[1].frequency || compareStrings(a[0], b[0]),
      )
      .map(([term]) => term);
  }

  // ---------------------------------------------------------------- pages

  /** One page of the investors matching every filter, in the chosen order (ranked first when words are typed), after the cursor's position. */
  page(filters: SearchFilters, sort: SearchSort, cursor: string | null, limit: number): SearchPageResult {
    const evaluation = filters.q ? this.evaluate(filters.q) : null;
    if (filters.q && evaluation) return this.rankedPage(evaluation, filters, sort, cursor, limit);
    // Without typed words there is nothing to match best: "Best match" is the name order.
    if (sort === 'best') sort = 'name';
    const order = this.orderOf(sort);
    const start =
      cursor === null ? 0 : positionAfter(order, this.size, decodeCursor(cursor, sort, false).key);
    const matches = this.match(filters);
    const total = matches ? popcount(matches) : this.size;
    const items: CartInvestor[] = [];
    let position = start;
    let last = -1;
    // The walk stops at a full page; a page of a search with few matches stops at its last one.
    let seen = 0;
    for (; position < this.size && items.length < limit && seen < total; position++) {
      const ord = ordAt(order, position);
      if (matches && !has(matches, ord)) continue;
      seen++;
      items.push(this.card(ord));
      last = position;
    }
    let more = false;
    for (; position < this.size && !more && seen < total; position++)
      more = !matches || has(matches, ordAt(order, position));
    return {
      items,
      total,
      cursor: more && last >= 0 ? encodeCursor(sort, order.key(last), null) : null,
    };
  }

  /** The order a sort walks (made once per index). */
  private orderOf(sort: SearchSort): Order {
    let order = this.orders.get(sort);
    if (!order) {
      order =
        sort === 'name'
          ? nameOrder(this.data)
          : sort === 'updated'
            ? updatedOrder(this.data)
            : bestOrder(this.data);
      this.orders.set(sort, order);
    }
    return order;
  }

  /** Each ord's position in a sort's order (null for the name order: an ord is its position). */
  private positionsOf(sort: SearchSort): Uint32Array | null {
    if (sort === 'name') return null;
    let positions = this.positions.get(sort);
    if (!positions) {
      const ords = this.orderOf(sort).ords as Uint32Array;
      positions = new Uint32Array(this.size);
      for (let pos = 0; pos < ords.length; pos++) positions[ords[pos] as number] = pos;
      this.positions.set(sort, positions);
    }
    return positions;
  }

  /** The number of words of an investor's name, as the search folds them (counted once, on demand). */
  private nameWordCount(ord: number): number {
    this.nameWordCounts ??= new Uint8Array(this.size);
    let count = this.nameWordCounts[ord] as number;
    if (count === 0) {
      // Stored plus one (0: not counted yet), at most 255.
      count = Math.min(254, searchWords(stringAt(this.data.names, ord)).length) + 1;
      this.nameWordCounts[ord] = count;
    }
    return count - 1;
  }

  /**
   * Where a match ranks: its tier, and within a tier matched by name, a name with no words beyond
   * those typed first ("Magdalena krawcyyk" finds Magdalena Krawczyk before Magdalena W. Krawczyk).
   * Ranks are `tier × 2 + extra words`, so a tier's order is kept.
   */
  private rankOf(tier: number, ord: number, typed: number): number {
    if ((tier & 3) !== FIELD_CODE.name) return tier * 2;
    return tier * 2 + (this.nameWordCount(ord) > typed ? 1 : 0);
  }

  /** A ranked search's matches per rank, as positions of the chosen order (kept for the next pages). */
  private ranked(evaluation: Evaluation, filters: SearchFilters, sort: SearchSort) {
    const { q: _q, ...others } = filters;
    const key = `${sort}|${evaluation.words.join(' ')}|${JSON.stringify(others)}`;
    return this.rankedPages.get(key, () => {
      const narrow = this.match(others);
      const positions = this.positionsOf(sort);
      const { matched, matchedTiers, words } = evaluation;
      const typed = words.length;
      const ranks = new Uint8Array(matched.length);
      // Counted first, then filled: typed arrays of their final size (a common word matches most of
      // the directory, and growing lists of it cost more than the rest of the search).
      const counts = new Uint32Array(RANKS);
      for (let k = 0; k < matched.length; k++) {
        const ord = matched[k] as number;
        if (narrow && !has(narrow, ord)) continue;
        const rank = this.rankOf(matchedTiers[k] as number, ord, typed);
        ranks[k] = rank;
        (counts[rank] as number)++;
      }
      const buckets = Array.from(counts, (count) => new Uint32Array(count));
      const filled = new Uint32Array(RANKS);
      for (let k = 0; k < matched.length; k++) {
        const ord = matched[k] as number;
        if (narrow && !has(narrow, ord)) continue;
        const rank = ranks[k] as number;
        (buckets[rank] as Uint32Array)[(filled[rank] as number)++] = positions
          ? (positions[ord] as number)
          : ord;
      }
      if (positions) for (const bucket of buckets) bucket.sort();
      let exact = 0;
      for (let rank = 0; rank < EXACT_RANKS; rank++) exact += (buckets[rank] as Uint32Array).length;
      return { buckets, exact, total: buckets.reduce((sum, b) => sum + b.length, 0) };
    });
  }

  private rankedPage(
    evaluation: Evaluation,
    filters: SearchFilters,
    sort: SearchSort,
    cursor: string | null,
    limit: number,
  ): SearchPageResult {
    const ranked = this.ranked(evaluation, filters, sort);
    const { buckets } = ranked;
    // What the search answers: its exact matches, the close ones apart; the close ones when nothing
    // matches exactly, or when the founder asked for them too.
    const exact = ranked.exact > 0;
    const tiers = exact && !filters.close ? EXACT_RANKS : RANKS;
    const total = tiers === EXACT_RANKS ? ranked.exact : ranked.total;
    const order = this.orderOf(sort);
    let tier = 0;
    let index = 0;
    if (cursor !== null) {
      const at = decodeCursor(cursor, sort, true);
      tier = at.tier;
      const after = positionAfter(order, this.size, at.key);
      index = lowerBound(buckets[tier] as Uint32Array, after);
    }
    const items: CartInvestor[] = [];
    let last: { tier: number; position: number } | null = null;
    for (; tier < tiers && items.length < limit; tier++, index = 0) {
      const bucket = buckets[tier] as Uint32Array;
      for (; index < bucket.length && items.length < limit; index++) {
        const position = bucket[index] as number;
        items.push(this.card(ordAt(order, position)));
        last = { tier, position };
      }
      if (items.length >= limit) break;
    }
    // More after the last item: later in its bucket, or in a later bucket.
    let more = false;
    if (last) {
      const bucket = buckets[last.tier] as Uint32Array;
      more = lowerBound(bucket, last.position + 1) < bucket.length;
      for (let t = last.tier + 1; t < tiers && !more; t++) more = (buckets[t] as Uint32Array).length > 0;
    }
    return {
      items,
      total,
      cursor: more && last ? encodeCursor(sort, order.key(last.position), last.tier) : null,
      didYouMean: this.didYouMean(evaluation),
      closeMatches: ranked.total - total,
      exact,
    };
  }

  // ---------------------------------------------------------------- facets

  /**
   * Counts beside each value of each facet: how many investors the search would find with that value
   * instead of the facet's current one (the other filters kept), most first, at most
   * {@link FACET_VALUES_SHOWN} per facet plus the value filtered on. Also the contact counts.
   */
  facets(filters: SearchFilters): {
    total: number;
    facets: Record<Facet, FacetValue[]>;
    has: Record<HasFilter, number>;
  } {
    const matches = this.match(filters);
    const facets = {} as Record<Facet, FacetValue[]>;
    for (const facet of FACETS) {
      const state = this.facetState[facet];
      const selected = filters[facet] !== undefined ? facetValueKey(facet, filters[facet] as string) : null;
      // A facet's counts leave out its own filter: each count is what choosing that value finds.
      const base = selected !== null ? this.match({ ...filters, [facet]: undefined }) : matches;
      const shown = topValues(state, base, this.size);
      if (selected !== null && !shown.some(([id]) => state.valueKeys[id] === selected)) {
        const id = state.valueIndex.get(selected);
        shown.push([id ?? -1, id === undefined ? 0 : countValue(state, id, base, this.size)]);
      }
      facets[facet] = shown.map(([id, count]) =>
        id >= 0
          ? { value: state.valueKeys[id] as string, label: state.labels[id] as string, count }
          : { value: selected as string, label: filters[facet] ?? (selected as string), count },
      );
    }

    const hasCounts = {} as Record<HasFilter, number>;
    for (const filter of HAS_FILTERS) {
      const base = this.match({ ...filters, has: (filters.has ?? []).filter((c) => c !== filter) });
      const bits = this.hasFilterBits(filter);
      hasCounts[filter] = base ? popcountAnd(bits, base) : popcount(bits);
    }
    return { total: matches ? popcount(matches) : this.size, facets, has: hasCounts };
  }

  /** The result bit set of the filters, or null for "every investor". */
  private match(filters: SearchFilters): Bits | null {
    let result: Bits | null = null;
    const narrow = (bits: Bits) => {
      if (result === null) result = bits.slice();
      else andInto(result, bits);
    };
    for (const facet of FACETS) {
      const value = filters[facet];
      if (value === undefined) continue;
      narrow(this.valueBits(facet, facetValueKey(facet, value)));
    }
    for (const filter of filters.has ?? []) narrow(this.hasFilterBits(filter));
    if (filters.checkMin !== undefined || filters.checkMax !== undefined)
      narrow(this.chequeBits(filters.checkMin ?? -Infinity, filters.checkMax ?? Infinity));
    if (filters.newSince !== undefined) narrow(this.newBits(filters.newSince));
    const evaluation = filters.q ? this.evaluate(filters.q) : null;
    if (evaluation) {
      // The exact matches, as a page counts them (rankedPage): all matches when none is exact among
      // the other filters' investors, or when the close ones are asked for too.
      const others = result as Bits | null;
      const exact =
        !filters.close &&
        (others === null ? evaluation.exactCount > 0 : popcountAnd(evaluation.exactBits, others) > 0);
      narrow(exact ? evaluation.exactBits : evaluation.bits);
    }
    return result;
  }

  private readonly newCache = new Recent<Bits>(8);

  /**
   * Investors new since an instant: added to the directory after it, or updated after it with a
   * confirmation by the investor themselves in its month or later (months are what the index keeps
   * of a confirmation; the update time says it came after the instant).
   */
  private newBits(since: number): Bits {
    return this.newCache.get(String(since), () => {
      const bits = this.emptyBits();
      const { addedAt, updatedAt } = this.data;
      const months = this.investorConfirmedMonths();
      const sinceMonth = monthNumber(new Date(since).toISOString().slice(0, 7));
      for (let ord = 0; ord < this.size; ord++) {
        const added = addedAt[ord] as number;
        if (
          (!Number.isNaN(added) && added > since) ||
          ((months[ord] as number) >= sinceMonth &&
            (months[ord] as number) !== 0 &&
            (updatedAt[ord] as number) > since)
        )
          set(bits, ord);
      }
      return bits;
    });
  }

  private confirmedByInvestorMonths: Uint16Array | null = null;

  /**
   * The month each investor last confirmed their entry themselves (year × 12 + month − 1, 0 for
   * never): the latest month of the contact kinds they gave or confirmed (the card's
   * `confirmedByInvestor` and `contactConfirmed`).
   */
  investorConfirmedMonths(): Uint16Array {
    if (!this.confirmedByInvestorMonths) {
      const { marks, confirmed } = this.data;
      const kinds = CONTACT_KINDS.length;
      const months = new Uint16Array(this.size);
      for (let ord = 0; ord < this.size; ord++) {
        const bits = marks[ord] as number;
        if (bits === 0) continue;
        let best = 0;
        for (let k = 0; k < kinds; k++)
          if ((bits & (1 << k)) !== 0) {
            const month = confirmed[ord * kinds + k] as number;
            if (month > best) best = month;
          }
        months[ord] = best;
      }
      this.confirmedByInvestorMonths = months;
    }
    return this.confirmedByInvestorMonths;
  }

  /** The investors carrying one value of a facet (none for a value the directory does not hold). */
  private valueBits(facet: Facet, key: string): Bits {
    const state = this.facetState[facet];
    const id = state.valueIndex.get(key);
    if (id === undefined) return this.emptyBits();
    if (((state.postingStarts[id + 1] as number) - (state.postingStarts[id] as number)) * 32 > this.size)
      return denseValueBits(state, id, this.size);
    return this.valueBitsCache.get(`${facet}|${id}`, () => {
      const bits = this.emptyBits();
      for (let p = state.postingStarts[id] as number; p < (state.postingStarts[id + 1] as number); p++)
        set(bits, state.postingOrds[p] as number);
      return bits;
    });
  }

  /** Investors whose cheque range overlaps [min, max]; a missing bound of the investor's is open. */
  private chequeBits(min: number, max: number): Bits {
    return this.chequeCache.get(`${min}|${max}`, () => this.chequeRange(min, max));
  }

  private chequeRange(min: number, max: number): Bits {
    const bits = this.emptyBits();
    const { checkMin, checkMax } = this.data;
    for (let ord = 0; ord < this.size; ord++) {
      const low = checkMin[ord] as number;
      const high = checkMax[ord] as number;
      if (Number.isNaN(low) && Number.isNaN(high)) continue;
      if ((Number.isNaN(high) || high >= min) && (Number.isNaN(low) || low <= max)) set(bits, ord);
    }
    return bits;
  }

  // ---------------------------------------------------------------- for the shortlist (issue 35)

  /** The investors matching the filters, as a bit set over ords; null for every investor. */
  matching(filters: SearchFilters): Uint32Array | null {
    return this.match(filters);
  }

  /** How many investors match the filters. */
  count(filters: SearchFilters): number {
    const matches = this.match(filters);
    return matches ? popcount(matches) : this.size;
  }

  /** The id of a facet's value in this index, or -1 when no investor carries it. */
  facetValueId(facet: Facet, value: string): number {
    return this.facetState[facet].valueIndex.get(facetValueKey(facet, value)) ?? -1;
  }

  /** The name order's key of investor `ord` (ords are numbered in that order). */
  nameKey(ord: number): string {
    return this.orderOf('name').key(ord);
  }

  private idSlots: Uint32Array | null = null;

  /** The ord of an investor id, or -1 when the index does not hold it (a hash of the ids, made at first use). */
  ordOf(id: string): number {
    const ids = this.data.ids;
    if (!this.idSlots) {
      let size = 1;
      while (size < this.size * 2) size *= 2;
      const slots = new Uint32Array(Math.max(size, 2));
      const mask = slots.length - 1;
      for (let ord = 0; ord < this.size; ord++) {
        let slot = hashBytes(ids.bytes, ids.offsets[ord] as number, ids.offsets[ord + 1] as number) & mask;
        while (slots[slot] !== 0) slot = (slot + 1) & mask;
        slots[slot] = ord + 1;
      }
      this.idSlots = slots;
    }
    const slots = this.idSlots;
    const mask = slots.length - 1;
    const wanted = utf8Encoder.encode(id);
    let slot = hashBytes(wanted, 0, wanted.length) & mask;
    for (;;) {
      const held = slots[slot] as number;
      if (held === 0) return -1;
      const ord = held - 1;
      const from = ids.offsets[ord] as number;
      const to = ids.offsets[ord + 1] as number;
      if (to - from === wanted.length) {
        let same = true;
        for (let i = 0; i < wanted.length && same; i++) same = ids.bytes[from + i] === wanted[i];
        if (same) return ord;
      }
      slot = (slot + 1) & mask;
    }
  }

  // ---------------------------------------------------------------- suggestions

  /**
   * Suggestions as a founder types: investors whose name or firm the words start (ranked as a search
   * is), firms, and the filter values the words name (sectors, stages, places, types), most
   * investors first within a rank.
   */
  suggest(
    q: string,
    limits: { investors: number; firms: number; values: number } = SUGGESTION_LIMITS,
  ): Suggestion[] {
    return suggest(this.suggestionSource, q, limits);
  }

  /** How many investors a vocabulary entry selects (a region: its countries' investors, each once). */
  private entryCount(entry: number): number {
    const held = this.entryCounts.get(entry);
    if (held !== undefined) return held;
    const vocabulary = this.data.vocabulary;
    const facet = FACETS[vocabulary.facets[entry] as number] as Facet;
    const from = vocabulary.valueStarts[entry] as number;
    const to = vocabulary.valueStarts[entry + 1] as number;
    let count: number;
    if (to - from === 1) {
      const value = vocabulary.valueIds[from] as number;
      const starts = this.facetState[facet].postingStarts;
      count = (starts[value + 1] as number) - (starts[value] as number);
    } else {
      const bits = this.emptyBits();
      for (let v = from; v < to; v++) {
        const key = this.facetState[facet].valueKeys[vocabulary.valueIds[v] as number] as string;
        const values = this.valueBits(facet, key);
        for (let i = 0; i < bits.length; i++) bits[i] = (bits[i] as number) | (values[i] as number);
      }
      count = popcount(bits);
    }
    this.entryCounts.set(entry, count);
    return count;
  }
}
