import type { CartInvestor } from '../cart/cart';
import {
  emptyVerdict,
  type FitBand,
  type FitFacts,
  type FitInvestor,
  type FitRaise,
  type FitReason,
  type FitWords,
  GENERALIST_SECTOR,
  idHash,
  judgeFit,
  LEAD_SHARE,
  RANK_KEYS,
  raiseAsksNothing,
  raiseSectors,
  rankKeyOf,
  SMALL_INVESTOR_LEAD_LIMIT,
  SMALL_ROLES,
  SMALLEST_USEFUL_SHARE,
  scoreFit,
} from '../shortlist/fit';
import { recencyPointsByOrd } from '../shortlist/recency';
import type { SearchIndex } from './engine';
import type { SearchFilters } from './filters';
import { monthText, stringAt, stringsOf } from './index-data';

/**
 * The shortlist over the search index (issues 35 and 49): every investor of the directory judged
 * for one raise by the rule of shared/shortlist/fit.ts (`judgeFit`, called on facts read from the
 * index's columns), then ordered by a counting sort over the rank keys (band, must-haves met,
 * closeness, completeness). Within a key the order is fixed per index: the investor's latest own
 * confirmation first, then a hash of the id, never the name. The order is kept per raise and index
 * (a few raises at once), so the next pages cost a walk only. Reasons are worded only for the
 * investors a page shows, by the rule itself.
 */

export class InvalidFitCursorError extends Error {
  override readonly name = 'InvalidFitCursorError';
}

const BAND_CODES: readonly FitBand[] = ['other', 'partial', 'fit'];

/** The directory ranked for one raise. */
export interface FitRanking {
  /** Each investor's closeness score, by ord. */
  scores: Int16Array;
  /** Each investor's rank key, by ord. */
  keys: Int32Array;
  /** Each investor's band (0 other, 1 partial, 2 fit), by ord. */
  bands: Uint8Array;
  /** Ords best first: every investor, or (scope 'listed') the fits and partial fits only. */
  order: Uint32Array;
  /** Where each key's run starts in `order` (index: RANK_KEYS − 1 − key), and the end. */
  starts: Uint32Array;
}

export interface FitPageItem {
  investor: CartInvestor;
  band: FitBand;
  score: number;
  reasons: FitReason[];
  missing: string[];
}

export interface FitPage {
  items: FitPageItem[];
  /** Investors listed (the rest left out when hidden). */
  total: number;
  /** How many of each band the filters keep. */
  counts: Record<FitBand, number>;
  cursor: string | null;
}

/** A raise in one string: what a ranking is kept under, and what a cursor is checked against. */
export const raiseFingerprint = (raise: FitRaise): string =>
  JSON.stringify([
    raise.round,
    raise.amountUsd,
    raise.country,
    raise.city,
    raise.leadWanted,
    raiseSectors(raise),
  ]);

/** The order within a key, fixed per index: latest own confirmation first, then the id's hash, then the id. */
interface TieOrder {
  /** Ords in tie order. */
  order: Uint32Array;
  /** Each ord's place in it. */
  place: Uint32Array;
  hashes: Uint32Array;
}

interface Held {
  rankings: Map<string, FitRanking>;
  ties: TieOrder | null;
  /**
   * What does not depend on the whole raise, kept per loaded snapshot (issue 49, step 1): per
   * spelling tables, the lead and cheque bitsets, each raise part's must-have bitset, the recency
   * points per stage and day. Keyed by the words too (a different rule of places, a different table).
   */
  parts: WeakMap<FitWords, Map<string, unknown>>;
  /** The first look's verdicts of the fits, written and read within one call. */
  scratch: { scores: Int16Array; keys: Int32Array; bands: Uint8Array } | null;
}

const held = new WeakMap<SearchIndex, Held>();
const RANKINGS_KEPT = 8;

function heldOf(index: SearchIndex): Held {
  let entry = held.get(index);
  if (!entry) {
    entry = { rankings: new Map(), ties: null, parts: new WeakMap(), scratch: null };
    held.set(index, entry);
  }
  return entry;
}

const PARTS_KEPT = 48;

/** A raise part's table or bitset, made once per snapshot (and words) and kept: a few dozen at most. */
function partOf<T>(index: SearchIndex, words: FitWords, key: string, make: () => T): T {
  const entry = heldOf(index);
  let parts = entry.parts.get(words);
  if (!parts) {
    parts = new Map();
    entry.parts.set(words, parts);
  }
  if (parts.has(key)) return parts.get(key) as T;
  const made = make();
  parts.set(key, made);
  if (parts.size > PARTS_KEPT) parts.delete(parts.keys().next().value as string);
  return made;
}

/** Compares two investors judged alike: (month desc, hash, id). */
function compareTie(monthA: number, hashA: number, idA: string, monthB: number, hashB: number, idB: string) {
  if (monthA !== monthB) return monthB - monthA;
  if (hashA !== hashB) return hashA - hashB;
  return idA < idB ? -1 : idA > idB ? 1 : 0;
}

