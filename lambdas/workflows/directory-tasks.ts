import * as z from 'zod/mini';
import { aggregateDirectory, recountDirectory } from '../lib/directory/aggregation';
import { mapBatch } from '../lib/directory/mapping';
import { logger } from '../lib/observability/logger';
import { ADMIN_FUNCTIONS } from '../lib/table/models';
import { releaseFunctionLock } from '../lib/table/repositories/function-runs';
import { taskHandler } from '../lib/task-handler';

const lockName = z.nullable(z.enum(ADMIN_FUNCTIONS));

const taskInput = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('mapBatch'),
    mode: z.enum(['unmapped', 'all', 'job']),
    jobId: z.optional(z.string()),
    cursor: z.nullable(z.string()),
    mapped: z.int(),
    lockName,
  }),
  z.object({ action: z.literal('aggregate'), lockName, mapped: z.int() }),
  z.object({ action: z.literal('recount'), lockName, mapped: z.int() }),
  z.object({ action: z.literal('releaseLock'), lockName, mapped: z.int() }),
]);

/**
 * Task handler of the mapping and aggregation workflows. Each action is idempotent, so Step
 * Functions may retry it: mapping folds records into deterministic ids, aggregation (from the
 * counters, after imports and mapping) and the recount (a full scan that sets every counter, the
 * admin's and the schedule's aggregation) write a new record, and releasing a lock that is gone
 * does nothing.
 */
export const handler = taskHandler(taskInput, async (input) => {
  logger.appendKeys({ action: input.action, lockName: input.lockName });
  switch (input.action) {
    case 'mapBatch': {
      const result = await mapBatch(input);
      logger.info('mapped a batch', { mapped: result.mapped, done: result.done });
      return { ...result, lockName: input.lockName };
    }
    case 'aggregate': {
      const metadata = await aggregateDirectory();
      logger.info('aggregated the directory', { totalInvestors: metadata.totalInvestors });
      return { lockName: input.lockName, mapped: input.mapped, totalInvestors: metadata.totalInvestors };
    }
    case 'recount': {
      const metadata = await recountDirectory();
      logger.info('recounted the directory', { totalInvestors: metadata.totalInvestors });
      return { lockName: input.lockName, mapped: input.mapped, totalInvestors: metadata.totalInvestors };
    }
    case 'releaseLock': {
      if (input.lockName) await releaseFunctionLock(input.lockName);
      return { lockName: input.lockName, mapped: input.mapped, released: input.lockName !== null };
    }
  }
});
