import type { CartInvestor } from '../cart/cart';
import { CONTACT_KINDS, type ContactKind, LEAD_OR_FOLLOW, type LeadOrFollow } from '../investors/fact-values';
import type { ContactConfirmed } from '../investors/provenance';
import { investorRoleLabel } from '../investors/roles';
import { normalizeTag } from '../tags/normalize-tag';
import { FACETS, type Facet, facetValueKey } from './filters';
import { foldText, searchWords, wordsOfFolded } from './fold';
import { compareStrings, FIELD_CODE, TextIndexBuilder, type TextIndexData } from './text-index';
import { utf8Decoder, utf8Encoder } from './utf8';
import { NO_VOCABULARY, type Vocabulary } from './vocabulary';

/**
 * The search index as columns: what the aggregation builds once and the snapshot stores, and what a
 * cold directory function reads back as typed arrays without building anything (docs/data-model.md,
 * "Combined search: the snapshot index"). Investors are numbered ("ords") in name order; every
 * per-investor column is indexed by that number. Strings are UTF-8 in one byte array per column,
 * decoded one value at a time when a card is shown, so loading never makes a million strings.
 */

/** One investor as the search index takes it: the public card (never a contact value) and its update time. */
export interface IndexedInvestor {
  card: CartInvestor;
  updatedAt: string;
  /** A change object's tombstone: the investor left the directory (a withdrawn profile, issue 21). */
  removed?: boolean;
  /**
   * The investor's thesis in one line (issue 33): its words are searched, after names, firms and
   * tags, and the card shows it. Default: the card's `thesisLine` (the investor's own thesis, from
   * their profile facts); the bench directory gives its generator's here. Read back, it is the
   * card's `thesisLine`.
   */
  thesis?: string | null;
  /** More words of the thesis to search than its one line holds (issue 33); default: the line's words. */
  thesisWords?: readonly string[];
  /** What the shortlist ranks on beyond the card (issue 35); absent: none of it known. */
  facts?: IndexedFacts;
}

/**
 * An investor's facts the shortlist ranks on (issue 35) that the card does not carry: whether they
 * lead or follow, their typical cheque (whole dollars), where they invest (places and regions as
 * given), and when the entry entered the directory (a saved search's "new since").
 */
export interface IndexedFacts {
  leadOrFollow?: LeadOrFollow | null;
  typicalCheque?: number | null;
  investsIn?: readonly string[];
  addedAt?: string | null;
  /**
   * Issue 52: the dated recent investments (the date as precise as given; the round as a stage key,
   * null when not given), and the fund's latest vintage year: what "deployed in the last 12 months"
   * and the shortlist's recency read.
   */
  deals?: readonly IndexedDeal[];
  vintage?: number | null;
}

/** A dated deal as the index keeps it. */
export interface IndexedDeal {
  date: string;
  round: string | null;
}

/** A deal as one spelling of the `deals` column: 'YYYY-MM-DD seed' (the round's key after one space). */
export const dealSpelling = (deal: IndexedDeal): string =>
  deal.round === null || deal.round === '' ? deal.date : `${deal.date} ${normalizeTag(deal.round)}`;

/** A spelling of the `deals` column back as a deal. */
export function dealOfSpelling(spelling: string): IndexedDeal {
  const space = spelling.indexOf(' ');
  return space < 0
    ? { date: spelling, round: null }
    : { date: spelling.slice(0, space), round: spelling.slice(space + 1) };
}

/** Whether an investor's facts say anything (rows and columns keep the older layout otherwise). */
export const hasFacts = (facts: IndexedFacts | undefined): facts is IndexedFacts =>
  facts !== undefined &&
  ((facts.leadOrFollow ?? null) !== null ||
    (facts.typicalCheque ?? null) !== null ||
    (facts.investsIn ?? []).length > 0 ||
    (facts.addedAt ?? null) !== null ||
    (facts.deals ?? []).length > 0 ||
    (facts.vintage ?? null) !== null);

/** The one-line thesis an investor is indexed and shown with ('' for none). */
export const thesisOf = (investor: IndexedInvestor): string =>
  investor.thesis ?? investor.card.thesisLine ?? '';

