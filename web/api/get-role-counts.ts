import { queryOptions, useQuery } from '@tanstack/react-query';
import { roleCountsResponse } from '../../shared/api/directory';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /directory/role-counts: searchable investors per role. */
export function getRoleCounts(signal?: AbortSignal) {
  return apiRequest(roleCountsResponse, '/directory/role-counts', { signal });
}

export const roleCountsQuery = queryOptions({
  queryKey: queryKeys.roleCounts,
  queryFn: ({ signal }) => getRoleCounts(signal),
  staleTime: 5 * 60_000,
});

export function useRoleCounts() {
  return useQuery(roleCountsQuery);
}
