import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDirectoryMetadataResponse } from '../../shared/api/directory';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /directory/metadata: the latest directory metadata, or null before the first aggregation. */
export function getDirectoryMetadata(signal?: AbortSignal) {
  return apiRequest(getDirectoryMetadataResponse, '/directory/metadata', { signal });
}

export const directoryMetadataQuery = queryOptions({
  queryKey: queryKeys.directoryMetadata,
  queryFn: ({ signal }) => getDirectoryMetadata(signal),
  staleTime: 5 * 60_000,
});

export function useDirectoryMetadata() {
  return useQuery(directoryMetadataQuery);
}