/** A column of strings: value `i` is `bytes[offsets[i] .. offsets[i + 1])`, UTF-8. */
export interface StringColumn {
  bytes: Uint8Array;
  offsets: Uint32Array;
}

/** A column of repeated strings: `ids[i]` is 0 for none, else 1 + the value's place in `table`. */
export interface DictionaryColumn {
  ids: Uint32Array;
  table: StringColumn;
}

/** A list of strings per investor (a CSR layout over a table of its distinct values). */
export interface ListColumn {
  offsets: Uint32Array;
  spellingIds: Uint32Array;
  spellings: StringColumn;
}

/** The facets kept per investor as lists (role is a facet too: a list of one). */
export const LIST_FACETS = FACETS;
export type ListFacet = Facet;

/**
 * One facet: each investor's spellings (a CSR layout: investor `i` has
 * `spellingIds[offsets[i] .. offsets[i + 1])`), the table of spellings, the value (a filter's key:
 * a normalised tag, a folded place) each spelling belongs to, and each value's label (its most
 * common spelling).
 */
export interface FacetColumn {
  offsets: Uint32Array;
  spellingIds: Uint32Array;
  spellings: StringColumn;
  spellingValue: Uint32Array;
  values: StringColumn;
  labels: Uint32Array;
}

/**
 * The words that name filter values (vocabulary.ts): entry `e` selects the values
 * `valueIds[valueStarts[e] .. valueStarts[e + 1])` of facet `FACETS[facets[e]]`; `text` is its
 * folded words; `words` indexes them (documents are entries).
 */
export interface VocabularyData {
  facets: Uint8Array;
  regions: Uint8Array;
  labels: StringColumn;
  texts: StringColumn;
  valueStarts: Uint32Array;
  valueIds: Uint32Array;
  words: TextIndexData;
}

export interface IndexData {
  builtAt: string;
  /** The change-object key up to which changes are folded in. */
  foldedThrough: string;
  size: number;
  ids: StringColumn;
  names: StringColumn;
  firms: DictionaryColumn;
  titles: DictionaryColumn;
  /** The one-line thesis ('' for none). */
  theses: StringColumn;
  /** Bits 0-4: has email, phone, LinkedIn, Twitter, Crunchbase. */
  flags: Uint8Array;
  /** Bits 0-4: the contact kinds (CONTACT_KINDS order) the investor confirmed themselves. */
  marks: Uint8Array;
  /** Per investor and contact kind (CONTACT_KINDS order): year × 12 + month − 1 it was last confirmed, 0 for none. */
  confirmed: Uint16Array;
  /** Cheque bounds, NaN for none. */
  checkMin: Float64Array;
  checkMax: Float64Array;
  /** Milliseconds since the epoch. */
  updatedAt: Float64Array;
  /**
   * The shortlist's facts (issue 35): lead or follow (0 unknown, then 1 + its place in
   * LEAD_OR_FOLLOW), the typical cheque (NaN for none), where they invest, and when the entry
   * entered the directory (ms, NaN unknown). A snapshot written before them reads with none.
   */
  lead: Uint8Array;
  typicalCheque: Float64Array;
  investsIn: ListColumn;
  addedAt: Float64Array;
  /**
   * Issue 52: each investor's dated deals (spellings 'YYYY-MM seed', see {@link dealSpelling}) and
   * the fund's latest vintage (0 unknown). A snapshot written before them reads with none.
   */
  deals: ListColumn;
  vintage: Uint16Array;
  /** Ords by most recently updated (then id). */
  updatedOrder: Uint32Array;
  facets: Record<ListFacet, FacetColumn>;
  /** Words of names, firms and theses; documents are ords. */
  text: TextIndexData;
  /** Words of firm names; documents are firm ids (the `firms` table's places). */
  firmText: TextIndexData;
  vocabulary: VocabularyData;
}

export const FLAG_NAMES = ['hasEmail', 'hasPhone', 'hasLinkedIn', 'hasTwitter', 'hasCrunchbase'] as const;

// ------------------------------------------------------------------ columns

