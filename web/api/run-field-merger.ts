import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FieldMergerBody, fieldMergerResponse } from '../../shared/api/admin';
import { apiRequest } from './client';

/**
 * POST /admin/field-merger: merges, removes or splits Sector Focus or Stage Focus values across the
 * searchable investors. 404 'No investors found' when no investor holds any of the values.
 */
export function runFieldMerger(body: FieldMergerBody) {
  return apiRequest(fieldMergerResponse, '/admin/field-merger', { method: 'POST', body, auth: true });
}

export function useRunFieldMerger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runFieldMerger,
    // Searches and debug lookups may now answer differently.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['investors'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
      ]),
  });
}
