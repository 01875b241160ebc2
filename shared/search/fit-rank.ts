import type { CartInvestor } from '../cart/cart';
import {
  FIT_POINTS,
  FIT_SCORE_MAX,
  FIT_SCORE_MIN,
  type FitInvestor,
  type FitRaise,
  type FitReason,
  type FitWords,
  GENERALIST_SECTOR,
  raiseSectors,
  SMALLEST_USEFUL_SHARE,
  scoreFit,
} from '../shortlist/fit';
import type { SearchIndex } from './engine';
import type { SearchFilters } from './filters';
import { monthText, stringAt } from './index-data';
import { compareStrings } from './text-index';

/**
 * The shortlist over the search index (issue 35): every investor of the directory scored for one
 * raise by the rule of shared/shortlist/fit.ts, in one pass over the index's columns, then ordered
 * best first (ties in name order) by a counting sort over the scores. The order is kept per raise
 * and index (a few raises at once), so the next pages cost a walk only. Reasons are worded only for
 * the investors a page shows, by the rule itself.
 */

const SCORES = FIT_SCORE_MAX - FIT_SCORE_MIN + 1;

export class InvalidFitCursorError extends Error {
  override readonly name = 'InvalidFitCursorError';
}

/** The directory ranked for one raise. */
export interface FitRanking {
  /** Each investor's score, by ord. */
  scores: Int16Array;
  /** Ords best first, ties in name order. */
  order: Uint32Array;
  /** Where each score's run starts in `order` (index: FIT_SCORE_MAX − score), and the end. */
  starts: Uint32Array;
}

export interface FitPageItem {
  investor: CartInvestor;
  score: number;
  reasons: FitReason[];
}

