import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CartPreviewBody, cartPreviewResponse } from '../../shared/api/carts';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * POST /carts/preview: today's cards of the cart's investors and, per chosen contact column, those
 * without it ("12 of 50 have no email"). A read, sent as POST because a cart's ids outgrow a URL.
 */
export function previewCart(body: CartPreviewBody, signal?: AbortSignal) {
  return apiRequest(cartPreviewResponse, '/carts/preview', { method: 'POST', body, auth: true, signal });
}

/** The preview of the cart as it stands; off when signed out or empty. Kept while a new one loads. */
export function useCartPreview(investorIds: readonly string[], columnOrder: readonly string[]) {
  const { user } = useAuth();
  const body = { investorIds: [...investorIds], columnOrder: [...columnOrder] } as CartPreviewBody;
  return useQuery({
    queryKey: queryKeys.cartPreview(user?.userId ?? '', investorIds.join(','), columnOrder.join(',')),
    queryFn: ({ signal }) => previewCart(body, signal),
    enabled: user !== null && investorIds.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
