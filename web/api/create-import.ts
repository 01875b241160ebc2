import { type CreateImportBody, createImportResponse } from '../../shared/api/imports';
import { apiRequest } from './client';

/**
 * POST /admin/imports: a new import job for a CSV file (its header choices and source), answered with
 * the job and the presigned URL to upload the file to ({@link uploadImportFile}).
 */
export function createImport(body: CreateImportBody) {
  return apiRequest(createImportResponse, '/admin/imports', { method: 'POST', body, auth: true });
}