export interface FitPage {
  items: FitPageItem[];
  total: number;
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

interface Held {
  rankings: Map<string, FitRanking>;
}

const held = new WeakMap<SearchIndex, Held>();
const RANKINGS_KEPT = 8;

function heldOf(index: SearchIndex): Held {
  let entry = held.get(index);
  if (!entry) {
    entry = { rankings: new Map() };
    held.set(index, entry);
  }
  return entry;
}

/** Investor `ord` as the rule reads it. */
export function fitInvestorAt(index: SearchIndex, ord: number, card = index.card(ord)): FitInvestor {
  const facts = index.facts(ord);
  const month = index.investorConfirmedMonths()[ord] as number;
  return {
    stageFocus: card.stageFocus,
    sectorFocus: card.sectorFocus,
    checkMin: card.checkMin ?? null,
    checkMax: card.checkMax ?? null,
    typicalCheque: facts.typicalCheque ?? null,
    leadOrFollow: facts.leadOrFollow ?? null,
    investsIn: facts.investsIn ?? [],
    countries: card.countries ?? [],
    cities: card.cities ?? [],
    investorConfirmedMonth: month === 0 ? null : monthText(month),
  };
}

/** Per value of a list column's table: the points a place earns (0: it does not cover the country). */
function placePoints(index: SearchIndex, country: string, words: FitWords): Int16Array {
  const { spellings } = index.data.investsIn;
  const count = spellings.offsets.length - 1;
  const points = new Int16Array(count);
  for (let id = 0; id < count; id++) {
    const coverage = words.coverage(stringAt(spellings, id), country);
    if (!coverage) continue;
    // Kept as a rank: the country itself and a region earn the same, worldwide less.
    points[id] = coverage.kind === 'world' ? 1 : 2;
  }
  return points;
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

/** Every investor's score for the raise, by the rule of shared/shortlist/fit.ts. */
export function fitScores(index: SearchIndex, raise: FitRaise, words: FitWords): Int16Array {
  const data = index.data;
  const n = index.size;
  const scores = new Int16Array(n);
  const P = FIT_POINTS;

  // Stage: whether each spelling is the round (none is when nobody invests at it: every investor
  // with stages then misses it).
  if (raise.round !== null) {
    const round = index.facetValueId('stage', raise.round);
    const { offsets, spellingIds, spellingValue } = data.facets.stage;
    const isRound = new Uint8Array(spellingValue.length);
    for (let id = 0; id < spellingValue.length; id++) isRound[id] = spellingValue[id] === round ? 1 : 0;
    for (let ord = 0; ord < n; ord++) {
      const from = offsets[ord] as number;
      const to = offsets[ord + 1] as number;
      if (from === to) continue;
      let hit = 0;
      for (let i = from; i < to && hit === 0; i++) hit = isRound[spellingIds[i] as number] as number;
      scores[ord] = (scores[ord] as number) + (hit === 1 ? P.stage.match : P.stage.miss);
    }
  }

  // Sectors: the distinct values in common. Each spelling's value marked once (1 wanted, 2 the
  // generalist), so the pass over the directory reads typed arrays only.
  const sectors = raiseSectors(raise);
  if (sectors.length > 0) {
    const { offsets, spellingIds, spellingValue } = data.facets.sector;
    const wanted = facetIds(index, 'sector', sectors);
    const generalist = index.facetValueId('sector', GENERALIST_SECTOR);
    const mark = new Uint8Array(spellingValue.length);
    for (let id = 0; id < spellingValue.length; id++) {
      const value = spellingValue[id] as number;
      mark[id] = wanted.has(value) ? 1 : value === generalist ? 2 : 0;
    }
    for (let ord = 0; ord < n; ord++) {
      const from = offsets[ord] as number;
      const to = offsets[ord + 1] as number;
      if (from === to) continue;
      let common = 0;
      let first = -1;
      let isGeneralist = false;
      for (let i = from; i < to; i++) {
        const spelling = spellingIds[i] as number;
        const marked = mark[spelling] as number;
        if (marked === 0) continue;
        if (marked === 2) {
          isGeneralist = true;
          continue;
        }
        const value = spellingValue[spelling] as number;
        if (common === 0) {
          common = 1;
          first = value;
        } else if (value !== first) common = 2;
      }
      const points =
        common > 0
          ? P.sector.first + (common > 1 ? P.sector.more : 0)
          : isGeneralist
            ? P.sector.generalist
            : P.sector.miss;
      scores[ord] = (scores[ord] as number) + points;
    }
  }

  // Cheque.
  const amount = raise.amountUsd;
  if (amount !== null && amount > 0) {
    const { checkMin, checkMax, typicalCheque } = data;
    const smallest = amount * SMALLEST_USEFUL_SHARE;
    for (let ord = 0; ord < n; ord++) {
      const low = checkMin[ord] as number;
      const high = checkMax[ord] as number;
      const typical = typicalCheque[ord] as number;
      const cheque = !Number.isNaN(typical)
        ? typical
        : !Number.isNaN(low) && !Number.isNaN(high)
          ? (low + high) / 2
          : !Number.isNaN(low)
            ? low
            : high;
      if (Number.isNaN(cheque)) continue;
      const points =
        !Number.isNaN(low) && low > amount
          ? P.cheque.tooLarge
          : cheque < smallest
            ? P.cheque.tooSmall
            : P.cheque.fits;
      scores[ord] = (scores[ord] as number) + points;
    }
  }

  // Location: where they invest, else where they are.
  if (raise.country !== null) {
    const places = placePoints(index, raise.country, words);
    const { offsets, spellingIds } = data.investsIn;
    const country = index.facetValueId('country', raise.country);
    const city = raise.city !== null ? index.facetValueId('city', raise.city) : -1;
    const countryColumn = data.facets.country;
    const cityColumn = data.facets.city;
    for (let ord = 0; ord < n; ord++) {
      const from = offsets[ord] as number;
      const to = offsets[ord + 1] as number;
      let points = 0;
      if (from < to) {
        let best = 0;
        for (let i = from; i < to && best < 2; i++) {
          const rank = places[spellingIds[i] as number] as number;
          if (rank > best) best = rank;
        }
        points = best === 2 ? P.location.investsIn : best === 1 ? P.location.worldwide : P.location.elsewhere;
      } else {
        if (city >= 0)
          for (let i = cityColumn.offsets[ord] as number; i < (cityColumn.offsets[ord + 1] as number); i++)
            if (cityColumn.spellingValue[cityColumn.spellingIds[i] as number] === city) {
              points = P.location.basedInCity;
              break;
            }
        if (points === 0 && country >= 0)
          for (
            let i = countryColumn.offsets[ord] as number;
            i < (countryColumn.offsets[ord + 1] as number);
            i++
          )
            if (countryColumn.spellingValue[countryColumn.spellingIds[i] as number] === country) {
              points = P.location.basedInCountry;
              break;
            }
      }
      scores[ord] = (scores[ord] as number) + points;
    }
  }

  // Lead: only when one is wanted (1 lead, 2 follow, 3 both).
  if (raise.leadWanted === true) {
    const { lead } = data;
    for (let ord = 0; ord < n; ord++) {
      const code = lead[ord] as number;
      if (code === 0) continue;
      scores[ord] = (scores[ord] as number) + (code === 2 ? P.lead.followsOnly : P.lead.leads);
    }
  }

  const months = index.investorConfirmedMonths();
  for (let ord = 0; ord < n; ord++)
    if (months[ord] !== 0) scores[ord] = (scores[ord] as number) + P.confirmed.byInvestor;
  return scores;
}

/** Forgets the rankings kept for an index (the bench measures every ranking as the first). */
export function forgetFitRankings(index: SearchIndex): void {
  held.delete(index);
}

/** The directory ranked for a raise: best first, ties in name order (kept for the next pages). */
export function rankByFit(index: SearchIndex, raise: FitRaise, words: FitWords): FitRanking {
  const entry = heldOf(index);
  const key = raiseFingerprint(raise);
  const kept = entry.rankings.get(key);
  if (kept) {
    entry.rankings.delete(key);
    entry.rankings.set(key, kept);
    return kept;
  }
  const scores = fitScores(index, raise, words);
  // A counting sort by score, best first; ords ascending (the name order) within a score.
  const starts = new Uint32Array(SCORES + 1);
  for (let ord = 0; ord < index.size; ord++) {
    const bucket = FIT_SCORE_MAX - (scores[ord] as number);
    starts[bucket + 1] = (starts[bucket + 1] as number) + 1;
  }
  for (let b = 0; b < SCORES; b++) starts[b + 1] = (starts[b + 1] as number) + (starts[b] as number);
  const fill = starts.slice(0, SCORES);
  const order = new Uint32Array(index.size);
  for (let ord = 0; ord < index.size; ord++) {
    const bucket = FIT_SCORE_MAX - (scores[ord] as number);
    order[fill[bucket] as number] = ord;
    fill[bucket] = (fill[bucket] as number) + 1;
  }
  const ranking = { scores, order, starts };
  entry.rankings.set(key, ranking);
  if (entry.rankings.size > RANKINGS_KEPT)
    entry.rankings.delete(entry.rankings.keys().next().value as string);
  return ranking;
}

const has = (bits: Uint32Array, ord: number): boolean =>
  ((bits[ord >>> 5] as number) & (1 << (ord & 31))) !== 0;

function popcount(bits: Uint32Array): number {
  let total = 0;
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i] as number;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

const encodeCursor = (fingerprint: string, score: number, key: string) =>
  encodeURIComponent(JSON.stringify(['fit', fingerprint, score, key]));

function decodeCursor(cursor: string, fingerprint: string): { score: number; key: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(cursor));
  } catch {
    throw new InvalidFitCursorError('The cursor is not one this shortlist gave.');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    parsed[0] !== 'fit' ||
    parsed[1] !== fingerprint ||
    !Number.isInteger(parsed[2]) ||
    (parsed[2] as number) < FIT_SCORE_MIN ||
    (parsed[2] as number) > FIT_SCORE_MAX ||
    typeof parsed[3] !== 'string'
  )
    throw new InvalidFitCursorError('The cursor does not belong to this shortlist.');
  return { score: parsed[2] as number, key: parsed[3] };
}

