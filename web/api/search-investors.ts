import { useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_PAGE_SIZE, searchInvestorsResponse } from '../../shared/api/directory';
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
