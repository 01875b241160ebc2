/**
 * The engines the search bench compares, each behind the same small interface: what the directory
 * function needs (a first page of any combination of filters and typed words, facet counts, a
 * suggestion) from a stored form that a cold function loads.
 *
 * - `today`: the engine before issue 34 (bench/baseline/engine-v1.ts) over the gzip JSON snapshot.
 * - `ours`: shared/search/engine.ts over the binary snapshot (shared/search/binary.ts), gzipped.
 * - `minisearch`: MiniSearch 7 for the words (fuzzy and prefix as the box asks, fields boosted name >
 *   firm > tags > thesis), stored as its own JSON beside the JSON cards; filters and facets by
 *   MiniSearch's `filter` over the cards and one pass over its results (it has no facets).
 * - `orama`: Orama 3 (words with `tolerance`, `where` filters, `facets`, `sortBy`), stored with its
 *   `save` as JSON.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  create,
  insertMultiple,
  load as loadOrama,
  save as saveOrama,
  search as searchOrama,
} from '@orama/orama';
import MiniSearch from 'minisearch';
import { SHORTLIST_PAGE_SIZE } from '../shared/api/shortlist';
import { investorRoleLabel } from '../shared/investors/roles';
import type { Connection } from '../shared/network/connections';
import { KeptNetworkIndexes } from '../shared/network/kept-index';
import { indexConnections, warmPathText, warmPeople } from '../shared/network/match';
import { SearchIndex } from '../shared/search/engine';
import { facetValueKey, type SearchFilters } from '../shared/search/filters';
import { fitPage, forgetFitRankings } from '../shared/search/fit-rank';
import { foldText, typoBudget } from '../shared/search/fold';
import { buildIndexData, type IndexedInvestor } from '../shared/search/index-data';
import {
  decodeSnapshot,
  decodeStoredSnapshot,
  encodeSnapshot,
  encodeStoredSnapshot,
} from '../shared/search/snapshot';
import type { FitRaise } from '../shared/shortlist/fit';
import { fitWords } from '../shared/shortlist/places-port';
import { SearchIndex as TodaysIndex } from './baseline/engine-v1';

export const PAGE = 50;

export interface LoadedEngine {
  /** `didYouMean`: the words the engine offers instead, when it has a way to (ours). */
  page(filters: SearchFilters): { ids: string[]; total: number; didYouMean?: string | null };
  /** The first page of the directory ranked by fit for a raise (issue 35); absent: the engine cannot. */
  shortlist?(
    raise: FitRaise,
    filters: SearchFilters,
    connections?: number,
    keptIndex?: boolean,
  ): { ids: string[]; total: number; warmPaths?: number };
  facets(filters: SearchFilters): unknown;
  /** Labels of the suggestions for a prefix; null when the engine has no way to suggest. */
  suggest(q: string): string[] | null;
}

export interface BenchEngine {
  name: EngineName;
  /** The stored form, from the investors: what the aggregation would write. */
  store(investors: IndexedInvestor[]): Buffer;
  /** From the stored bytes (in memory): decompress, decode, build; what a cold function pays. */
  load(stored: Buffer): LoadedEngine;
}

