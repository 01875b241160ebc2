import * as z from 'zod';
import { messages } from '../messages';

const required = z.string().trim().min(1, messages.sourceInformationRequired);

/** POST /admin/imports: a new import job for a CSV file, with the header choices and the source. */
export const createImportBody = z.object({
  fileName: z.string().trim().min(1).max(255),
  sourceName: required.max(200),
  sourceUrl: required.max(2048),
  headers: z
    .array(z.object({ header: z.string().max(200), include: z.boolean() }))
    .min(1)
    .max(500),
});
export type CreateImportBody = z.infer<typeof createImportBody>;

export const IMPORT_JOB_STATUSES = [
  'uploading',
  'running',
  'mapping',
  'succeeded',
  'failed',
  'cancelled',
] as const;

export const importJobSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  fileName: z.string(),
  sourceName: z.string(),
  sourceUrl: z.string(),
  startedAt: z.string(),
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  importedRows: z.number().int(),
  rowErrors: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  failureReason: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJobView = z.infer<typeof importJobSchema>;

/** The job and the presigned URL the browser PUTs the file to (Content-Type text/csv). */
export const createImportResponse = z.object({ job: importJobSchema, uploadUrl: z.string() });
export type CreateImportResponse = z.infer<typeof createImportResponse>;

export const importJobParams = z.object({
  jobId: z.string().regex(/^imp_[a-z0-9]{1,40}$/, 'Not an import job id'),
});

export const importJobResponse = z.object({ job: importJobSchema });
