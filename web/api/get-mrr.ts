import { useQuery } from '@tanstack/react-query';
import { mrrResponse } from '../../shared/api/projects';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /projects/{projectId}/insights/mrr: the current MRR and the last 12 months, from the ingested
 * subscriptions, or `connected: false` when the project is not connected to Stripe.
 */
export function getMrr(projectId: string, signal?: AbortSignal) {
  return apiRequest(mrrResponse, `/projects/${encodeURIComponent(projectId)}/insights/mrr`, {
    auth: true,
    signal,
  });
}

export function useMrr(projectId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.mrr(user?.userId ?? '', projectId),
    queryFn: ({ signal }) => getMrr(projectId, signal),
    enabled: user !== null && projectId !== '',
  });
}
