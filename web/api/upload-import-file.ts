import { ApiError } from '../../shared/api/errors';

/** Not in the spec: the CSV file could not be stored. */
export const UPLOAD_FAILED = 'The file could not be uploaded. Please try again.';

/**
 * PUT the CSV file to the import job's presigned URL. A plain request: the URL carries its own
 * signature, so no token is sent, and the content type must be the signed one (text/csv).
 */
export async function uploadImportFile(uploadUrl: string, file: Blob, signal?: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv' },
      body: file,
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('unavailable', UPLOAD_FAILED, { cause: error });
  }
  if (!response.ok) throw new ApiError('unavailable', UPLOAD_FAILED, { status: response.status });
}