function tieOrderOf(index: SearchIndex): TieOrder {
  const entry = heldOf(index);
  if (entry.ties) return entry.ties;
  const n = index.size;
  const months = index.investorConfirmedMonths();
  const hashes = new Uint32Array(n);
  const ids: string[] = new Array(n);
  for (let ord = 0; ord < n; ord++) {
    const id = stringAt(index.data.ids, ord);
    ids[ord] = id;
    hashes[ord] = idHash(id);
  }
  const order = Uint32Array.from({ length: n }, (_, ord) => ord);
  order.sort((a, b) =>
    compareTie(
      months[a] as number,
      hashes[a] as number,
      ids[a] as string,
      months[b] as number,
      hashes[b] as number,
      ids[b] as string,
    ),
  );
  const place = new Uint32Array(n);
  for (let i = 0; i < n; i++) place[order[i] as number] = i;
  entry.ties = { order, place, hashes };
  return entry.ties;
}

/** Investor `ord` as the rule reads it. */
export function fitInvestorAt(index: SearchIndex, ord: number, card = index.card(ord)): FitInvestor {
  const facts = index.facts(ord);
  const month = index.investorConfirmedMonths()[ord] as number;
  return {
    role: card.investorRole === '' ? null : card.investorRole,
    stageFocus: card.stageFocus,
    sectorFocus: card.sectorFocus,
    checkMin: card.checkMin ?? null,
    checkMax: card.checkMax ?? null,
    typicalCheque: facts.typicalCheque ?? null,
    leadOrFollow: facts.leadOrFollow ?? null,
    investsIn: facts.investsIn ?? [],
    countries: card.countries ?? [],
    cities: card.cities ?? [],
    hasEmail: card.hasEmail,
    hasLinkedIn: card.hasLinkedIn,
    investorConfirmedMonth: month === 0 ? null : monthText(month),
    deals: facts.deals ?? [],
    vintage: facts.vintage ?? null,
  };
}

/** Per value of the investsIn table: 0 no cover, 1 worldwide, 2 a region, 3 the country (kept per snapshot). */
function placeRanks(index: SearchIndex, country: string, words: FitWords): Uint8Array {
  return partOf(index, words, `ranks:${country}`, () => placeRanksOf(index, country, words));
}

function placeRanksOf(index: SearchIndex, country: string, words: FitWords): Uint8Array {
  const { spellings } = index.data.investsIn;
  const count = spellings.offsets.length - 1;
  const ranks = new Uint8Array(count);
  for (let id = 0; id < count; id++) {
    const coverage = words.coverage(stringAt(spellings, id), country);
    if (!coverage) continue;
    ranks[id] = coverage.kind === 'world' ? 1 : coverage.kind === 'region' ? 2 : 3;
  }
  return ranks;
}

/** The value ids of a facet's values (the raise's sectors) that some investor carries. */
function facetIds(index: SearchIndex, facet: 'sector', values: readonly string[]): Set<number> {
  const ids = new Set<number>();
  for (const value of values) {
    const id = index.facetValueId(facet, value);
    if (id >= 0) ids.add(id);
  }
  return ids;
}

/**
 * One mark per sector spelling for the raise's sectors: 1 a sector it asked for, 2 a generalist
 * (any sector), 0 another.
 */
function sectorMarks(index: SearchIndex, sectors: readonly string[]): Uint8Array {
  const column = index.data.facets.sector;
  const wanted = facetIds(index, 'sector', sectors);
  const generalistId = index.facetValueId('sector', GENERALIST_SECTOR);
  const marks = new Uint8Array(column.spellingValue.length);
  for (let id = 0; id < column.spellingValue.length; id++) {
    const value = column.spellingValue[id] as number;
    marks[id] = wanted.has(value) ? 1 : value === generalistId ? 2 : 0;
  }
  return marks;
}

/** Per spelling of a facet column: whether its value is `value`. */
function spellingIs(
  index: SearchIndex,
  facet: 'stage' | 'city' | 'country' | 'role',
  values: readonly number[],
) {
  const { spellingValue } = index.data.facets[facet];
  const mark = new Uint8Array(spellingValue.length);
  for (let id = 0; id < spellingValue.length; id++)
    mark[id] = values.includes(spellingValue[id] as number) ? 1 : 0;
  return mark;
}

/**
 * Every investor's verdict for the raise (band, closeness, rank key), by the rule of
 * shared/shortlist/fit.ts: the facts read from the columns, then `judgeFit` itself.
 */
