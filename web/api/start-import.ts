import { importJobResponse } from '../../shared/api/imports';
import { apiRequest } from './client';

/** POST /admin/imports/{jobId}/start: starts importing the uploaded file (a job starts once). */
export function startImport(jobId: string) {
  return apiRequest(importJobResponse, `/admin/imports/${encodeURIComponent(jobId)}/start`, {
    method: 'POST',
    auth: true,
  });
}
