import { useQuery } from '@tanstack/react-query';
import {
  IMPORT_JOB_RESTING_STATUSES,
  type ImportJobView,
  importJobResponse,
  recentImportsResponse,
} from '../../shared/api/imports';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** How often a running import is read again (the importer's progress line). */
export const IMPORT_POLL_MS = 1000;

/** True once the job no longer changes by itself (a cancelled one once it has counted its rows). */
export function isImportFinished(job: ImportJobView): boolean {
  return (
    IMPORT_JOB_RESTING_STATUSES.includes(job.status) &&
    !(job.status === 'cancelled' && job.writtenRows === null)
  );
}

/** GET /admin/imports/{jobId}: the job's status, progress and row errors. */
export function getImportJob(jobId: string, signal?: AbortSignal) {
  return apiRequest(importJobResponse, `/admin/imports/${encodeURIComponent(jobId)}`, { auth: true, signal });
}

/** The job, read every second until it has finished; disabled without a job. */
export function useImportJob(jobId: string | null) {
  return useQuery({
    queryKey: queryKeys.importJob(jobId ?? ''),
    queryFn: ({ signal }) => getImportJob(jobId ?? '', signal),
    enabled: jobId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const job = query.state.data?.job;
      return job && isImportFinished(job) ? false : IMPORT_POLL_MS;
    },
    refetchIntervalInBackground: true,
  });
}

/** GET /admin/imports: the recent import jobs, newest first (where a cancelled one waits for a choice). */
export function useRecentImports() {
  return useQuery({
    queryKey: queryKeys.recentImports(),
    queryFn: ({ signal }) => apiRequest(recentImportsResponse, '/admin/imports', { auth: true, signal }),
  });
}