export function fitVerdicts(
  index: SearchIndex,
  raise: FitRaise,
  words: FitWords,
  only: Uint32Array | null = null,
  scratch: { scores: Int16Array; keys: Int32Array; bands: Uint8Array } | null = null,
): { scores: Int16Array; keys: Int32Array; bands: Uint8Array } {
  const data = index.data;
  const n = index.size;
  // `scratch` (the first look's, kept per snapshot): only the judged ords are written, the
  // others hold what an earlier call left, so it is for a caller that reads the judged ords alone.
  const scores = scratch?.scores ?? new Int16Array(n);
  const keys = scratch?.keys ?? new Int32Array(n);
  const bands = scratch?.bands ?? new Uint8Array(n);
  const sectors = raiseSectors(raise);

  const round = raise.round === null ? -1 : index.facetValueId('stage', raise.round);
  const isRound = spellingIs(index, 'stage', [round]);
  const sectorColumn = data.facets.sector;
  const sectorMark = sectorMarks(index, sectors);
  const ranks = raise.country === null ? null : placeRanks(index, raise.country, words);
  const isCity = spellingIs(index, 'city', [
    raise.city === null ? -1 : index.facetValueId('city', raise.city),
  ]);
  const isCountry = spellingIs(index, 'country', [
    raise.country === null ? -1 : index.facetValueId('country', raise.country),
  ]);
  const isSmall = spellingIs(
    index,
    'role',
    [...SMALL_ROLES].map((role) => index.facetValueId('role', role)),
  );
  const { checkMin, checkMax, typicalCheque, lead, flags } = data;
  const invests = data.investsIn;
  // Recency at the raise's stage (issue 49/52), read from the deals column for every investor.
  // Kept per snapshot, stage and day (step 1 of the plan): a pass over every investor's deals.
  const now = raise.now ?? new Date();
  const recency = partOf(index, words, `recency:${raise.round}:${now.toISOString().slice(0, 10)}`, () =>
    recencyPointsByOrd(data.deals, stringsOf(data.deals.spellings), n, raise.round, now),
  );

  const f: FitFacts = {
    hasStages: false,
    stageHit: false,
    hasSectors: false,
    sectorsInCommon: 0,
    generalist: false,
    investsIn: -1,
    based: -1,
    checkMin: Number.NaN,
    checkMax: Number.NaN,
    typicalCheque: Number.NaN,
    lead: 0,
    smallRole: false,
    recency: 0,
  };
  const into = emptyVerdict();
  const stages = data.facets.stage;
  const cities = data.facets.city;
  const countries = data.facets.country;
  const roles = data.facets.role;
  const marked = (column: typeof stages, mark: Uint8Array, ord: number) => {
    const end = column.offsets[ord + 1] as number;
    for (let i = column.offsets[ord] as number; i < end; i++)
      if (mark[column.spellingIds[i] as number] === 1) return true;
    return false;
  };
  const asksRound = raise.round !== null;
  const asksPlace = raise.country !== null;
  const asksLead = raise.leadWanted === true;
  const judge = (ord: number) => {
    f.hasStages = (stages.offsets[ord] as number) < (stages.offsets[ord + 1] as number);
    f.stageHit = asksRound && f.hasStages && marked(stages, isRound, ord);
    let common = 0;
    let first = -1;
    let generalist = false;
    const from = sectorColumn.offsets[ord] as number;
    const to = sectorColumn.offsets[ord + 1] as number;
    for (let i = sectors.length > 0 ? from : to; i < to; i++) {
      const spelling = sectorColumn.spellingIds[i] as number;
      const marked = sectorMark[spelling] as number;
      if (marked === 2) generalist = true;
      if (marked !== 1) continue;
      const value = sectorColumn.spellingValue[spelling] as number;
      if (common === 0) {
        common = 1;
        first = value;
      } else if (value !== first) common = 2;
    }
    f.hasSectors = from < to;
    f.sectorsInCommon = common;
    f.generalist = generalist;
    let best = -1;
    if (ranks) {
      const a = invests.offsets[ord] as number;
      const b = invests.offsets[ord + 1] as number;
      if (a < b) {
        best = 0;
        for (let i = a; i < b && best < 3; i++) {
          const rank = ranks[invests.spellingIds[i] as number] as number;
          if (rank > best) best = rank;
        }
      }
    }
    f.investsIn = best;
    const placed =
      (countries.offsets[ord] as number) < (countries.offsets[ord + 1] as number) ||
      (cities.offsets[ord] as number) < (cities.offsets[ord + 1] as number);
    f.based = !placed
      ? -1
      : !asksPlace
        ? 0
        : marked(cities, isCity, ord)
          ? 2
          : marked(countries, isCountry, ord)
            ? 1
            : 0;
    f.checkMin = checkMin[ord] as number;
    f.checkMax = checkMax[ord] as number;
    f.typicalCheque = typicalCheque[ord] as number;
    f.lead = lead[ord] as number;
    f.smallRole = asksLead && marked(roles, isSmall, ord);
    f.recency = recency[ord] as number;
    const verdict = judgeFit(raise, f, sectors.length, into);
    const flag = flags[ord] as number;
    const hasCheque =
      !Number.isNaN(f.typicalCheque) || !Number.isNaN(f.checkMin) || !Number.isNaN(f.checkMax);
    const completeness =
      (flag & 1) +
      ((flag & 4) >>> 2) +
      (hasCheque ? 1 : 0) +
      (f.hasStages ? 1 : 0) +
      ((invests.offsets[ord] as number) < (invests.offsets[ord + 1] as number) || placed ? 1 : 0);
    scores[ord] = verdict.score;
    keys[ord] = rankKeyOf(verdict, completeness);
    bands[ord] = verdict.band === 'fit' ? 2 : verdict.band === 'partial' ? 1 : 0;
  };
  if (only === null) for (let ord = 0; ord < n; ord++) judge(ord);
  // Only the candidates (the set bits, in ord order); the others stay 0: the rest.
  else
    for (let word = 0; word < only.length; word++) {
      let bits = only[word] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        judge(word * 32 + 31 - Math.clz32(low));
        bits ^= low;
      }
    }
  return { scores, keys, bands };
}

