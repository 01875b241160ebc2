import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddSynonymBody,
  addSynonymResponse,
  taxonomyJobResponse,
  taxonomyResponse,
  type UnmappedKind,
  unmappedValuesResponse,
} from '../../shared/api/taxonomy';
import { apiRequest } from './client';

export const taxonomyKeys = {
  lists: ['taxonomy'] as const,
  unmapped: (kind: UnmappedKind) => ['admin', 'taxonomy', 'unmapped', kind] as const,
  job: (id: string) => ['admin', 'taxonomy', 'job', id] as const,
};

/** GET /taxonomy: the sectors, stages and countries the forms choose from. */
export function useTaxonomy() {
  return useQuery({
    queryKey: taxonomyKeys.lists,
    queryFn: ({ signal }) => apiRequest(taxonomyResponse, '/taxonomy', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /admin/taxonomy/unmapped?kind=: the first page of the queue (the most an admin works at once). */
export function useUnmappedValues(kind: UnmappedKind) {
  return useQuery({
    queryKey: taxonomyKeys.unmapped(kind),
    queryFn: ({ signal }) =>
      apiRequest(unmappedValuesResponse, '/admin/taxonomy/unmapped', {
        query: { kind, limit: 50 },
        auth: true,
        signal,
      }),
  });
}

/** POST /admin/taxonomy/synonyms: a value mapped to an entry (or added as a sector); its re-map starts. */
export function useAddSynonym() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddSynonymBody) =>
      apiRequest(addSynonymResponse, '/admin/taxonomy/synonyms', { method: 'POST', body, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxonomyKeys.lists }),
  });
}

/** GET /admin/taxonomy/jobs/{id}, read every second while the re-map runs. */
export function useTaxonomyJob(id: string | null) {
  return useQuery({
    queryKey: taxonomyKeys.job(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      apiRequest(taxonomyJobResponse, `/admin/taxonomy/jobs/${id}`, { auth: true, signal }),
    refetchInterval: (query) => (query.state.data?.job.status === 'running' ? 1000 : false),
  });
}