const encoder = utf8Encoder;
const decoder = utf8Decoder;

/** Builds a string column from values, in order. */
export function stringColumn(values: readonly string[]): StringColumn {
  const offsets = new Uint32Array(values.length + 1);
  let chars = 0;
  for (const value of values) chars += value.length;
  // At most 3 bytes of UTF-8 per UTF-16 unit; written in place, then cut to size.
  const room = new Uint8Array(chars * 3);
  let total = 0;
  values.forEach((value, i) => {
    offsets[i] = total;
    if (value !== '') total += encoder.encodeInto(value, room.subarray(total)).written;
  });
  offsets[values.length] = total;
  return { bytes: room.slice(0, total), offsets };
}

export const columnLength = (column: StringColumn): number => column.offsets.length - 1;

export function stringAt(column: StringColumn, i: number): string {
  const start = column.offsets[i] as number;
  const end = column.offsets[i + 1] as number;
  return start === end ? '' : decoder.decode(column.bytes.subarray(start, end));
}

/** Every value of a column (small columns: tables of spellings, labels). */
export const stringsOf = (column: StringColumn): string[] =>
  Array.from({ length: columnLength(column) }, (_, i) => stringAt(column, i));

export function dictionaryAt(column: DictionaryColumn, i: number): string | null {
  const id = column.ids[i] as number;
  return id === 0 ? null : stringAt(column.table, id - 1);
}

function dictionaryColumn(values: readonly (string | null | undefined)[]): DictionaryColumn {
  const table: string[] = [];
  const idOf = new Map<string, number>();
  const ids = new Uint32Array(values.length);
  values.forEach((value, i) => {
    if (value === null || value === undefined) return;
    let id = idOf.get(value);
    if (id === undefined) {
      table.push(value);
      id = table.length;
      idOf.set(value, id);
    }
    ids[i] = id;
  });
  return { ids, table: stringColumn(table) };
}

// ------------------------------------------------------------------ months

/** '2026-03' → 2026 × 12 + 2; anything else → 0. */
export function monthNumber(month: string | undefined): number {
  if (month?.length !== 7 || month.charCodeAt(4) !== 45) return 0;
  let year = 0;
  for (let i = 0; i < 4; i++) {
    const digit = month.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return 0;
    year = year * 10 + digit;
  }
  const tens = month.charCodeAt(5) - 48;
  const ones = month.charCodeAt(6) - 48;
  if (tens < 0 || tens > 9 || ones < 0 || ones > 9) return 0;
  const value = year * 12 + tens * 10 + ones - 1;
  return value > 0 && value < 65536 ? value : 0;
}

export const monthText = (value: number): string =>
  `${String(Math.floor(value / 12)).padStart(4, '0')}-${String((value % 12) + 1).padStart(2, '0')}`;

// ------------------------------------------------------------------ the build

function facetSpellings(card: CartInvestor, facet: ListFacet): readonly string[] {
  switch (facet) {
    case 'role':
      return [card.investorRole];
    case 'stage':
      return card.stageFocus;
    case 'sector':
      return card.sectorFocus;
    case 'country':
      return card.countries ?? [];
    case 'city':
      return card.cities ?? [];
  }
}

/** The name order's key: folded name, then id (what a name-sorted cursor holds). */
export const nameKeyOf = (name: string, id: string): string => `${foldText(name)}\u0000${id}`;

export const UPDATED_KEY_SPAN = 9_999_999_999_999;

/** The update order's key: most recent first, then id (what an update-sorted cursor holds). */
export const updatedKeyOf = (updatedAtMs: number, id: string): string =>
  `${String(UPDATED_KEY_SPAN - updatedAtMs).padStart(13, '0')}\u0000${id}`;

