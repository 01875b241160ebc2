import { useQuery } from '@tanstack/react-query';
import { getCartResponse } from '../../shared/api/carts';
import type { PurchaseState } from '../../shared/cart/purchase-state';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /carts/{cartId}: a saved cart of the caller (or any, for an admin). */
export function getCart(cartId: string, signal?: AbortSignal) {
  return apiRequest(getCartResponse, `/carts/${encodeURIComponent(cartId)}`, { auth: true, signal });
}

/** States a cart moves on from by itself (a payment or a delivery under way): worth reading again. */
const IN_FLIGHT: ReadonlySet<PurchaseState> = new Set([
  'open',
  'awaiting-payment',
  'payment-pending',
  'delivering',
  'delayed',
]);
const isInFlight = (state: PurchaseState | undefined) => state === undefined || IN_FLIGHT.has(state);

export interface UseCartOptions {
  /**
   * Read the cart again every this many milliseconds while its purchase is under way (the purchase
   * page follows it from payment to delivery by itself). Off by default.
   */
  pollWhileActiveMs?: number;
  /** Off while false (a cart that may never have been saved). */
  enabled?: boolean;
}

export function useCart(cartId: string, { pollWhileActiveMs, enabled = true }: UseCartOptions = {}) {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.cart(user?.userId ?? '', cartId),
    queryFn: ({ signal }) => getCart(cartId, signal),
    enabled: user !== null && enabled && cartId !== '',
    // A cart that was never saved answers 404: nothing to retry (the purchase page keeps the defaults).
    ...(pollWhileActiveMs === undefined ? { retry: false } : {}),
    refetchInterval: (query) =>
      pollWhileActiveMs !== undefined && isInFlight(query.state.data?.purchaseState)
        ? pollWhileActiveMs
        : false,
    refetchIntervalInBackground: pollWhileActiveMs !== undefined,
  });
}
