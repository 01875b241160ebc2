import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SaveCartBody, saveCartResponse } from '../../shared/api/carts';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** POST /carts: saves the cart (priced by the server) and returns the saved cart. */
export function saveCart(body: SaveCartBody) {
  return apiRequest(saveCartResponse, '/carts', { method: 'POST', body, auth: true });
}

export function useSaveCart() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: saveCart,
    onSuccess: (cart) => {
      if (user) queryClient.setQueryData(queryKeys.cart(user.userId, cart.id), cart);
    },
  });
}