function buildFacet(cards: readonly CartInvestor[], facet: ListFacet): FacetColumn {
  const offsets = new Uint32Array(cards.length + 1);
  const spellingIds: number[] = [];
  const spellingIdOf = new Map<string, number>();
  const spellingTable: string[] = [];
  const spellingValue: number[] = [];
  const valueIdOf = new Map<string, number>();
  const valueKeys: string[] = [];
  const spellingCounts: number[] = [];
  cards.forEach((card, ord) => {
    offsets[ord] = spellingIds.length;
    for (const spelling of facetSpellings(card, facet)) {
      let id = spellingIdOf.get(spelling);
      if (id === undefined) {
        const key = facetValueKey(facet, spelling);
        if (key === '') continue;
        id = spellingTable.length;
        spellingIdOf.set(spelling, id);
        spellingTable.push(spelling);
        spellingCounts.push(0);
        let value = valueIdOf.get(key);
        if (value === undefined) {
          value = valueKeys.length;
          valueIdOf.set(key, value);
          valueKeys.push(key);
        }
        spellingValue.push(value);
      }
      spellingCounts[id] = (spellingCounts[id] as number) + 1;
      spellingIds.push(id);
    }
  });
  offsets[cards.length] = spellingIds.length;
  // A value's label: its most common spelling, ties to the first in code order (as before).
  const labels = new Uint32Array(valueKeys.length).fill(0xffffffff);
  spellingTable.forEach((spelling, id) => {
    const value = spellingValue[id] as number;
    const held = labels[value] as number;
    if (held === 0xffffffff) labels[value] = id;
    else {
      const a = spellingCounts[id] as number;
      const b = spellingCounts[held] as number;
      if (a > b || (a === b && spelling < (spellingTable[held] as string))) labels[value] = id;
    }
  });
  return {
    offsets,
    spellingIds: Uint32Array.from(spellingIds),
    spellings: stringColumn(spellingTable),
    spellingValue: Uint32Array.from(spellingValue),
    values: stringColumn(valueKeys),
    labels,
  };
}

interface Entry {
  facet: number;
  region: boolean;
  label: string;
  text: string;
  values: number[];
}

