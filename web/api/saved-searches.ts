import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateSavedSearchBody,
  deleteSavedSearchResponse,
  listSavedSearchesResponse,
  openSavedSearchResponse,
  SHORTLIST_PAGE_SIZE,
  savedSearchViewSchema,
  searchAlertsResponse,
} from '../../shared/api/shortlist';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /me/saved-searches: the founder's saved searches with what is new in each, and the alert's switch. */
export function useSavedSearches() {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.savedSearches(user?.userId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(listSavedSearchesResponse, '/me/saved-searches', { auth: true, signal }),
    enabled: user !== null,
  });
}

function useRefreshSavedSearches() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () => {
    if (user)
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches(user.userId), exact: true });
  };
}

/** POST /me/saved-searches: saves a search, or a project's shortlist, under a name. */
export function useSaveSearch() {
  const refresh = useRefreshSavedSearches();
  return useMutation({
    mutationFn: (body: CreateSavedSearchBody) =>
      apiRequest(savedSearchViewSchema, '/me/saved-searches', { method: 'POST', body, auth: true }),
    onSuccess: refresh,
  });
}

/** PATCH /me/saved-searches/{id}: a new name. */
export function useRenameSavedSearch() {
  const refresh = useRefreshSavedSearches();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest(savedSearchViewSchema, `/me/saved-searches/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { name },
        auth: true,
      }),
    onSuccess: refresh,
  });
}

/** DELETE /me/saved-searches/{id}. */
export function useDeleteSavedSearch() {
  const refresh = useRefreshSavedSearches();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(deleteSavedSearchResponse, `/me/saved-searches/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        auth: true,
      }),
    onSuccess: refresh,
  });
}

/** PUT /me/search-alerts: the weekly email of new investors in saved searches, on or off. */
export function useSetSearchAlerts() {
  const refresh = useRefreshSavedSearches();
  return useMutation({
    mutationFn: (on: boolean) =>
      apiRequest(searchAlertsResponse, '/me/search-alerts', { method: 'PUT', body: { on }, auth: true }),
    onSuccess: refresh,
  });
}

/**
 * GET /me/saved-searches/{id}/investors: opens a saved search (the first page records the opening),
 * its investors a page at a time, the new ones marked or, with `onlyNew`, alone.
 */
export function useOpenSavedSearch(id: string | undefined, onlyNew: boolean) {
  const { user } = useAuth();
  const refresh = useRefreshSavedSearches();
  return useInfiniteQuery({
    queryKey: queryKeys.openedSavedSearch(user?.userId ?? '', id ?? '', onlyNew),
    queryFn: async ({ pageParam, signal }) => {
      const page = await apiRequest(
        openSavedSearchResponse,
        `/me/saved-searches/${encodeURIComponent(id ?? '')}/investors`,
        {
          query: { cursor: pageParam, limit: SHORTLIST_PAGE_SIZE, ...(onlyNew ? { only: 'new' } : {}) },
          auth: true,
          signal,
        },
      );
      if (pageParam === null) refresh();
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    enabled: user !== null && Boolean(id),
    // An opening is recorded once: the page keeps what it was shown until it is opened again.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
