import { useQuery } from '@tanstack/react-query';
import { getCartResponse } from '../../shared/api/carts';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /carts/{cartId}: a saved cart of the caller (or any, for an admin). */
export function getCart(cartId: string, signal?: AbortSignal) {
  return apiRequest(getCartResponse, `/carts/${encodeURIComponent(cartId)}`, { auth: true, signal });
}

export interface UseCartOptions {
  /**
   * Read the cart again every this many milliseconds while it is still active (the purchase page, so a
   * payment made in another tab shows up). Off by default.
   */
  pollWhileActiveMs?: number;
}

export function useCart(cartId: string, { pollWhileActiveMs }: UseCartOptions = {}) {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.cart(user?.userId ?? '', cartId),
    queryFn: ({ signal }) => getCart(cartId, signal),
    enabled: user !== null,
    refetchInterval: (query) =>
      pollWhileActiveMs !== undefined && query.state.data?.status === 'active' ? pollWhileActiveMs : false,
    refetchIntervalInBackground: pollWhileActiveMs !== undefined,
  });
}
