import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { boughtContactResponse, boughtInvestorsResponse, contactsResponse } from '../../shared/api/account';
import { DEFAULT_DIRECTION, type LibrarySort, type SortDirection } from '../../shared/library/library-query';
import { useAuth } from '../auth/auth-provider';
import { apiRequest, isNotFound } from './client';
import { queryKeys } from './query-keys';

/** What the library page asks for: the search, the order and its direction. */
export interface LibraryView {
  readonly q: string;
  readonly sort: LibrarySort;
  readonly order: SortDirection;
}

export const DEFAULT_LIBRARY_VIEW: LibraryView = { q: '', sort: 'name', order: DEFAULT_DIRECTION.name };

/** GET /me/contacts: one page of the caller's contact library (bought contacts, in full). */
export function getMyContacts(view: LibraryView, cursor: string | null, signal?: AbortSignal) {
  return apiRequest(contactsResponse, '/me/contacts', {
    auth: true,
    query: { q: view.q.trim() || undefined, sort: view.sort, order: view.order, cursor },
    signal,
  });
}

/** A founder's records: an investor account has none (the API refuses it). */
function useFounder() {
  const { user, isInvestor } = useAuth();
  return { userId: user?.userId ?? '', enabled: user !== null && !isInvestor };
}

/**
 * The library's pages for a search and an order, loaded one by one with the cursor ("Load more");
 * the rows shown stay while the next search loads.
 */
export function useMyContacts(view: LibraryView = DEFAULT_LIBRARY_VIEW) {
  const { userId, enabled } = useFounder();
  return useInfiniteQuery({
    queryKey: [...queryKeys.myContacts(userId), 'pages', view.q.trim(), view.sort, view.order],
    queryFn: ({ pageParam, signal }) => getMyContacts(view, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /me/contacts/{investorId}: the caller's bought values of one investor, or null when not bought. */
export async function getBoughtContact(investorId: string, signal?: AbortSignal) {
  try {
    return await apiRequest(boughtContactResponse, `/me/contacts/${encodeURIComponent(investorId)}`, {
      auth: true,
      signal,
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export function useBoughtContact(investorId: string) {
  const { userId, enabled } = useFounder();
  // Asked only for an investor in the library (the ids the search cards use too): a profile not
  // bought is an ordinary state, not a 404 in the console on every profile a founder opens.
  const ids = useQuery({
    queryKey: [...queryKeys.myContacts(userId), 'ids'],
    queryFn: ({ signal }) => getBoughtInvestorIds(signal),
    enabled: enabled && investorId !== '',
  });
  const inLibrary = ids.data?.investorIds.includes(investorId) ?? false;
  return useQuery({
    queryKey: [...queryKeys.myContacts(userId), 'investor', investorId],
    queryFn: ({ signal }) => getBoughtContact(investorId, signal),
    enabled: enabled && investorId !== '' && inLibrary,
  });
}

/** GET /me/bought-investors: the ids of every investor in the caller's library. */
export function getBoughtInvestorIds(signal?: AbortSignal) {
  return apiRequest(boughtInvestorsResponse, '/me/bought-investors', { auth: true, signal });
}

/** The ids of the investors already in the signed-in founder's library (empty for a visitor). */
export function useBoughtInvestorIds(): ReadonlySet<string> {
  const { userId, enabled } = useFounder();
  const ids = useQuery({
    queryKey: [...queryKeys.myContacts(userId), 'ids'],
    queryFn: ({ signal }) => getBoughtInvestorIds(signal),
    enabled,
  });
  return new Set(ids.data?.investorIds ?? []);
}
