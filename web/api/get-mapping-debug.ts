import { useQuery } from '@tanstack/react-query';
import { mappingDebugResponse } from '../../shared/api/admin';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * What the mapping debugger looks up: an imported investor by email or id, or the imported investor
 * behind a searchable entry (the search results' 'Debug Mapping' links).
 */
export type MappingLookup =
  | { kind: 'email'; value: string }
  | { kind: 'importedInvestorId'; value: string }
  | { kind: 'searchableInvestorId'; value: string };

const PATHS: Readonly<Record<MappingLookup['kind'], (value: string) => string>> = {
  email: () => '/admin/imported-investors',
  importedInvestorId: (id) => `/admin/imported-investors/${encodeURIComponent(id)}`,
  searchableInvestorId: (id) => `/admin/searchable-investors/${encodeURIComponent(id)}`,
};

/**
 * GET /admin/imported-investors?email=…, GET /admin/imported-investors/{importedInvestorId} or
 * GET /admin/searchable-investors/{investorId}: the imported record and its linked searchable entry.
 */
export function getMappingDebug(lookup: MappingLookup, signal?: AbortSignal) {
  return apiRequest(mappingDebugResponse, PATHS[lookup.kind](lookup.value), {
    query: lookup.kind === 'email' ? { email: lookup.value } : {},
    auth: true,
    signal,
  });
}

/** The lookup's records; disabled without a lookup. Always read fresh: the records change as admins curate. */
export function useMappingDebug(lookup: MappingLookup | null) {
  return useQuery({
    queryKey: queryKeys.mappingDebug(lookup?.kind ?? '', lookup?.value ?? ''),
    queryFn: ({ signal }) => {
      if (!lookup) throw new Error('No lookup');
      return getMappingDebug(lookup, signal);
    },
    enabled: lookup !== null,
    staleTime: 0,
  });
}
