import { useMutation, useQueryClient } from '@tanstack/react-query';
import { openCheckoutResponse } from '../../shared/api/carts';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** POST /carts/{cartId}/checkout: locks the cart and answers the address of its payment page. */
export function openCheckout(cartId: string) {
  return apiRequest(openCheckoutResponse, `/carts/${encodeURIComponent(cartId)}/checkout`, {
    method: 'POST',
    auth: true,
  });
}

export function useOpenCheckout() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: openCheckout,
    onSuccess: ({ cart }) => {
      if (user) queryClient.setQueryData(queryKeys.cart(user.userId, cart.id), cart);
    },
  });
}