/** The first position of the ranking after (score, name key): lower scores, or the same score later in name order. */
function positionAfter(index: SearchIndex, ranking: FitRanking, score: number, key: string): number {
  const bucket = FIT_SCORE_MAX - score;
  let lo = ranking.starts[bucket] as number;
  let hi = ranking.starts[bucket + 1] as number;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareStrings(index.nameKey(ranking.order[mid] as number), key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface FitPageOptions {
  /** The usual filters narrow the list (role, country, has email…). */
  filters: SearchFilters;
  /** Ords left out (the founder's choice: investors bought, or passed on). */
  leaveOut: ReadonlySet<number>;
  cursor: string | null;
  limit: number;
}

/**
 * One page of the ranked directory, after the cursor: each investor with its score and reasons. The
 * cursor holds the last investor's score and name key, so paging never repeats or skips one, even
 * when the snapshot is replaced between pages (an investor whose score changed meanwhile moves).
 */
export function fitPage(
  index: SearchIndex,
  raise: FitRaise,
  words: FitWords,
  options: FitPageOptions,
): FitPage {
  const fingerprint = raiseFingerprint(raise);
  const at = options.cursor === null ? null : decodeCursor(options.cursor, fingerprint);
  const ranking = rankByFit(index, raise, words);
  const matches = index.matching(options.filters);
  let leftOut = 0;
  for (const ord of options.leaveOut)
    if (ord >= 0 && ord < index.size && (!matches || has(matches, ord))) leftOut++;
  const total = (matches ? popcount(matches) : index.size) - leftOut;
  const kept = (ord: number) => (!matches || has(matches, ord)) && !options.leaveOut.has(ord);

  const items: FitPageItem[] = [];
  let position = at === null ? 0 : positionAfter(index, ranking, at.score, at.key);
  let last = -1;
  for (; position < index.size && items.length < options.limit; position++) {
    const ord = ranking.order[position] as number;
    if (!kept(ord)) continue;
    const card = index.card(ord);
    const result = scoreFit(raise, fitInvestorAt(index, ord, card), words);
    items.push({ investor: card, score: ranking.scores[ord] as number, reasons: result.reasons });
    last = ord;
  }
  let more = false;
  for (; position < index.size && !more; position++) more = kept(ranking.order[position] as number);
  return {
    items,
    total,
    cursor:
      more && last >= 0
        ? encodeCursor(fingerprint, ranking.scores[last] as number, index.nameKey(last))
        : null,
  };
}
