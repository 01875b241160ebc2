import * as z from 'zod/mini';
import { fieldMergerActionSchema, mergeableFieldSchema } from './field-merger';

/**
 * A field-merger run (issue 19): a workflow that edits the investors holding the values a batch at a
 * time, then aggregates, so the value list and the home page show the result when it succeeds.
 */
export const CURATION_JOB_STATUSES = ['running', 'succeeded', 'failed'] as const;
export const curationJobSchema = z.object({
  id: z.string(),
  status: z.enum(CURATION_JOB_STATUSES),
  action: fieldMergerActionSchema,
  field: mergeableFieldSchema,
  values: z.array(z.string()),
  finalValue: z.string(),
  /** Investors holding the values when the run started (from the tag counters). */
  total: z.int(),
  /** Investors read so far, and how many of them changed. */
  processed: z.int(),
  updated: z.int(),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
});
export type CurationJob = z.infer<typeof curationJobSchema>;
