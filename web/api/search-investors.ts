import { useInfiniteQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { SEARCH_MAX_PAGE_SIZE, SEARCH_PAGE_SIZE, searchInvestorsResponse } from '../../shared/api/directory';
import type { CartInvestor } from '../../shared/cart/cart';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

export type SearchField = 'stageFocus' | 'sectorFocus';

export interface InvestorSearch {
  field: SearchField;
  tag: string;
}

/** GET /investors?stageFocus=…|sectorFocus=…&cursor=…: one page of a tag search, alphabetical by name. */
export function searchInvestors(search: InvestorSearch, cursor: string | null, signal?: AbortSignal) {
  return apiRequest(searchInvestorsResponse, '/investors', {
    query: { [search.field]: search.tag, cursor, limit: SEARCH_PAGE_SIZE },
    signal,
  });
}

type SearchPage = z.infer<typeof searchInvestorsResponse>;

/**
 * Every result of a search, in name order, up to `max` (the largest pages the API serves, one after
 * another): what "Add all results" adds from.
 */
export async function searchAllInvestors(search: InvestorSearch, max: number, signal?: AbortSignal) {
  const items: CartInvestor[] = [];
  let cursor: string | null = null;
  do {
    const page: SearchPage = await apiRequest(searchInvestorsResponse, '/investors', {
      query: { [search.field]: search.tag, cursor, limit: SEARCH_MAX_PAGE_SIZE },
      signal,
    });
    items.push(...page.items);
    cursor = page.cursor ?? null;
  } while (cursor !== null && items.length < max);
  return items.slice(0, max);
}

/** The search's pages, loaded one by one with the cursor; disabled without a search. */
export function useInvestorSearch(search: InvestorSearch | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.investorSearch(search?.field ?? 'stageFocus', search?.tag ?? ''),
    queryFn: ({ pageParam, signal }) => {
      if (!search) throw new Error('No search');
      return searchInvestors(search, pageParam, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    enabled: search !== null,
  });
}
