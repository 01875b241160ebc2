import * as z from 'zod/mini';
import { IMPORT_FILE_EMPTY, IMPORT_FILE_TOO_LARGE, MAX_IMPORT_FILE_BYTES } from '../import/limits';
import { messages } from '../messages';
import { singleLine } from './text';

const required = z.string().check(singleLine(), z.trim(), z.minLength(1, messages.sourceInformationRequired));

/** POST /admin/imports: a new import job for a CSV file, with the header choices and the source. */
export const createImportBody = z.strictObject({
  fileName: z.string().check(singleLine(), z.trim(), z.minLength(1), z.maxLength(255)),
  /** The file's size in bytes: the upload URL accepts exactly this many. */
  fileSize: z
    .int()
    .check(z.minimum(1, IMPORT_FILE_EMPTY), z.maximum(MAX_IMPORT_FILE_BYTES, IMPORT_FILE_TOO_LARGE)),
  sourceName: required.check(z.maxLength(200)),
  sourceUrl: required.check(z.maxLength(2048)),
  headers: z
    .array(z.strictObject({ header: z.string().check(singleLine(), z.maxLength(200)), include: z.boolean() }))
    .check(z.minLength(1), z.maxLength(500)),
});
export type CreateImportBody = z.infer<typeof createImportBody>;

/**
 * An import job's life (lambdas/lib/imports/import-jobs.ts moves it, each step conditional on the
 * one before): uploading → running (reading the file, rows written staged) → mapping (publishing
 * them) → succeeded; running or uploading → cancelled (the staged rows wait for the admin) →
 * publishing → succeeded, or → discarding → discarded; any working state → failed.
 */
export const IMPORT_JOB_STATUSES = [
  'uploading',
  'running',
  'mapping',
  'succeeded',
  'failed',
  'cancelled',
  'publishing',
  'discarding',
  'discarded',
] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** States in which the job no longer changes by itself (a cancelled one waits for the admin). */
export const IMPORT_JOB_RESTING_STATUSES: readonly ImportJobStatus[] = [
  'succeeded',
  'failed',
  'cancelled',
  'discarded',
];

export const importJobSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  fileName: z.string(),
  sourceName: z.string(),
  sourceUrl: z.string(),
  startedAt: z.string(),
  totalRows: z.nullable(z.int()),
  processedRows: z.int(),
  importedRows: z.int(),
  /**
   * A cancelled job's rows written to the table and not published: counted once the import has
   * stopped (null while its last batch may still be landing).
   */
  writtenRows: z.nullable(z.int()),
  /** When the rows started to be read, and when progress was last written: the rate and the time left. */
  rowsStartedAt: z.nullable(z.string()),
  progressAt: z.nullable(z.string()),
  rowErrors: z.array(z.object({ row: z.int(), reason: z.string() })),
  failureReason: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
});
export type ImportJobView = z.infer<typeof importJobSchema>;

/** The job and the presigned URL the browser PUTs the file to (Content-Type text/csv). */
export const createImportResponse = z.object({ job: importJobSchema, uploadUrl: z.string() });
export type CreateImportResponse = z.infer<typeof createImportResponse>;

export const importJobParams = z.object({
  jobId: z.string().check(z.regex(/^imp_[a-z0-9]{1,40}$/, 'Not an import job id')),
});

export const importJobResponse = z.object({ job: importJobSchema });

/** GET /admin/imports: the 20 most recent jobs, newest first. */
export const recentImportsResponse = z.object({ jobs: z.array(importJobSchema) });