/**
 * The investors who may miss at most one must-have of the raise, as a bit set over ords: a superset
 * of its fits and partial fits, read from the index's postings and columns without judging anyone
 * (docs/performance.md, "The plan for a million"). Each must-have asked gives the investors who may
 * meet it — loosened, never tightened, so no fit or partial fit is left out: the round's stage
 * posting; the raise's sectors' and Generalist's postings; the country's and city's postings OR-ed
 * with those whose investsIn covers the country; a cheque not above the amount whose largest is at
 * least a tenth of it; leading or both — and a bit-sliced count keeps those missing at most one.
 * Null when the raise asks nothing (everyone is listed then).
 */
export function fitCandidates(index: SearchIndex, raise: FitRaise, words: FitWords): Uint32Array | null {
  const data = index.data;
  const n = index.size;
  const length = Math.ceil(n / 32);
  const asked: Uint32Array[] = [];
  const orOf = (sets: readonly (Uint32Array | null)[]) => {
    const out = new Uint32Array(length);
    for (const set of sets) {
      if (set === null) out.fill(0xffffffff);
      else for (let w = 0; w < length; w++) out[w] = (out[w] as number) | (set[w] as number);
    }
    return out;
  };
  const posting = (facet: 'stage' | 'sector' | 'country' | 'city', value: string) =>
    index.facetValueId(facet, value) < 0 ? new Uint32Array(length) : index.matching({ [facet]: value });
  // Each raise part's bitset is kept per snapshot (step 1 of the plan): a founder changes one part
  // of the raise at a time, and the bitsets of the others are as they were.
  if (raise.round !== null) {
    const round = raise.round;
    asked.push(partOf(index, words, `stage:${round}`, () => orOf([posting('stage', round)])));
  }
  const sectors = raiseSectors(raise);
  if (sectors.length > 0)
    asked.push(
      partOf(index, words, `sectors:${JSON.stringify(sectors)}`, () =>
        orOf([...sectors, GENERALIST_SECTOR].map((sector) => posting('sector', sector))),
      ),
    );
  if (raise.country !== null) {
    const country = raise.country;
    const city = raise.city;
    asked.push(
      partOf(index, words, `place:${JSON.stringify([country, city])}`, () => {
        const place = orOf([posting('country', country), ...(city === null ? [] : [posting('city', city)])]);
        const ranks = placeRanks(index, country, words);
        const { offsets, spellingIds } = data.investsIn;
        for (let ord = 0; ord < n; ord++) {
          const end = offsets[ord + 1] as number;
          for (let i = offsets[ord] as number; i < end; i++)
            if ((ranks[spellingIds[i] as number] as number) > 0) {
              place[ord >>> 5] = (place[ord >>> 5] as number) | (1 << (ord & 31));
              break;
            }
        }
        return place;
      }),
    );
  }
  const amount = raise.amountUsd !== null && raise.amountUsd > 0 ? raise.amountUsd : null;
  if (amount !== null)
    asked.push(
      partOf(index, words, `cheque:${amount}`, () => {
        const cheque = new Uint32Array(length);
        const { checkMin, checkMax, typicalCheque } = data;
        const smallest = amount * SMALLEST_USEFUL_SHARE;
        for (let ord = 0; ord < n; ord++) {
          const min = checkMin[ord] as number;
          const max = checkMax[ord] as number;
          const typical = typicalCheque[ord] as number;
          // The largest they write: the top of the range, else the typical cheque, else the bottom (NaN: none).
          const largest = !Number.isNaN(max) ? max : !Number.isNaN(typical) ? typical : min;
          if (!(min > amount) && largest >= smallest)
            cheque[ord >>> 5] = (cheque[ord >>> 5] as number) | (1 << (ord & 31));
        }
        return cheque;
      }),
    );
  if (raise.leadWanted === true)
    asked.push(
      partOf(index, words, 'lead', () => {
        const leads = new Uint32Array(length);
        const { lead } = data;
        for (let ord = 0; ord < n; ord++) {
          const code = lead[ord] as number;
          if (code === 1 || code === 3) leads[ord >>> 5] = (leads[ord >>> 5] as number) | (1 << (ord & 31));
        }
        return leads;
      }),
    );
  if (asked.length === 0) return null;
  // At most one of the k sets missing: OR over i of (AND of all but i), by prefix and suffix ANDs.
  const k = asked.length;
  const out = new Uint32Array(length);
  const prefix = new Uint32Array(k + 1);
  for (let w = 0; w < length; w++) {
    prefix[0] = 0xffffffff;
    for (let i = 0; i < k; i++)
      prefix[i + 1] = (prefix[i] as number) & ((asked[i] as Uint32Array)[w] as number);
    let suffix = 0xffffffff;
    let any = k === 1 ? (prefix[1] as number) : 0;
    if (k > 1)
      for (let i = k - 1; i >= 0; i--) {
        any |= (prefix[i] as number) & suffix;
        suffix &= (asked[i] as Uint32Array)[w] as number;
      }
    out[w] = any >>> 0;
  }
  // Bits past the last ord stay clear.
  if (n % 32 !== 0) out[length - 1] = (out[length - 1] as number) & ((1 << (n % 32)) - 1);
  return out;
}

