import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { curationRulesResponse, deleteCurationRuleResponse } from '../../shared/api/admin';
import type { MergeableField } from '../../shared/curation/field-merger';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /admin/curation-rules: the field merger's decisions that every mapping applies again. */
export function useCurationRules() {
  return useQuery({
    queryKey: queryKeys.curationRules,
    queryFn: ({ signal }) =>
      apiRequest(curationRulesResponse, '/admin/curation-rules', { auth: true, signal }),
  });
}

/** DELETE /admin/curation-rules?field=&value=: undoes a rule; the list is read again. */
export function useUndoCurationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ field, value }: { field: MergeableField; value: string }) =>
      apiRequest(deleteCurationRuleResponse, '/admin/curation-rules', {
        method: 'DELETE',
        query: { field, value },
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.curationRules }),
  });
}
