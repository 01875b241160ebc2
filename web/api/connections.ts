import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConnectionRowInput,
  connectionsSummarySchema,
  deleteConnectionsResponse,
  uploadConnectionsResponse,
  warmPathsResponse,
} from '../../shared/api/network';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /me/connections: how many connections the founder keeps, from which file. */
export function useConnections() {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.connections(user?.userId ?? ''),
    queryFn: ({ signal }) => apiRequest(connectionsSummarySchema, '/me/connections', { auth: true, signal }),
    enabled: user !== null,
  });
}

/** POST /me/connections: one page of rows (the first of a file replaces what was kept). */
export function uploadConnections(body: { replace: boolean; fileName?: string; rows: ConnectionRowInput[] }) {
  return apiRequest(uploadConnectionsResponse, '/me/connections', { method: 'POST', body, auth: true });
}

/** DELETE /me/connections: every connection, at once. */
export function useDeleteConnections() {
  const client = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: () =>
      apiRequest(deleteConnectionsResponse, '/me/connections', { method: 'DELETE', auth: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.connections(user?.userId ?? '') });
      await client.invalidateQueries({ queryKey: ['user', user?.userId ?? '', 'shortlists'] });
    },
  });
}

/** POST /me/connections/paths: the founder's warm paths to these investors (signed-in founders only). */
export function useWarmPaths(investorIds: readonly string[], enabled = true) {
  const { user } = useAuth();
  const ids = [...investorIds].sort().join(',');
  return useQuery({
    queryKey: queryKeys.warmPaths(user?.userId ?? '', ids),
    queryFn: ({ signal }) =>
      apiRequest(warmPathsResponse, '/me/connections/paths', {
        method: 'POST',
        body: { investorIds: [...investorIds] },
        auth: true,
        signal,
      }),
    enabled: enabled && user !== null && investorIds.length > 0,
  });
}
