import * as z from 'zod/mini';
import {
  completeDiscard,
  completeImport,
  discardBatch,
  failImport,
  ImportFileError,
  importChunk,
  prepareImport,
} from '../lib/imports/import-file';
import { logger } from '../lib/observability/logger';
import { countBusinessEvent } from '../lib/observability/metrics';
import { taskHandler } from '../lib/task-handler';

const taskInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('prepare'), jobId: z.string() }),
  z.object({ action: z.literal('importChunk'), jobId: z.string() }),
  z.object({ action: z.literal('complete'), jobId: z.string() }),
  z.object({ action: z.literal('discard'), jobId: z.string() }),
  z.object({ action: z.literal('completeDiscard'), jobId: z.string() }),
  z.object({
    action: z.literal('fail'),
    jobId: z.string(),
    error: z.optional(z.object({ Error: z.optional(z.string()), Cause: z.optional(z.string()) })),
  }),
]);

/** What the admin sees when a step failed for a reason that is not about the file. */
const GENERIC_FAILURE = 'The import failed. Rows imported so far are kept; please try again.';

/**
 * Task handler of the import workflow. A bad file is not an error of the workflow: `prepare`
 * returns `{ failed: true }` with the message already on the job, so nothing is written and no
 * retry is spent on it.
 */
export const handler = taskHandler(taskInput, async (input) => {
  logger.appendKeys({ action: input.action, jobId: input.jobId });
  switch (input.action) {
    case 'prepare':
      try {
        const { totalRows } = await prepareImport(input.jobId);
        return { jobId: input.jobId, failed: false, totalRows };
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw error;
        logger.warn('the file cannot be imported', { reason: error.message });
        await failImport(input.jobId, error.message);
        return { jobId: input.jobId, failed: true, totalRows: 0 };
      }
    case 'importChunk': {
      const result = await importChunk(input.jobId);
      logger.info('imported a chunk', { ...result });
      countBusinessEvent('ImportRowsImported', result.imported);
      countBusinessEvent('ImportRowsRejected', result.rejected);
      return { jobId: input.jobId, ...result };
    }
    case 'complete':
      await completeImport(input.jobId);
      return { jobId: input.jobId };
    case 'discard': {
      const result = await discardBatch(input.jobId);
      logger.info('discarded staged rows', { ...result });
      return { jobId: input.jobId, ...result };
    }
    case 'completeDiscard':
      await completeDiscard(input.jobId);
      return { jobId: input.jobId };
    case 'fail': {
      logger.error('import failed', { error: input.error });
      await failImport(input.jobId, GENERIC_FAILURE);
      return { jobId: input.jobId };
    }
  }
});
