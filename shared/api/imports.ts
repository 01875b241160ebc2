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

/** A value of a row the import kept aside (in the record's other details) instead of its field, and why. */
export const valueNoticeSchema = z.object({
  row: z.int(),
  column: z.string(),
  value: z.string(),
  reason: z.string(),
});

/** A row of the file that joined an investor already in the directory, or one of an earlier row. */
export const mergedRowSchema = z.object({
  row: z.int(),
  name: z.string(),
  /** The investor it was merged into (the directory's name for them), and its row when it was in the same file. */
  into: z.string(),
  intoRow: z.nullable(z.int()),
});

/**
 * What publishing did with the rows it wrote: new investors, rows merged into an existing investor
 * (exact counts, the first rows of each), rows left out because the investor withdrew their listing.
 */
export const importOutcomesSchema = z.object({
  added: z.int(),
  merged: z.int(),
  withdrawn: z.int(),
  mergedRows: z.array(mergedRowSchema),
});
export type ImportOutcomes = z.infer<typeof importOutcomesSchema>;

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
  /** Values kept aside instead of their field: the exact count, and the first of them. */
  droppedValues: z._default(z.int(), 0),
  valueNotices: z._default(z.array(valueNoticeSchema), []),
  /** Set when the rows are published (null before, and on jobs from before it was kept). */
  outcomes: z._default(z.nullable(importOutcomesSchema), null),
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
