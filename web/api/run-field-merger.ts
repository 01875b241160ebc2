import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CurationJob,
  curationJobResponse,
  type FieldMergerBody,
  fieldMergerResponse,
} from '../../shared/api/admin';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * POST /admin/field-merger: starts a run that merges, removes or splits Sector Focus or Stage Focus
 * values across the searchable investors (202 with the run). 404 'No investors found' when no
 * investor holds any of the values.
 */
export function runFieldMerger(body: FieldMergerBody) {
  return apiRequest(fieldMergerResponse, '/admin/field-merger', { method: 'POST', body, auth: true });
}

export function useRunFieldMerger() {
  return useMutation({ mutationFn: runFieldMerger });
}

/** How often a running field-merger run is read again. */
export const CURATION_POLL_MS = 1000;

/** The run, read every second until it has ended; when it has, what it changed is read again. */
export function useCurationJob(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.curationJob(jobId ?? ''),
    queryFn: async ({ signal }) => {
      const { job } = await apiRequest(
        curationJobResponse,
        `/admin/field-merger/jobs/${encodeURIComponent(jobId ?? '')}`,
        { auth: true, signal },
      );
      if (job.status !== 'running')
        // Searches, the value list (directory metadata) and debug lookups may now answer differently.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['investors'] }),
          queryClient.invalidateQueries({ queryKey: ['directory'] }),
          queryClient.invalidateQueries({ queryKey: queryKeys.curationRules }),
        ]);
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (query) =>
      (query.state.data as CurationJob | undefined)?.status === 'running' ? CURATION_POLL_MS : false,
  });
}
