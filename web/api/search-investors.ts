import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  searchFacetsResponse,
  searchInvestorsResponse,
  suggestionsResponse,
} from '../../shared/api/directory';
import type { CartInvestor } from '../../shared/cart/cart';
import { type InvestorSearch, paramsOf } from '../pages/investor-search/search-params';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

const queryOf = (search: InvestorSearch) => Object.fromEntries(paramsOf(search));

/** GET /investors?…filters&sort=…&cursor=…: one page of a search. */
export function searchInvestors(search: InvestorSearch, cursor: string | null, signal?: AbortSignal) {
  return apiRequest(searchInvestorsResponse, '/investors', {
    query: { ...queryOf(search), cursor, limit: SEARCH_PAGE_SIZE },
    signal,
  });
}

type SearchPage = z.infer<typeof searchInvestorsResponse>;

/**
 * Every result of a search, in its order, up to `max` (the largest pages the API serves, one after
 * another): what "Add all results" adds from.
 */
export async function searchAllInvestors(search: InvestorSearch, max: number, signal?: AbortSignal) {
  const items: CartInvestor[] = [];
  let cursor: string | null = null;
  do {
    const page: SearchPage = await apiRequest(searchInvestorsResponse, '/investors', {
      query: { ...queryOf(search), cursor, limit: SEARCH_MAX_PAGE_SIZE },
      signal,
    });
    items.push(...page.items);
    cursor = page.cursor ?? null;
  } while (cursor !== null && items.length < max);
  return items.slice(0, max);
}

/** Whether a search hook asks the API yet (the page may hold it while the search's spelling settles). */
interface SearchHookOptions {
  enabled?: boolean;
}

/** The search's pages, loaded one by one with the cursor; disabled without a search. */
export function useInvestorSearch(search: InvestorSearch | null, { enabled = true }: SearchHookOptions = {}) {
  return useInfiniteQuery({
    queryKey: queryKeys.investorSearch(search ? paramsOf(search).toString() : ''),
    queryFn: ({ pageParam, signal }) => {
      if (!search) throw new Error('No search');
      return searchInvestors(search, pageParam, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    enabled: enabled && search !== null,
  });
}

/** GET /directory/facets: counts beside each filter value for the search (the whole directory without one). */
export function useSearchFacets(search: InvestorSearch | null, { enabled = true }: SearchHookOptions = {}) {
  const { sort: _sort, ...filters } = search ?? {};
  const query = Object.fromEntries(paramsOf(filters));
  return useQuery({
    queryKey: queryKeys.searchFacets(paramsOf(filters).toString()),
    queryFn: ({ signal }) => apiRequest(searchFacetsResponse, '/directory/facets', { query, signal }),
    enabled,
    // While a new filter's counts load, the old ones stay (no panel jumping).
    placeholderData: keepPreviousData,
  });
}

/** Fewest characters typed before the box asks for suggestions. */
export const SUGGEST_FROM_CHARACTERS = 2;

/**
 * GET /directory/suggestions?q=…: what the box suggests for the words typed so far (investors,
 * firms, sectors, stages, places); nothing below {@link SUGGEST_FROM_CHARACTERS} characters. The
 * previous answer stays while the next loads, so the list does not flicker as the founder types.
 */
export function useSearchSuggestions(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: queryKeys.searchSuggestions(q),
    queryFn: ({ signal }) =>
      apiRequest(suggestionsResponse, '/directory/suggestions', { query: { q }, signal }),
    enabled: q.length >= SUGGEST_FROM_CHARACTERS,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
