import { useQuery } from '@tanstack/react-query';
import { adminCartsResponse } from '../../shared/api/admin';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /admin/carts: the 50 most recent carts, newest first, with each creator's email. */
export function getAdminCarts(signal?: AbortSignal) {
  return apiRequest(adminCartsResponse, '/admin/carts', { auth: true, signal });
}

export function useAdminCarts() {
  return useQuery({
    queryKey: queryKeys.adminCarts,
    queryFn: ({ signal }) => getAdminCarts(signal),
    staleTime: 0,
  });
}
