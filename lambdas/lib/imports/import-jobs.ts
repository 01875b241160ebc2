import { randomUUID } from 'node:crypto';
import type { CreateImportBody } from '../../../shared/api/imports';
import { importWorkflow } from '../../workflows/start/import';
import { ConflictError, NotFoundError } from '../errors';
import { importObjectKey, presignImportUpload } from '../storage';
import type { ImportJob } from '../table/models';
import {
  getImportJob,
  createImportJob as putImportJob,
  transitionImportJob,
  updateImportJob,
} from '../table/repositories/imports';

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
    writtenRows: null,
    rowsStartedAt: null,
    progressAt: null,
    byteOffset: 0,
    rowErrors: [],
    droppedValues: 0,
    valueNotices: [],
    outcomes: null,
    failureReason: null,
    executionArn: null,
    finishedAt: null,
  });
  return { job, uploadUrl: await presignImportUpload(job.objectKey, body.fileSize) };
}

/** What the admin is told when an import cannot change as asked (409). */
export const importJobConflicts = {
  alreadyStarted: 'This import has already started.',
  notCancellable:
    'This import has finished reading its file and is being published; it can no longer be cancelled.',
  notCancelled: 'Only a cancelled import can be published or discarded.',
  stillStopping: 'The import is still stopping; try again in a few seconds.',
} as const;

/** The import workflow's input: a new import, or what the admin chose for a cancelled one. */
export type ImportWorkflowInput = { jobId: string; phase: 'import' | 'publish' | 'discard' };

/**
 * Starts the import workflow for an uploaded file. A job starts once: it is set running before the
 * workflow starts, so a workflow that fails (or a cancel) before this request ends is never
 * overwritten by it.
 */
export async function startImportJob(jobId: string): Promise<ImportJob> {
  await requireImportJob(jobId);
  if (!(await transitionImportJob(jobId, ['uploading'], 'running')))
    throw new ConflictError(importJobConflicts.alreadyStarted);
  try {
    const input: ImportWorkflowInput = { jobId, phase: 'import' };
    const executionArn = await importWorkflow.start(input, jobId);
    await updateImportJob(jobId, { executionArn });
  } catch (error) {
    await transitionImportJob(jobId, ['running'], 'failed', {
      failureReason: 'The import could not start. Please try again.',
      finishedAt: new Date().toISOString(),
    });
    throw error;
  }
  return requireImportJob(jobId);
}

/**
 * Cancels an import that is waiting for its file or reading it. The workflow sees the cancel after
 * its current batch (at most a second of rows), stops, and counts the rows it wrote on the job
 * (`writtenRows`); they stay staged, never published, until the admin publishes or discards them.
 * A job that never started has written nothing. Cancelling an ended job changes nothing.
 */
export async function cancelImportJob(jobId: string): Promise<ImportJob> {
  const job = await requireImportJob(jobId);
  const finishedAt = new Date().toISOString();
  if (job.status === 'uploading')
    await transitionImportJob(jobId, ['uploading'], 'cancelled', { finishedAt, writtenRows: 0 });
  else if (job.status === 'running')
    await transitionImportJob(jobId, ['running'], 'cancelled', { finishedAt });
  else if (job.status === 'mapping') throw new ConflictError(importJobConflicts.notCancellable);
  return requireImportJob(jobId);
}

/**
 * The admin's choice for a cancelled import's staged rows: publish them (mapped like a finished
 * import's) or discard them (deleted). Either runs as the import workflow's last phase.
 */
export async function settleCancelledImport(
  jobId: string,
  choice: 'publish' | 'discard',
): Promise<ImportJob> {
  const job = await requireImportJob(jobId);
  if (job.status !== 'cancelled') throw new ConflictError(importJobConflicts.notCancelled);
  if (job.writtenRows === null) throw new ConflictError(importJobConflicts.stillStopping);
  const to = choice === 'publish' ? 'publishing' : 'discarding';
  if (!(await transitionImportJob(jobId, ['cancelled'], to, { finishedAt: null })))
    throw new ConflictError(importJobConflicts.notCancelled);
  try {
    const input: ImportWorkflowInput = { jobId, phase: choice };
    // A unique name: a publish refused by a dependency can be asked again.
    const executionArn = await importWorkflow.start(input, `${jobId}-${choice}-${Date.now()}`);
    await updateImportJob(jobId, { executionArn });
  } catch (error) {
    await transitionImportJob(jobId, [to], 'cancelled', { finishedAt: job.finishedAt });
    throw error;
  }
  return requireImportJob(jobId);
}
