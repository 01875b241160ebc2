import { useQuery } from '@tanstack/react-query';
import { getCartResponse } from '../../shared/api/carts';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /carts/{cartId}: a saved cart of the caller (or any, for an admin). */
export function getCart(cartId: string, signal?: AbortSignal) {
  return apiRequest(getCartResponse, `/carts/${encodeURIComponent(cartId)}`, { auth: true, signal });
}

export function useCart(cartId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.cart(user?.userId ?? '', cartId),
    queryFn: ({ signal }) => getCart(cartId, signal),
    enabled: user !== null,
  });
}
