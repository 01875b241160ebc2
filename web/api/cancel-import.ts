import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importJobResponse } from '../../shared/api/imports';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** POST /admin/imports/{jobId}/cancel: stops the import; rows written so far stay. */
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
