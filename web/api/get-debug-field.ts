import { useQuery } from '@tanstack/react-query';
import { debugFieldResponse } from '../../shared/api/admin';
import type { MergeableField } from '../../shared/curation/field-merger';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

export interface DebugFieldSearch {
  targetField: MergeableField;
  /** Each value whole (one `selectedValues` parameter each); the API searches the first. */
  selectedValues: string[];
  finalValue: string;
}

/** GET /admin/debug-field: the searchable investors (id and name) holding the first selected value. */
export function getDebugField(search: DebugFieldSearch, signal?: AbortSignal) {
  return apiRequest(debugFieldResponse, '/admin/debug-field', {
    query: { targetField: search.targetField, value: search.selectedValues[0] },
    auth: true,
    signal,
  });
}

export function useDebugField(search: DebugFieldSearch | null) {
  return useQuery({
    queryKey: queryKeys.debugField(search?.targetField ?? '', search?.selectedValues[0] ?? ''),
    queryFn: ({ signal }) => {
      if (!search) throw new Error('No search');
      return getDebugField(search, signal);
    },
    enabled: search !== null,
    staleTime: 0,
  });
}