/**
 * Each must-have the raise asks, exactly as `judgeFit` decides it met, as a bit set over ords (kept
 * per snapshot and raise part), and from them the fits (every one met) and the partial fits (all but
 * one, at least one): the bands without judging anyone (issue 49, step 3). Null when the raise asks
 * nothing. The unit test holds these sets to the bands of the whole ranking for every raise.
 */
export function fitBandSets(
  index: SearchIndex,
  raise: FitRaise,
  words: FitWords,
): { fit: Uint32Array; partial: Uint32Array } | null {
  const data = index.data;
  const n = index.size;
  const length = Math.ceil(n / 32);
  const setOf = (met: (ord: number) => boolean) => {
    const out = new Uint32Array(length);
    for (let ord = 0; ord < n; ord++)
      if (met(ord)) out[ord >>> 5] = (out[ord >>> 5] as number) | (1 << (ord & 31));
    return out;
  };
  const marked = (
    column: { offsets: Uint32Array; spellingIds: Uint32Array },
    mark: Uint8Array,
    ord: number,
  ) => {
    const end = column.offsets[ord + 1] as number;
    for (let i = column.offsets[ord] as number; i < end; i++)
      if ((mark[column.spellingIds[i] as number] as number) > 0) return true;
    return false;
  };
  const asked: Uint32Array[] = [];
  if (raise.round !== null) {
    const round = raise.round;
    asked.push(
      partOf(index, words, `met:stage:${round}`, () => {
        const isRound = spellingIs(index, 'stage', [index.facetValueId('stage', round)]);
        return setOf((ord) => marked(data.facets.stage, isRound, ord));
      }),
    );
  }
  const sectors = raiseSectors(raise);
  if (sectors.length > 0)
    asked.push(
      partOf(index, words, `met:sectors:${JSON.stringify(sectors)}`, () => {
        // Any mark counts here (the generalist's 2 meets the must-have too).
        const mark = sectorMarks(index, sectors);
        return setOf((ord) => marked(data.facets.sector, mark, ord));
      }),
    );
  if (raise.country !== null) {
    const country = raise.country;
    const city = raise.city;
    asked.push(
      partOf(index, words, `met:place:${JSON.stringify([country, city])}`, () => {
        const ranks = placeRanks(index, country, words);
        const isCity = spellingIs(index, 'city', [city === null ? -1 : index.facetValueId('city', city)]);
        const isCountry = spellingIs(index, 'country', [index.facetValueId('country', country)]);
        const invests = data.investsIn;
        // Where they invest says it when they say it; else where they are (judgeFit's rule).
        return setOf((ord) =>
          (invests.offsets[ord] as number) < (invests.offsets[ord + 1] as number)
            ? marked(invests, ranks, ord)
            : marked(data.facets.city, isCity, ord) || marked(data.facets.country, isCountry, ord),
        );
      }),
    );
  }
  const amount = raise.amountUsd !== null && raise.amountUsd > 0 ? raise.amountUsd : null;
  const { checkMin, checkMax, typicalCheque } = data;
  const largestAt = (ord: number) => {
    const max = checkMax[ord] as number;
    const typical = typicalCheque[ord] as number;
    return !Number.isNaN(max) ? max : !Number.isNaN(typical) ? typical : (checkMin[ord] as number);
  };
  if (amount !== null)
    asked.push(
      partOf(index, words, `met:cheque:${amount}`, () => {
        const smallest = amount * SMALLEST_USEFUL_SHARE;
        // Known when any of the three is; then not above the amount, and the largest a useful share.
        return setOf((ord) => {
          const largest = largestAt(ord);
          return !Number.isNaN(largest) && !((checkMin[ord] as number) > amount) && !(largest < smallest);
        });
      }),
    );
  if (raise.leadWanted === true)
    asked.push(
      partOf(index, words, `met:lead:${amount}`, () => {
        const { lead } = data;
        const isSmall = spellingIs(
          index,
          'role',
          [...SMALL_ROLES].map((role) => index.facetValueId('role', role)),
        );
        return setOf((ord) => {
          const code = lead[ord] as number;
          if (code !== 1 && code !== 3) return false;
          if (amount === null) return true;
          if (amount >= SMALL_INVESTOR_LEAD_LIMIT && marked(data.facets.role, isSmall, ord)) return false;
          const largest = largestAt(ord);
          return !(!Number.isNaN(largest) && largest < amount * LEAD_SHARE);
        });
      }),
    );
  if (asked.length === 0) return null;
  const k = asked.length;
  const fit = new Uint32Array(length);
  const partial = new Uint32Array(length);
  const prefix = new Uint32Array(k + 1);
  for (let w = 0; w < length; w++) {
    prefix[0] = 0xffffffff;
    for (let i = 0; i < k; i++)
      prefix[i + 1] = (prefix[i] as number) & ((asked[i] as Uint32Array)[w] as number);
    fit[w] = prefix[k] as number;
    if (k === 1) continue; // one asked: missing it meets none, the rest
    let suffix = 0xffffffff;
    let any = 0;
    for (let i = k - 1; i >= 0; i--) {
      any |= (prefix[i] as number) & suffix;
      suffix &= (asked[i] as Uint32Array)[w] as number;
    }
    partial[w] = (any & ~(prefix[k] as number)) >>> 0;
  }
  return { fit, partial };
}