export const ENGINE_NAMES = ['today', 'ours', 'minisearch', 'orama'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

const gz = (text: string | Uint8Array) => gzipSync(text, { level: 6 });

// ------------------------------------------------------------------ today and ours

const today: BenchEngine = {
  name: 'today',
  store: (investors) => gz(JSON.stringify(encodeSnapshot(investors, new Date('2026-11-01T00:00:00Z')))),
  load(stored) {
    const index = new TodaysIndex(decodeSnapshot(JSON.parse(gunzipSync(stored).toString('utf8'))).investors);
    return {
      page: (filters) => {
        const result = index.page(filters, 'name', null, PAGE);
        return { ids: result.items.map((item) => item.id), total: result.total };
      },
      facets: (filters) => index.facets(filters),
      suggest: () => null,
    };
  },
};

const ours: BenchEngine = {
  name: 'ours',
  store: (investors) =>
    gz(encodeStoredSnapshot(buildIndexData(investors, { builtAt: new Date('2026-11-01T00:00:00Z') }))),
  load(stored) {
    const index = new SearchIndex(decodeStoredSnapshot(gunzipSync(stored)));
    // Every call as the first of its kind: without the answers the index keeps for repeated searches.
    return {
      page: (filters) => {
        index.clearCaches();
        const result = index.page(filters, 'name', null, PAGE);
        return {
          ids: result.items.map((item) => item.id),
          total: result.total,
          didYouMean: result.didYouMean ?? null,
        };
      },
      facets: (filters) => {
        index.clearCaches();
        return index.facets(filters);
      },
      suggest: (q) => {
        index.clearCaches();
        return index.suggest(q).map((s) => s.label);
      },
      // The whole directory scored for the raise, ordered, and its first page worded: every call
      // ranks afresh (the next pages of a shortlist reuse the ranking; this is its first page).
      shortlist: (raise, filters, connections = 0, keptIndex = false) => {
        index.clearCaches();
        forgetFitRankings(index);
        const result = fitPage(index, raise, fitWords, {
          filters,
          leaveOut: new Set(),
          rest: 'hide',
          cursor: null,
          limit: SHORTLIST_PAGE_SIZE,
        });
        const ids = result.items.map((item) => item.investor.id);
        if (connections === 0) return { ids, total: result.total };
        // As the request does once its Query read them: the founder's connections indexed (or, at
        // a warm function's later calls, the index it kept for the founder), then each investor of
        // the page matched (person, firm, portfolio) and its reason worded.
        const stamp = `${index.data.size}:${connections}`;
        const network = keptIndex
          ? (benchKept.get(BENCH_FOUNDER, stamp) ??
            benchKept.keep(BENCH_FOUNDER, stamp, indexConnections(benchConnections(index, connections))))
          : indexConnections(benchConnections(index, connections));
        let warmPaths = 0;
        for (const item of result.items) {
          const people = warmPeople(network, {
            id: item.investor.id,
            name: item.investor.name,
            firmName: item.investor.firmName ?? null,
            portfolio: benchPortfolio(index.ordOf(item.investor.id)),
          });
          if (warmPathText(people) !== null) warmPaths++;
        }
        return { ids, total: result.total, warmPaths };
      },
    };
  },
};

/** The bench founder's connections as a warm function keeps them indexed (lambdas/lib/network/network.ts). */
const benchKept = new KeptNetworkIndexes();
const BENCH_FOUNDER = 'bench-founder';

/** The companies a bench investor's profile names: five of the connections' companies (the sheets are read from the table in a request). */
const benchPortfolio = (ord: number): string[] =>
  Array.from({ length: 5 }, (_, i) => `Company ${(ord * 31 + i * 997) % 5_000}`);

const connectionsOf = new WeakMap<SearchIndex, Map<number, Connection[]>>();
/**
 * A founder's connections drawn from the directory (built once, outside the timing): a third are
 * investors themselves (their name and firm), a third their colleagues, a third people at companies.
 */
function benchConnections(index: SearchIndex, count: number): Connection[] {
  const bySize = connectionsOf.get(index) ?? new Map<number, Connection[]>();
  connectionsOf.set(index, bySize);
  const kept = bySize.get(count);
  if (kept) return kept;
  const size = index.data.size;
  const connections = Array.from({ length: count }, (_, i): Connection => {
    const card = index.card((i * 7_919) % size);
    const kind = i % 3;
    return {
      name: kind === 0 ? card.name : `Person${i} Surname${i}`,
      company: kind === 2 ? `Company ${i}` : (card.firmName ?? null),
      position: kind === 1 ? 'Partner' : kind === 2 ? 'Founder' : null,
      email: null,
      linkedinUrl: null,
    };
  });
  bySize.set(count, connections);
  return connections;
}

// ------------------------------------------------------------------ the cards, for the libraries' filters and facets

interface Card {
  id: string;
  nameKey: string;
  role: string;
  stages: string[];
  sectors: string[];
  countries: string[];
  cities: string[];
  checkMin: number | null;
  checkMax: number | null;
  flags: { email: boolean; linkedin: boolean; phone: boolean };
}

function cardOf({ card }: IndexedInvestor): Card {
  return {
    id: card.id,
    nameKey: `${foldText(card.name)}\u0000${card.id}`,
    role: card.investorRole,
    stages: card.stageFocus.map((v) => facetValueKey('stage', v)),
    sectors: card.sectorFocus.map((v) => facetValueKey('sector', v)),
    countries: (card.countries ?? []).map((v) => facetValueKey('country', v)),
    cities: (card.cities ?? []).map((v) => facetValueKey('city', v)),
    checkMin: card.checkMin ?? null,
    checkMax: card.checkMax ?? null,
    flags: { email: card.hasEmail, linkedin: card.hasLinkedIn, phone: card.hasPhone },
  };
}

function keeps(card: Card, filters: SearchFilters): boolean {
  if (filters.role !== undefined && card.role !== filters.role) return false;
  if (filters.stage !== undefined && !card.stages.includes(facetValueKey('stage', filters.stage)))
    return false;
  if (filters.sector !== undefined && !card.sectors.includes(facetValueKey('sector', filters.sector)))
    return false;
  if (filters.country !== undefined && !card.countries.includes(facetValueKey('country', filters.country)))
    return false;
  if (filters.city !== undefined && !card.cities.includes(facetValueKey('city', filters.city))) return false;
  for (const kind of filters.has ?? []) if (kind !== 'deployed' && !card.flags[kind]) return false;
  if (filters.checkMin !== undefined || filters.checkMax !== undefined) {
    if (card.checkMin === null && card.checkMax === null) return false;
    if (card.checkMax !== null && card.checkMax < (filters.checkMin ?? -Infinity)) return false;
    if (card.checkMin !== null && card.checkMin > (filters.checkMax ?? Infinity)) return false;
  }
  return true;
}

const FACET_FIELDS = ['role', 'stages', 'sectors', 'countries', 'cities'] as const;

/** Facet counts the way a library without facets gets them: one pass over the matching cards. */
function countFacets(cards: Iterable<Card>) {
  const counts = Object.fromEntries(FACET_FIELDS.map((f) => [f, new Map<string, number>()])) as Record<
    (typeof FACET_FIELDS)[number],
    Map<string, number>
  >;
  let total = 0;
  for (const card of cards) {
    total++;
    for (const field of FACET_FIELDS) {
      const values = field === 'role' ? [card.role] : card[field];
      const map = counts[field];
      for (const value of new Set(values)) map.set(value, (map.get(value) ?? 0) + 1);
    }
  }
  return { total, counts };
}

const tagsText = ({ card }: IndexedInvestor) =>
  [
    investorRoleLabel(card.investorRole),
    ...card.stageFocus,
    ...card.sectorFocus,
    ...(card.countries ?? []),
    ...(card.cities ?? []),
  ].join(' ; ');

// ------------------------------------------------------------------ MiniSearch

const MINISEARCH_OPTIONS = {
  idField: 'ord',
  fields: ['name', 'firm', 'tags', 'thesis'],
  processTerm: (term: string) => foldText(term) || null,
  searchOptions: {
    boost: { name: 4, firm: 3, tags: 2, thesis: 1 },
    prefix: true,
    // The box's rule: one typo from 5 letters, two from 9.
    fuzzy: (term: string) => typoBudget(term),
    combineWith: 'AND' as const,
  },
};

const minisearch: BenchEngine = {
  name: 'minisearch',
  store(investors) {
    const index = new MiniSearch(MINISEARCH_OPTIONS);
    index.addAll(
      investors.map((investor, ord) => ({
        ord,
        name: investor.card.name,
        firm: investor.card.firmName ?? '',
        tags: tagsText(investor),
        thesis: investor.thesis ?? '',
      })),
    );
    const cards = encodeSnapshot(investors, new Date('2026-11-01T00:00:00Z'));
    // Two documents in one gzip: MiniSearch's JSON, a newline, the cards' JSON.
    return gz(`${JSON.stringify(index)}\n${JSON.stringify(cards)}`);
  },
  load(stored) {
    const text = gunzipSync(stored).toString('utf8');
    const split = text.indexOf('\n');
    const index = MiniSearch.loadJSON(text.slice(0, split), MINISEARCH_OPTIONS);
    const cards = decodeSnapshot(JSON.parse(text.slice(split + 1))).investors.map(cardOf);
    const byName = cards
      .map((_, ord) => ord)
      .sort((a, b) => ((cards[a] as Card).nameKey < (cards[b] as Card).nameKey ? -1 : 1));
    const matching = (filters: SearchFilters): number[] => {
      if (filters.q)
        return index
          .search(filters.q, { filter: (result) => keeps(cards[result.id as number] as Card, filters) })
          .map((result) => result.id as number);
      // No words: every card that keeps the filters, by name (MiniSearch's wildcard would score them all alike).
      return byName.filter((ord) => keeps(cards[ord] as Card, filters));
    };
    return {
      page: (filters) => {
        const ords = matching(filters);
        return { ids: ords.slice(0, PAGE).map((ord) => (cards[ord] as Card).id), total: ords.length };
      },
      facets: (filters) => countFacets(matching(filters).map((ord) => cards[ord] as Card)),
      suggest: (q) =>
        index
          .autoSuggest(q, { fuzzy: (term: string) => typoBudget(term), prefix: true })
          .slice(0, 5)
          .map((s) => s.suggestion),
    };
  },
};

// ------------------------------------------------------------------ Orama

const ORAMA_SCHEMA = {
  name: 'string',
  firm: 'string',
  tags: 'string',
  thesis: 'string',
  nameKey: 'string',
  role: 'enum',
  stages: 'enum[]',
  sectors: 'enum[]',
  countries: 'enum[]',
  cities: 'enum[]',
  checkLow: 'number',
  checkHigh: 'number',
  hasCheque: 'boolean',
  hasEmail: 'boolean',
  hasLinkedIn: 'boolean',
  hasPhone: 'boolean',
  cardId: 'string',
} as const;

const newOrama = () => create({ schema: ORAMA_SCHEMA });

function oramaWhere(filters: SearchFilters) {
  const where: Record<string, unknown> = {};
  if (filters.role !== undefined) where.role = { eq: filters.role };
  if (filters.stage !== undefined) where.stages = { containsAll: [facetValueKey('stage', filters.stage)] };
  if (filters.sector !== undefined)
    where.sectors = { containsAll: [facetValueKey('sector', filters.sector)] };
  if (filters.country !== undefined)
    where.countries = { containsAll: [facetValueKey('country', filters.country)] };
  if (filters.city !== undefined) where.cities = { containsAll: [facetValueKey('city', filters.city)] };
  for (const kind of filters.has ?? [])
    where[kind === 'email' ? 'hasEmail' : kind === 'phone' ? 'hasPhone' : 'hasLinkedIn'] = true;
  if (filters.checkMin !== undefined || filters.checkMax !== undefined) {
    where.hasCheque = true;
    if (filters.checkMin !== undefined) where.checkHigh = { gte: filters.checkMin };
    if (filters.checkMax !== undefined) where.checkLow = { lte: filters.checkMax };
  }
  return where;
}

const orama: BenchEngine = {
  name: 'orama',
  store(investors) {
    const db = newOrama();
    // insertMultiple is synchronous for a synchronous schema (no async components).
    void insertMultiple(
      db,
      investors.map((investor) => {
        const card = cardOf(investor);
        return {
          name: investor.card.name,
          firm: investor.card.firmName ?? '',
          tags: tagsText(investor),
          thesis: investor.thesis ?? '',
          nameKey: card.nameKey,
          role: card.role,
          stages: card.stages,
          sectors: card.sectors,
          countries: card.countries,
          cities: card.cities,
          checkLow: card.checkMin ?? 0,
          checkHigh: card.checkMax ?? 1e12,
          hasCheque: card.checkMin !== null || card.checkMax !== null,
          hasEmail: card.flags.email,
          hasLinkedIn: card.flags.linkedin,
          hasPhone: card.flags.phone,
          cardId: card.id,
        };
      }),
      5_000,
    );
    return gz(JSON.stringify(saveOrama(db)));
  },
  load(stored) {
    const db = newOrama();
    loadOrama(db, JSON.parse(gunzipSync(stored).toString('utf8')));
    const run = (filters: SearchFilters, extra: Record<string, unknown>) =>
      searchOrama(db, {
        ...(filters.q
          ? {
              term: filters.q,
              properties: ['name', 'firm', 'tags', 'thesis'],
              tolerance: typoBudget(filters.q.split(' ').pop() ?? ''),
            }
          : {}),
        where: oramaWhere(filters),
        ...(filters.q ? {} : { sortBy: { property: 'nameKey', order: 'ASC' } }),
        ...extra,
      } as never) as unknown as { count: number; hits: { document: { cardId: string } }[]; facets?: unknown };
    return {
      page: (filters) => {
        const result = run(filters, { limit: PAGE });
        return { ids: result.hits.map((hit) => hit.document.cardId), total: result.count };
      },
      facets: (filters) =>
        run(filters, {
          limit: 0,
          facets: {
            role: {},
            stages: { limit: 30 },
            sectors: { limit: 30 },
            countries: { limit: 30 },
            cities: { limit: 30 },
          },
        }).facets,
      suggest: (q) =>
        (
          searchOrama(db, { term: q, properties: ['name', 'firm'], limit: 5 } as never) as unknown as {
            hits: { document: { name: string } }[];
          }
        ).hits.map((hit) => hit.document.name),
    };
  },
};

export const ENGINES: Record<EngineName, BenchEngine> = { today, ours, minisearch, orama };
