import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { creditsResponse, type RedeemCreditBody, redeemCreditResponse } from '../../shared/api/credits';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /me/credits: the founder's bounce credits and their history (issue 20). */
export function getMyCredits(signal?: AbortSignal) {
  return apiRequest(creditsResponse, '/me/credits', { auth: true, signal });
}

export function useMyCredits() {
  const { user, isInvestor } = useAuth();
  return useQuery({
    queryKey: queryKeys.myCredits(user?.userId ?? ''),
    queryFn: ({ signal }) => getMyCredits(signal),
    // A founder's records: an investor account has none (the API refuses it).
    enabled: user !== null && !isInvestor,
  });
}

/** POST /me/credits/redemptions: one credit for one investor's contact, delivered like a purchase. */
export function redeemCredit(body: RedeemCreditBody) {
  return apiRequest(redeemCreditResponse, '/me/credits/redemptions', { method: 'POST', body, auth: true });
}

export function useRedeemCredit() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: redeemCredit,
    onSettled: async () => {
      const userId = user?.userId ?? '';
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.myCredits(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myContacts(userId) }),
      ]);
    },
  });
}
