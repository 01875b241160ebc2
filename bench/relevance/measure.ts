/**
 * The judged relevance benchmark (issue 49; `BENCH_ONLY=relevance npm run bench`): the product's
 * shortlist ranking (shared/search/fit-rank.ts over the search index, as the shortlist function
 * answers) and its search (the index's public `page`) measured against what the judge (./judge.ts,
 * written apart) says a founder accepts, on the local seed's demo directory and on the bench's
 * synthetic directory.
 *
 * For each raise: precision at 10 and at 20 of the shortlist as listed (the rest hidden), recall of
 * the judge's full fits among the first N (N = how many full fits there are), and the rank of the
 * best local fit. For each search: padding, the total answered ÷ the true matches; for a misspelt
 * name, whether the person meant comes first.
 */
import { SHORTLIST_PAGE_SIZE } from '../../shared/api/shortlist';
import { SearchIndex } from '../../shared/search/engine';
import { fitPage, rankByFit } from '../../shared/search/fit-rank';
import { buildIndexData, type IndexedInvestor, stringAt } from '../../shared/search/index-data';
import { fitWords } from '../../shared/shortlist/places-port';
import { DEFAULT_TAXONOMY } from '../../shared/taxonomy/taxonomy';
import { taxonomyVocabulary } from '../../shared/taxonomy/vocabulary';
import { personCase, QUERY_CASES, RAISE_CASES } from './cases';
import { bestLocalFits, firstRankOf, isFullFit, precisionAt, recallAt, trulyMatches } from './judge';

/** The budgets of issue 49. */
export const RELEVANCE_BUDGETS = {
  /** Precision at 20, for every raise with at least `precisionFrom` full fits in the directory. */
  precisionAt20: 0.9,
  precisionFrom: 20,
  /** Recall of the full fits in the top N. */
  recall: 0.6,
  /** The total a search answers ÷ its true matches. */
  padding: 1.1,
  /** The best local fit is on the first page (not in the issue: ours, decisions.md). */
  bestLocalRank: SHORTLIST_PAGE_SIZE,
} as const;

export interface RaiseFigure {
  label: string;
  fullFits: number;
  /** The shortlist's own bands. */
  bands: { fit: number; partial: number; other: number };
  precision10: number;
  precision20: number;
  /** N, and the recall of the full fits in the top N. */
  recallN: number;
  recall: number;
  /** The rank of the best local fit (null: the judge found none, or the shortlist does not list it). */
  bestLocalRank: number | null;
  hasBestLocal: boolean;
  /** The judge's full fits the shortlist does not call fits, and its fits the judge does not accept. */
  fitsMissed: number;
  fitsWrong: number;
  /** Of neighbours judged alike, the share in name order (ords are name order): 1 would be the alphabet. */
  tiesInNameOrder: number;
}

export interface QueryFigure {
  label: string;
  q: string;
  total: number;
  trueMatches: number;
  /** Of the true matches, how many the search answers. */
  found: number;
  padding: number;
  /** For a person: the first answer is the person meant, and who came first. */
  firstIsMeant?: boolean;
  firstName?: string;
}

export interface DirectoryFigures {
  directory: string;
  investors: number;
  raises: RaiseFigure[];
  queries: QueryFigure[];
}

/**
 * Every id the shortlist lists for the raise, best first (the rest hidden, as a founder first sees
 * it), and the share of neighbours judged alike (the same rank key) that are in name order.
 */
function listed(
  index: SearchIndex,
  raise: (typeof RAISE_CASES)[number]['raise'],
): { ids: string[]; tiesInNameOrder: number } {
  const ranking = rankByFit(index, raise, fitWords);
  const ids: string[] = [];
  for (let i = 0; i < ranking.order.length; i++) {
    const ord = ranking.order[i] as number;
    if (ranking.bands[ord] === 0) break;
    ids.push(stringAt(index.data.ids, ord));
  }
  let alike = 0;
  let ascending = 0;
  for (let i = 1; i < ranking.order.length; i++) {
    const a = ranking.order[i - 1] as number;
    const b = ranking.order[i] as number;
    if (ranking.keys[a] !== ranking.keys[b]) continue;
    alike++;
    if (a < b) ascending++;
  }
  return { ids, tiesInNameOrder: alike === 0 ? 0 : ascending / alike };
}

