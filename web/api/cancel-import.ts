import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importJobResponse } from '../../shared/api/imports';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** POST /admin/imports/{jobId}/cancel: stops the import; rows written so far wait, unpublished, for the admin's choice. */
export function cancelImport(jobId: string) {
  return apiRequest(importJobResponse, `/admin/imports/${encodeURIComponent(jobId)}/cancel`, {
    method: 'POST',
    auth: true,
  });
}

export function useCancelImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelImport,
    onSuccess: (result) => queryClient.setQueryData(queryKeys.importJob(result.job.id), result),
  });
}

/** POST /admin/imports/{jobId}/publish or /discard: the admin's choice for a cancelled import's written rows. */
export function settleCancelledImport(jobId: string, choice: 'publish' | 'discard') {
  return apiRequest(importJobResponse, `/admin/imports/${encodeURIComponent(jobId)}/${choice}`, {
    method: 'POST',
    auth: true,
  });
}

export function useSettleCancelledImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, choice }: { jobId: string; choice: 'publish' | 'discard' }) =>
      settleCancelledImport(jobId, choice),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.importJob(result.job.id), result);
      void queryClient.invalidateQueries({ queryKey: queryKeys.recentImports() });
    },
  });
}