/** Forgets the rankings kept for an index (the bench measures every ranking as the first). */
export function forgetFitRankings(index: SearchIndex): void {
  const entry = held.get(index);
  if (entry) entry.rankings.clear();
}

/**
 * The directory ranked for a raise: best first (kept for the next pages). `scope` 'listed' (the rest
 * hidden, a first look) judges and orders only the fits and partial fits, found by
 * {@link fitCandidates} first; every other investor is the rest (band 0, not in `order`). 'all'
 * judges and orders everyone (the rest shown, a saved shortlist's alert); it serves 'listed' too.
 */
export function rankByFit(
  index: SearchIndex,
  raise: FitRaise,
  words: FitWords,
  scope: 'listed' | 'all' = 'all',
): FitRanking {
  const entry = heldOf(index);
  const fingerprint = raiseFingerprint(raise);
  // Recency is judged by the day: a ranking is kept for its day.
  const day = (raise.now ?? new Date()).toISOString().slice(0, 10);
  const key = `${scope}:${day}:${fingerprint}`;
  const kept =
    entry.rankings.get(key) ??
    (scope === 'listed' ? entry.rankings.get(`all:${day}:${fingerprint}`) : undefined);
  if (kept) {
    entry.rankings.delete(key);
    entry.rankings.set(key, kept);
    return kept;
  }
  const candidates = scope === 'listed' ? fitCandidates(index, raise, words) : null;
  const { scores, keys, bands } = fitVerdicts(index, raise, words, candidates);
  const ties = tieOrderOf(index);
  const starts = new Uint32Array(RANK_KEYS + 1);
  let order: Uint32Array;
  if (candidates === null) {
    // Everyone: a counting sort by key, best first; within a key, the tie order (the ords walked in it).
    for (let ord = 0; ord < index.size; ord++) {
      const bucket = RANK_KEYS - 1 - (keys[ord] as number);
      starts[bucket + 1] = (starts[bucket + 1] as number) + 1;
    }
    for (let b = 0; b < RANK_KEYS; b++) starts[b + 1] = (starts[b + 1] as number) + (starts[b] as number);
    const fill = starts.slice(0, RANK_KEYS);
    order = new Uint32Array(index.size);
    for (let i = 0; i < index.size; i++) {
      const ord = ties.order[i] as number;
      const bucket = RANK_KEYS - 1 - (keys[ord] as number);
      order[fill[bucket] as number] = ord;
      fill[bucket] = (fill[bucket] as number) + 1;
    }
  } else {
    // The fits and partial fits alone (issue 49, step 2): one sort of (key, tie place), no walk of
    // the whole tie order. bucket × n + place stays below 2^53 (10,368 keys × any directory here).
    const n = index.size;
    const sortable: number[] = [];
    for (let word = 0; word < candidates.length; word++) {
      let bits = candidates[word] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        const ord = word * 32 + 31 - Math.clz32(low);
        bits ^= low;
        if ((bands[ord] as number) === 0) continue;
        const bucket = RANK_KEYS - 1 - (keys[ord] as number);
        starts[bucket + 1] = (starts[bucket + 1] as number) + 1;
        sortable.push(bucket * n + (ties.place[ord] as number));
      }
    }
    for (let b = 0; b < RANK_KEYS; b++) starts[b + 1] = (starts[b + 1] as number) + (starts[b] as number);
    const sorted = Float64Array.from(sortable).sort();
    order = new Uint32Array(sorted.length);
    for (let i = 0; i < sorted.length; i++) order[i] = ties.order[(sorted[i] as number) % n] as number;
  }
  const ranking = { scores, keys, bands, order, starts };
  entry.rankings.set(key, ranking);
  if (entry.rankings.size > RANKINGS_KEPT)
    entry.rankings.delete(entry.rankings.keys().next().value as string);
  return ranking;
}