/** All ids of a search, in its order (paged as the API pages it, in the order a founder typing gets: Best match). */
function searched(index: SearchIndex, q: string): { ids: string[]; total: number; first?: string } {
  const ids: string[] = [];
  let first: string | undefined;
  let cursor: string | null = null;
  let total = 0;
  do {
    const page = index.page({ q }, 'best', cursor, 1000);
    total = page.total;
    for (const item of page.items) ids.push(item.id);
    first ??= page.items[0]?.name;
    cursor = page.cursor;
  } while (cursor !== null);
  return { ids, total, ...(first === undefined ? {} : { first }) };
}

export function measureRelevance(directory: string, investors: readonly IndexedInvestor[]): DirectoryFigures {
  const index = new SearchIndex(
    buildIndexData(investors, {
      builtAt: new Date('2026-11-01T00:00:00Z'),
      // The search box's words, as the aggregation builds them: the taxonomy's synonyms and places.
      vocabulary: taxonomyVocabulary(DEFAULT_TAXONOMY),
    }),
  );
  const raises: RaiseFigure[] = [];
  for (const { label, raise } of RAISE_CASES) {
    const accepted = new Set(investors.filter((i) => isFullFit(raise, i)).map((i) => i.card.id));
    const { ids: ranked, tiesInNameOrder } = listed(index, raise);
    // The first page as the API answers it (its counts are the bands).
    const first = fitPage(index, raise, fitWords, {
      filters: {},
      leaveOut: new Set(),
      rest: 'hide',
      cursor: null,
      limit: SHORTLIST_PAGE_SIZE,
    });
    const pageIds = first.items.map((item) => item.investor.id);
    if (pageIds.some((id, i) => id !== ranked[i]))
      throw new Error(`${label}: the first page is not the ranking's start`);
    const modelFits = new Set(first.items.length === 0 ? [] : ranked.slice(0, first.counts.fit));
    const n = Math.max(1, accepted.size);
    const best = bestLocalFits(raise, investors);
    raises.push({
      label,
      fullFits: accepted.size,
      bands: first.counts,
      precision10: precisionAt(10, ranked, accepted),
      precision20: precisionAt(20, ranked, accepted),
      recallN: n,
      recall: recallAt(n, ranked, accepted),
      bestLocalRank: firstRankOf(ranked, best),
      hasBestLocal: best.size > 0,
      fitsMissed: [...accepted].filter((id) => !modelFits.has(id)).length,
      fitsWrong: [...modelFits].filter((id) => !accepted.has(id)).length,
      tiesInNameOrder,
    });
  }
  const queries: QueryFigure[] = [];
  const person = personCase(investors);
  for (const query of [...QUERY_CASES, person]) {
    const truth = new Set(
      investors.filter((i) => trulyMatches(query.q, query.meaning, i)).map((i) => i.card.id),
    );
    const { ids, total, first } = searched(index, query.q);
    const found = ids.filter((id) => truth.has(id)).length;
    queries.push({
      label: query.label,
      q: query.q,
      total,
      trueMatches: truth.size,
      found,
      padding: truth.size === 0 ? (total === 0 ? 1 : Number.POSITIVE_INFINITY) : total / truth.size,
      ...('person' in query.meaning
        ? {
            firstIsMeant: ids[0] === query.meaning.person,
            ...(first === undefined ? {} : { firstName: first }),
          }
        : {}),
    });
  }
  return { directory, investors: index.size, raises, queries };
}
