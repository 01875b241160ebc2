import { useMutation, useQueryClient } from '@tanstack/react-query';
import { syncTransactionsResponse } from '../../shared/api/projects';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * POST /projects/{projectId}/stripe/transactions/sync (the spec's fetchStripeTransactionsForProject):
 * ingests the connected account's payments; `message` says what was imported.
 */
export function syncTransactions(projectId: string) {
  return apiRequest(
    syncTransactionsResponse,
    `/projects/${encodeURIComponent(projectId)}/stripe/transactions/sync`,
    { method: 'POST', auth: true },
  );
}

export function useSyncTransactions(projectId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: () => syncTransactions(projectId),
    onSuccess: () => {
      if (user) void queryClient.invalidateQueries({ queryKey: queryKeys.mrr(user.userId, projectId) });
    },
  });
}