/** The set bits of the first `n`. */
function popcount(bits: Uint32Array, n: number): number {
  let count = 0;
  const words = Math.min(bits.length, Math.ceil(n / 32));
  for (let w = 0; w < words; w++) {
    let v = bits[w] as number;
    if (w === words - 1 && n % 32 !== 0) v &= (1 << (n % 32)) - 1;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

const has = (bits: Uint32Array, ord: number): boolean =>
  ((bits[ord >>> 5] as number) & (1 << (ord & 31))) !== 0;

const encodeCursor = (fingerprint: string, key: number, month: number, hash: number, id: string) =>
  encodeURIComponent(JSON.stringify(['fit', fingerprint, key, month, hash, id]));

interface FitCursor {
  key: number;
  month: number;
  hash: number;
  id: string;
}

function decodeCursor(cursor: string, fingerprint: string): FitCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(cursor));
  } catch {
    throw new InvalidFitCursorError('The cursor is not one this shortlist gave.');
  }
  const whole = (value: unknown, below: number) =>
    Number.isInteger(value) && (value as number) >= 0 && (value as number) < below;
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 6 ||
    parsed[0] !== 'fit' ||
    parsed[1] !== fingerprint ||
    !whole(parsed[2], RANK_KEYS) ||
    !whole(parsed[3], 2 ** 16) ||
    !whole(parsed[4], 2 ** 32) ||
    typeof parsed[5] !== 'string'
  )
    throw new InvalidFitCursorError('The cursor does not belong to this shortlist.');
  return {
    key: parsed[2] as number,
    month: parsed[3] as number,
    hash: parsed[4] as number,
    id: parsed[5] as string,
  };
}

