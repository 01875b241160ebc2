import { useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, adminCartsResponse, unmatchedPaymentsResponse } from '../../shared/api/admin';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /admin/carts?cursor=: a page of 50 carts, newest first, with each creator's email. */
export function getAdminCarts(cursor: string | null, signal?: AbortSignal) {
  return apiRequest(adminCartsResponse, '/admin/carts', {
    auth: true,
    query: { cursor, limit: ADMIN_PAGE_SIZE },
    signal,
  });
}

/** The carts, a page at a time ("Load more carts"). */
export function useAdminCarts() {
  return useInfiniteQuery({
    queryKey: queryKeys.adminCarts,
    queryFn: ({ pageParam, signal }) => getAdminCarts(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    staleTime: 0,
  });
}

/** GET /admin/unmatched-payments?cursor=: a page of payments no cart could take, newest first. */
export function getUnmatchedPayments(cursor: string | null, signal?: AbortSignal) {
  return apiRequest(unmatchedPaymentsResponse, '/admin/unmatched-payments', {
    auth: true,
    query: { cursor, limit: ADMIN_PAGE_SIZE },
    signal,
  });
}

/** The unmatched payments, a page at a time ("Load more payments"). */
export function useUnmatchedPayments() {
  return useInfiniteQuery({
    queryKey: queryKeys.unmatchedPayments,
    queryFn: ({ pageParam, signal }) => getUnmatchedPayments(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    staleTime: 0,
  });
}