/** The vocabulary entries: every spelling of every value in the data, then the given vocabulary's terms. */
function buildVocabulary(facets: Record<ListFacet, FacetColumn>, vocabulary: Vocabulary): VocabularyData {
  const entries: Entry[] = [];
  const seen = new Set<string>();
  const push = (entry: Entry) => {
    if (entry.text === '' || entry.values.length === 0) return;
    const key = `${entry.facet}|${entry.text}|${[...entry.values].sort((a, b) => a - b).join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    entries.push(entry);
  };
  const valueIds = FACETS.map((facet) => {
    const keys = stringsOf(facets[facet].values);
    return new Map(keys.map((key, id) => [key, id]));
  });
  FACETS.forEach((facet, f) => {
    const column = facets[facet];
    const spellings = stringsOf(column.spellings);
    const labelOf = (value: number) => spellings[column.labels[value] as number] as string;
    spellings.forEach((spelling, id) => {
      const value = column.spellingValue[id] as number;
      // Roles are stored as keys ('family_office'): the words a founder types are the label's.
      const text =
        facet === 'role' ? searchWords(roleLabel(spelling)).join(' ') : searchWords(spelling).join(' ');
      push({
        facet: f,
        region: false,
        label: facet === 'role' ? roleLabel(spelling) : labelOf(value),
        text,
        values: [value],
      });
    });
  });
  for (const term of vocabulary.terms()) {
    const f = FACETS.indexOf(term.facet);
    if (f < 0) continue;
    const known = valueIds[f] as Map<string, number>;
    const values = [
      ...new Set(
        term.values
          .map((v) => known.get(facetValueKey(term.facet, v)))
          .filter((id): id is number => id !== undefined),
      ),
    ];
    push({
      facet: f,
      region: term.region === true,
      label: term.label,
      text: searchWords(term.text).join(' '),
      values,
    });
  }
  const words = new TextIndexBuilder();
  entries.forEach((entry, id) => {
    words.add(
      id,
      entry.text.split(' ').map((word) => [word, FIELD_CODE.tag] as const),
    );
  });
  const valueStarts = new Uint32Array(entries.length + 1);
  const flat: number[] = [];
  entries.forEach((entry, id) => {
    valueStarts[id] = flat.length;
    flat.push(...entry.values);
  });
  valueStarts[entries.length] = flat.length;
  return {
    facets: Uint8Array.from(entries, (e) => e.facet),
    regions: Uint8Array.from(entries, (e) => (e.region ? 1 : 0)),
    labels: stringColumn(entries.map((e) => e.label)),
    texts: stringColumn(entries.map((e) => e.text)),
    valueStarts,
    valueIds: Uint32Array.from(flat),
    words: words.build(),
  };
}

const roleLabel = (role: string) => investorRoleLabel(role);

/** A list column from each investor's list, in ord order. */
export function listColumn(lists: readonly (readonly string[])[]): ListColumn {
  const offsets = new Uint32Array(lists.length + 1);
  const spellingIds: number[] = [];
  const idOf = new Map<string, number>();
  const table: string[] = [];
  lists.forEach((list, ord) => {
    offsets[ord] = spellingIds.length;
    for (const value of list) {
      let id = idOf.get(value);
      if (id === undefined) {
        id = table.length;
        idOf.set(value, id);
        table.push(value);
      }
      spellingIds.push(id);
    }
  });
  offsets[lists.length] = spellingIds.length;
  return { offsets, spellingIds: Uint32Array.from(spellingIds), spellings: stringColumn(table) };
}

/** An empty list per investor (a snapshot written before the column). */
export const emptyListColumn = (size: number): ListColumn => ({
  offsets: new Uint32Array(size + 1),
  spellingIds: new Uint32Array(0),
  spellings: stringColumn([]),
});

/** Investor `ord`'s list. */
export function listAt(column: ListColumn, ord: number): string[] {
  const out: string[] = [];
  for (let i = column.offsets[ord] as number; i < (column.offsets[ord + 1] as number); i++)
    out.push(stringAt(column.spellings, column.spellingIds[i] as number));
  return out;
}

/** The lead-or-follow code of a column (0: unknown). */
export const leadCode = (value: LeadOrFollow | null | undefined): number =>
  value ? LEAD_OR_FOLLOW.indexOf(value) + 1 : 0;
export const leadOfCode = (code: number): LeadOrFollow | null => LEAD_OR_FOLLOW[code - 1] ?? null;

export interface BuildOptions {
  builtAt?: Date;
  foldedThrough?: string;
  vocabulary?: Vocabulary;
}

/**
 * Builds the columns of a search index from investors (tombstones left out): the aggregation does
 * this once per fold; tests and the bench call it directly.
 */
export function buildIndexData(investors: Iterable<IndexedInvestor>, options: BuildOptions = {}): IndexData {
  const kept: { investor: IndexedInvestor; key: string; folded: string }[] = [];
  for (const investor of investors) {
    if (investor.removed === true) continue;
    const folded = foldText(investor.card.name);
    kept.push({ investor, key: `${folded}\u0000${investor.card.id}`, folded });
  }
  kept.sort((a, b) => compareStrings(a.key, b.key));
  const n = kept.length;
  const cards = kept.map((k) => k.investor.card);

  const flags = new Uint8Array(n);
  const marks = new Uint8Array(n);
  const lead = new Uint8Array(n);
  const typicalCheque = new Float64Array(n);
  const addedAt = new Float64Array(n);
  const vintage = new Uint16Array(n);
  const confirmed = new Uint16Array(n * CONTACT_KINDS.length);
  const checkMin = new Float64Array(n);
  const checkMax = new Float64Array(n);
  const updatedAt = new Float64Array(n);
  const text = new TextIndexBuilder();
  const firmWords = new Map<string, string[]>();
  const words: string[] = [];
  const fields: number[] = [];
  const push = (list: readonly string[], field: number) => {
    for (const word of list) {
      words.push(word);
      fields.push(field);
    }
  };
  for (let ord = 0; ord < n; ord++) {
    const { investor, folded } = kept[ord] as (typeof kept)[number];
    const { card } = investor;
    flags[ord] =
      (card.hasEmail ? 1 : 0) |
      (card.hasPhone ? 2 : 0) |
      (card.hasLinkedIn ? 4 : 0) |
      (card.hasTwitter ? 8 : 0) |
      (card.hasCrunchbase ? 16 : 0);
    const byInvestor = card.confirmedByInvestor;
    if (byInvestor && byInvestor.length > 0)
      marks[ord] = CONTACT_KINDS.reduce(
        (bits, kind, i) => (byInvestor.includes(kind) ? bits | (1 << i) : bits),
        0,
      );
    const months = card.contactConfirmed;
    if (months)
      for (let i = 0; i < CONTACT_KINDS.length; i++) {
        const month = months[CONTACT_KINDS[i] as ContactKind];
        if (month) confirmed[ord * CONTACT_KINDS.length + i] = monthNumber(month);
      }
    checkMin[ord] = card.checkMin ?? Number.NaN;
    checkMax[ord] = card.checkMax ?? Number.NaN;
    updatedAt[ord] = Date.parse(investor.updatedAt) || 0;
    const facts = investor.facts;
    lead[ord] = leadCode(facts?.leadOrFollow);
    typicalCheque[ord] = facts?.typicalCheque ?? Number.NaN;
    addedAt[ord] = facts?.addedAt ? Date.parse(facts.addedAt) : Number.NaN;
    vintage[ord] = facts?.vintage ?? 0;
    words.length = 0;
    fields.length = 0;
    push(wordsOfFolded(folded), FIELD_CODE.name);
    if (card.firmName) {
      let list = firmWords.get(card.firmName);
      if (!list) {
        list = searchWords(card.firmName);
        firmWords.set(card.firmName, list);
      }
      push(list, FIELD_CODE.firm);
    }
    if (investor.thesisWords)
      push(
        investor.thesisWords.flatMap((w) => searchWords(w)),
        FIELD_CODE.thesis,
      );
    else {
      const thesis = thesisOf(investor);
      if (thesis !== '') push(searchWords(thesis), FIELD_CODE.thesis);
    }
    text.addWords(ord, words, fields);
  }

  const ids = kept.map((k) => k.investor.card.id);
  // A plain array's sort: a typed array's with a comparator is several times slower in V8.
  const byUpdate = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    const d = (updatedAt[b] as number) - (updatedAt[a] as number);
    return d !== 0 ? d : compareStrings(ids[a] as string, ids[b] as string);
  });
  const updatedOrder = Uint32Array.from(byUpdate);

  const firms = dictionaryColumn(cards.map((card) => card.firmName));
  const firmText = new TextIndexBuilder();
  stringsOf(firms.table).forEach((firm, id) => {
    firmText.add(
      id,
      searchWords(firm).map((w) => [w, FIELD_CODE.firm] as const),
    );
  });

  const facets = Object.fromEntries(FACETS.map((facet) => [facet, buildFacet(cards, facet)])) as Record<
    ListFacet,
    FacetColumn
  >;

  return {
    builtAt: (options.builtAt ?? new Date()).toISOString(),
    foldedThrough: options.foldedThrough ?? '',
    size: n,
    ids: stringColumn(ids),
    names: stringColumn(cards.map((card) => card.name)),
    firms,
    titles: dictionaryColumn(cards.map((card) => card.title)),
    theses: stringColumn(kept.map((k) => thesisOf(k.investor))),
    flags,
    marks,
    confirmed,
    checkMin,
    checkMax,
    updatedAt,
    updatedOrder,
    lead,
    typicalCheque,
    investsIn: listColumn(kept.map((k) => k.investor.facts?.investsIn ?? [])),
    addedAt,
    deals: listColumn(kept.map((k) => (k.investor.facts?.deals ?? []).map(dealSpelling))),
    vintage,
    facets,
    text: text.build(),
    firmText: firmText.build(),
    vocabulary: buildVocabulary(facets, options.vocabulary ?? NO_VOCABULARY),
  };
}

/** The confirmed months of investor `ord`, as a card holds them. */
export function confirmedOf(data: IndexData, ord: number): ContactConfirmed {
  const out: ContactConfirmed = {};
  CONTACT_KINDS.forEach((kind, i) => {
    const value = data.confirmed[ord * CONTACT_KINDS.length + i] as number;
    if (value !== 0) out[kind] = monthText(value);
  });
  return out;
}