/** The first position of the ranking after the cursor's investor: lower keys, or the same key later in the tie order. */
function positionAfter(index: SearchIndex, ranking: FitRanking, at: FitCursor): number {
  const bucket = RANK_KEYS - 1 - at.key;
  const months = index.investorConfirmedMonths();
  const { hashes } = tieOrderOf(index);
  let lo = ranking.starts[bucket] as number;
  let hi = ranking.starts[bucket + 1] as number;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const ord = ranking.order[mid] as number;
    const compared = compareTie(
      months[ord] as number,
      hashes[ord] as number,
      stringAt(index.data.ids, ord),
      at.month,
      at.hash,
      at.id,
    );
    if (compared <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface FitPageOptions {
  /** The usual filters narrow the list (role, country, has email…). */
  filters: SearchFilters;
  /** Ords left out (the founder's choice: investors bought, or passed on). */
  leaveOut: ReadonlySet<number>;
  /** The rest (no must-have met): left out (the default) or listed after the partial fits. */
  rest: 'show' | 'hide';
  cursor: string | null;
  limit: number;
}

/**
 * The first page with the rest hidden, from the fits alone (issue 49, step 3): the bands come from
 * the exact must-have bit sets ({@link fitBandSets}), so the counts are exact without judging
 * anyone; only the fits are judged and ordered, since every fit's key beats every partial fit's (the
 * band leads the key). Null when the listed fits cannot fill the page (the partial fits are needed:
 * the whole listed ranking then), or a ranking of the raise is kept already (a walk is cheaper).
 * Nothing is kept: a next page ranks the listed investors, and the cursor finds its place there.
 */
function firstLook(
  index: SearchIndex,
  raise: FitRaise,
  words: FitWords,
  options: FitPageOptions,
  fingerprint: string,
): FitPage | null {
  const entry = heldOf(index);
  const day = (raise.now ?? new Date()).toISOString().slice(0, 10);
  if (entry.rankings.has(`listed:${day}:${fingerprint}`) || entry.rankings.has(`all:${day}:${fingerprint}`))
    return null;
  const sets = fitBandSets(index, raise, words);
  if (sets === null) return null;
  const n = index.size;
  const matches = index.matching(options.filters);
  const listed = (ord: number) => (!matches || has(matches, ord)) && !options.leaveOut.has(ord);
  // Investors of a set that the filters keep and the founder did not leave out.
  const listedIn = (set: Uint32Array | null) => {
    let count = 0;
    const words = Math.ceil(n / 32);
    for (let w = 0; w < words; w++) {
      let v =
        (set === null ? 0xffffffff : (set[w] as number)) &
        (matches === null ? 0xffffffff : (matches[w] as number));
      if (w === words - 1 && n % 32 !== 0) v &= (1 << (n % 32)) - 1;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      count += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    for (const ord of options.leaveOut)
      if (ord >= 0 && ord < n && (set === null || has(set, ord)) && (!matches || has(matches, ord))) count--;
    return count;
  };
  const fits = listedIn(sets.fit);
  if (fits < options.limit) return null;
  const partials = listedIn(sets.partial);
  // The fits' verdicts into arrays kept per snapshot (no 7 MB a call at a million): only the fits'
  // entries are written and read here, and nothing of them is kept after the page.
  entry.scratch ??= { scores: new Int16Array(n), keys: new Int32Array(n), bands: new Uint8Array(n) };
  const { scores, keys } = fitVerdicts(index, raise, words, sets.fit, entry.scratch);
  const ties = tieOrderOf(index);
  const sortable: number[] = [];
  for (let word = 0; word < sets.fit.length; word++) {
    let bits = sets.fit[word] as number;
    while (bits !== 0) {
      const low = bits & -bits;
      const ord = word * 32 + 31 - Math.clz32(low);
      bits ^= low;
      if (listed(ord))
        sortable.push((RANK_KEYS - 1 - (keys[ord] as number)) * n + (ties.place[ord] as number));
    }
  }
  const sorted = Float64Array.from(sortable).sort();
  const items: FitPageItem[] = [];
  let last = -1;
  for (let i = 0; i < sorted.length && items.length < options.limit; i++) {
    const ord = ties.order[(sorted[i] as number) % n] as number;
    const card = index.card(ord);
    const result = scoreFit(raise, fitInvestorAt(index, ord, card), words);
    items.push({
      investor: card,
      band: 'fit',
      score: scores[ord] as number,
      reasons: result.reasons,
      missing: result.missing,
    });
    last = ord;
  }
  const more = fits > items.length || partials > 0;
  return {
    items,
    total: fits + partials,
    counts: { fit: fits, partial: partials, other: listedIn(null) - fits - partials },
    cursor:
      more && last >= 0
        ? encodeCursor(
            fingerprint,
            keys[last] as number,
            index.investorConfirmedMonths()[last] as number,
            ties.hashes[last] as number,
            stringAt(index.data.ids, last),
          )
        : null,
  };
}

/**
 * One page of the ranked directory, after the cursor: each investor with its band, score, reasons
 * and what is missing. The cursor holds the last investor's key and tie order, so paging never
 * repeats or skips one, even when the snapshot is replaced between pages (an investor whose verdict
 * changed meanwhile moves).
 */
export function fitPage(
  index: SearchIndex,
  raise: FitRaise,
  words: FitWords,
  options: FitPageOptions,
): FitPage {
  const fingerprint = raiseFingerprint(raise);
  const at = options.cursor === null ? null : decodeCursor(options.cursor, fingerprint);
  // A raise that asks nothing has no fits: everyone is listed then, or the list would be empty.
  const showRest = options.rest === 'show' || raiseAsksNothing(raise);
  if (!showRest && at === null) {
    const first = firstLook(index, raise, words, options, fingerprint);
    if (first !== null) return first;
  }
  const ranking = rankByFit(index, raise, words, showRest ? 'all' : 'listed');
  const matches = index.matching(options.filters);
  const listed = (ord: number) => (!matches || has(matches, ord)) && !options.leaveOut.has(ord);
  // The bands counted over the ranking's order (the fits and partial fits first, every investor when
  // all are ranked); the rest's count is the listed count less them, so a listed-only ranking's counts
  // are exact without judging the rest (an investor outside its order is the rest).
  const counted = [0, 0, 0];
  for (let i = 0; i < ranking.order.length; i++) {
    const ord = ranking.order[i] as number;
    if (listed(ord)) {
      const band = ranking.bands[ord] as number;
      counted[band] = (counted[band] as number) + 1;
    }
  }
  if (ranking.order.length < index.size) {
    let listedCount = matches ? popcount(matches, index.size) : index.size;
    for (const ord of options.leaveOut)
      if (ord >= 0 && ord < index.size && (!matches || has(matches, ord))) listedCount--;
    counted[0] = listedCount - (counted[1] as number) - (counted[2] as number);
  }
  const counts: Record<FitBand, number> = {
    fit: counted[2] as number,
    partial: counted[1] as number,
    other: counted[0] as number,
  };
  const total = counts.fit + counts.partial + (showRest ? counts.other : 0);
  const kept = (ord: number) => listed(ord) && (showRest || ranking.bands[ord] !== 0);

  const items: FitPageItem[] = [];
  let position = at === null ? 0 : positionAfter(index, ranking, at);
  let last = -1;
  const end = ranking.order.length;
  for (; position < end && items.length < options.limit; position++) {
    const ord = ranking.order[position] as number;
    if (!showRest && ranking.bands[ord] === 0) {
      position = end;
      break;
    }
    if (!kept(ord)) continue;
    const card = index.card(ord);
    const result = scoreFit(raise, fitInvestorAt(index, ord, card), words);
    items.push({
      investor: card,
      band: BAND_CODES[ranking.bands[ord] as number] as FitBand,
      score: ranking.scores[ord] as number,
      reasons: result.reasons,
      missing: result.missing,
    });
    last = ord;
  }
  let more = false;
  for (; position < end && !more; position++) {
    const ord = ranking.order[position] as number;
    if (!showRest && ranking.bands[ord] === 0) break;
    more = kept(ord);
  }
  const months = index.investorConfirmedMonths();
  return {
    items,
    total,
    counts,
    cursor:
      more && last >= 0
        ? encodeCursor(
            fingerprint,
            ranking.keys[last] as number,
            months[last] as number,
            tieOrderOf(index).hashes[last] as number,
            stringAt(index.data.ids, last),
          )
        : null,
  };
}
