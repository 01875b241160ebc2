import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redeliverResponse } from '../../shared/api/admin';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** POST /admin/carts/{cartId}/redeliver: runs the delivery of a purchased cart again. */
export function redeliverCart(cartId: string) {
  return apiRequest(redeliverResponse, `/admin/carts/${encodeURIComponent(cartId)}/redeliver`, {
    method: 'POST',
    auth: true,
  });
}

export function useRedeliverCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminCarts }),
  });
}
