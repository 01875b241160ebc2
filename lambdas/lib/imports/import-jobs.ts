import { randomUUID } from 'node:crypto';
import type { CreateImportBody } from '../../../shared/api/imports';
import { ConflictError, NotFoundError } from '../errors';
import { importObjectKey, presignImportUpload } from '../storage';
import type { ImportJob } from '../table/models';
import {
  getImportJob,
  createImportJob as putImportJob,
  updateImportJob,
} from '../table/repositories/imports';
import { startWorkflow, stopWorkflow } from '../workflows';

export async function requireImportJob(jobId: string): Promise<ImportJob> {
  const job = await getImportJob(jobId);
  if (!job) throw new NotFoundError('Import job not found');
  return job;
}

/** Creates an import job waiting for its file, and the presigned URL to upload the file to. */
export async function createImportJob(
  body: CreateImportBody,
  userId: string,
): Promise<{ job: ImportJob; uploadUrl: string }> {
  const id = `imp_${randomUUID().replaceAll('-', '')}`;
  const job = await putImportJob({
    id,
    status: 'uploading',
    objectKey: importObjectKey(id),
    fileName: body.fileName,
    fileSize: body.fileSize,
    sourceName: body.sourceName,
    sourceUrl: body.sourceUrl,
    headers: body.headers,
    startedAt: new Date().toISOString(),
    startedByUserId: userId,
    totalRows: null,
    processedRows: 0,
    importedRows: 0,
    byteOffset: 0,
    rowErrors: [],
    failureReason: null,
    executionArn: null,
    finishedAt: null,
  });
  return { job, uploadUrl: await presignImportUpload(job.objectKey, body.fileSize) };
}

/** Starts the import workflow for an uploaded file. A job starts once. */
export async function startImportJob(jobId: string): Promise<ImportJob> {
  const job = await requireImportJob(jobId);
  if (job.status !== 'uploading') throw new ConflictError('This import has already started.');
  const executionArn = await startWorkflow('import', { jobId }, jobId);
  await updateImportJob(jobId, { status: 'running', executionArn });
  return { ...job, status: 'running', executionArn };
}

/**
 * Cancels an import: the job says cancelled (the chunk task checks it after every batch) and the
 * execution is stopped. Rows written so far stay valid and pending mapping.
 */
export async function cancelImportJob(jobId: string): Promise<ImportJob> {
  const job = await requireImportJob(jobId);
  if (['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
  const finishedAt = new Date().toISOString();
  await updateImportJob(jobId, { status: 'cancelled', finishedAt });
  if (job.executionArn) await stopWorkflow(job.executionArn, 'Cancelled by an admin');
  return { ...job, status: 'cancelled', finishedAt };
}
