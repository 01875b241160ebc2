import * as z from 'zod/mini';
import {
  IMPORT_JOB_STATUSES,
  importOutcomesSchema,
  mergedRowSchema,
  valueNoticeSchema,
} from '../../../../shared/api/imports';
import { accessPattern, defineModel, padNumber, type TableKey } from '../model';
import { isoDate } from './common';

const importPartition = (id: string) => `IMPORT#${id}`;
const IMPORTS = 'IMPORTS';
export const importJobKey = (id: string): TableKey => ({ pk: importPartition(id), sk: 'JOB' });

export const importJobModel = defineModel(
  'importJob',
  z.object({
    id: z.string(),
    status: z.enum(IMPORT_JOB_STATUSES),
    objectKey: z.string(),
    sourceName: z.string(),
    sourceUrl: z.string(),
    /** The header row as the admin left it: each column's (possibly edited) name and include flag. */
    headers: z.array(z.object({ header: z.string(), include: z.boolean() })),
    fileName: z.string(),
    /**
     * The size the admin declared; the upload URL is signed for exactly this many bytes. Absent on
     * jobs created before sizes were declared.
     */
    fileSize: z.optional(z.int()),
    /** Byte offset in the file after the last imported row: a resumed chunk continues from here. */
    byteOffset: z.int(),
    startedAt: isoDate,
    startedByUserId: z.string(),
    totalRows: z.nullable(z.int()),
    processedRows: z.int(),
    importedRows: z.int(),
    /** A cancelled job's staged rows, counted once it has stopped (absent before this was recorded). */
    writtenRows: z._default(z.nullable(z.int()), null),
    rowsStartedAt: z._default(z.nullable(isoDate), null),
    progressAt: z._default(z.nullable(isoDate), null),
    rowErrors: z.array(z.object({ row: z.int(), reason: z.string() })),
    /** Values kept aside instead of their field (an invalid email...): the count, and the first 200. */
    droppedValues: z._default(z.int(), 0),
    valueNotices: z._default(z.array(valueNoticeSchema), []),
    /** What publishing did with the rows: set from the outcome pages when the job completes. */
    outcomes: z._default(z.nullable(importOutcomesSchema), null),
    failureReason: z.nullable(z.string()),
    executionArn: z.nullable(z.string()),
    finishedAt: z.nullable(isoDate),
  }),
  (v) => ({ ...importJobKey(v.id), gsi1pk: IMPORTS, gsi1sk: `${v.startedAt}#${v.id}` }),
);
export type ImportJob = z.infer<typeof importJobModel.schema>;

/** The import jobs, by start (`gsi1`; read newest first). */
export const importJobs = accessPattern(
  { index: 'gsi1', params: [], description: 'The import jobs (newest first)' },
  () => ({ partition: IMPORTS }),
);

/**
 * What the mapping did with one page of an import's rows, written before the page is published:
 * each row's outcome by row number (a retried page writes the same item again; pages that overlap
 * after a half-written retry are deduplicated by row when the job completes) and the rows merged.
 */
const OUTCOMES_PREFIX = 'OUTCOMES#';
export const importOutcomePageModel = defineModel(
  'importOutcomePage',
  z.object({
    jobId: z.string(),
    firstRow: z.int(),
    /** Row number → 'added' | 'merged' | 'withdrawn'. */
    rows: z.record(z.string(), z.enum(['added', 'merged', 'withdrawn'])),
    merged: z.array(mergedRowSchema),
  }),
  (v) => ({ pk: importPartition(v.jobId), sk: `${OUTCOMES_PREFIX}${padNumber(v.firstRow, 10)}` }),
);

/** What publishing did with an import's rows, page by page (one Query of the job's partition). */
export const importOutcomePagesOf = accessPattern(
  {
    index: 'table',
    params: ['jobId'],
    description: "What publishing did with an import's rows (its summary)",
  },
  (jobId: string) => ({ partition: importPartition(jobId), sortPrefix: OUTCOMES_PREFIX }),
);
export type ImportOutcomePage = z.infer<typeof importOutcomePageModel.schema>;
