import * as z from 'zod/mini';
import { logger } from '../lib/observability/logger';
import { RUN_LOCKS, type RunLock } from '../lib/table/models';
import { updateCurationJob } from '../lib/table/repositories/curation-jobs';
import {
  acquireFunctionLock,
  releaseFunctionLock,
  renewRunLock,
} from '../lib/table/repositories/function-runs';
import { updateTaxonomyJob } from '../lib/table/repositories/taxonomy';
import { taskHandler } from '../lib/task-handler';

const lockName = z.nullable(z.enum(RUN_LOCKS));
/** The run's token: only its owner renews or releases a lock (absent on runs that take none). */
const lockOwner = z._default(z.nullable(z.string()), null);

/** Every batch of a run renews its lock: a long run keeps it, a dead one lets it expire. */
const renew = (name: RunLock | null, owner: string | null) => renewRunLock({ name, owner });

const taskInput = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('mapBatch'),
    mode: z.enum(['unmapped', 'all', 'job']),
    jobId: z.optional(z.string()),
    cursor: z.nullable(z.string()),
    mapped: z.int(),
    lockName,
    lockOwner,
  }),
  z.object({ action: z.literal('aggregate'), lockName, lockOwner, mapped: z.int() }),
  // The recount, resumable: a run started, steps until the Scan is done, then the counters written.
  z.object({ action: z.literal('recountStart'), lockName, lockOwner }),
  z.object({ action: z.literal('recountStep'), runId: z.string(), lockName, lockOwner }),
  z.object({ action: z.literal('recountFinish'), runId: z.string(), lockName, lockOwner }),
  z.object({ action: z.literal('releaseLock'), lockName, lockOwner, mapped: z.int() }),
  // A field-merger run: its batches, then its end (or its failure).
  z.object({ action: z.literal('curationBatch'), jobId: z.string(), lockName, lockOwner }),
  z.object({ action: z.literal('curationComplete'), jobId: z.string() }),
  z.object({ action: z.literal('curationFail'), jobId: z.string() }),
  // A re-map of the taxonomy: its batches, then its end (or its failure).
  z.object({ action: z.literal('remapBatch'), jobId: z.string(), lockName, lockOwner }),
  z.object({ action: z.literal('remapComplete'), jobId: z.string() }),
  z.object({ action: z.literal('remapFail'), jobId: z.string() }),
  // An import takes the mapping lock before it publishes its rows (owner: the job), waiting while it is held.
  // A field-merger run and the scheduled recount take it the same way.
  z.object({
    action: z.literal('acquireLock'),
    lockName: z.enum(RUN_LOCKS),
    lockOwner: z.string(),
    startedBy: z._default(z.enum(['import', 'curation', 'schedule', 'taxonomy', 'migration']), 'import'),
  }),
]);

/**
 * Task handler of the mapping and aggregation workflows. Each kind of work (mapping, aggregation
 * and the recount, the field merger, the re-map) is imported when a task first needs it, a chunk of
 * its own in the bundle: a cold start for a lock or a mapping batch does not load the search index.
 * Each action is idempotent, so Step Functions may retry it: mapping folds records into
 * deterministic ids, aggregation (from the counters, after imports and mapping) writes a new
 * record, a recount step resumes from the state its last step saved (the admin's and the schedule's
 * recount: a Scan in steps, then every counter set), and releasing a lock that is gone does
 * nothing.
 */
export const handler = taskHandler(taskInput, async (input) => {
  logger.appendKeys({ action: input.action });
  switch (input.action) {
    case 'curationBatch': {
      const { curationBatch } = await import('../lib/directory/curation');
      const batch = await curationBatch(input.jobId, {
        lock: { name: input.lockName, owner: input.lockOwner },
      });
      logger.info('field-merger batch', { jobId: input.jobId, ...batch });
      return batch;
    }
    case 'curationComplete':
      await updateCurationJob(input.jobId, { status: 'succeeded', finishedAt: new Date().toISOString() });
      return { jobId: input.jobId };
    case 'curationFail':
      // The run holds the mapping lock under its own id from its first batch on: let the next run in.
      await releaseFunctionLock('mapping', input.jobId);
      await updateCurationJob(input.jobId, {
        status: 'failed',
        failureReason:
          'The change stopped before it reached every investor; what it changed stays. Please try again.',
        finishedAt: new Date().toISOString(),
      });
      return { jobId: input.jobId };
  }
  switch (input.action) {
    case 'remapBatch': {
      const { remapBatch } = await import('../lib/directory/taxonomy');
      const batch = await remapBatch(input.jobId, { lock: { name: input.lockName, owner: input.lockOwner } });
      logger.info('re-map batch', { jobId: input.jobId, ...batch });
      return batch;
    }
    case 'remapComplete':
      await updateTaxonomyJob(input.jobId, { status: 'succeeded', finishedAt: new Date().toISOString() });
      return { jobId: input.jobId };
    case 'remapFail':
      await releaseFunctionLock('mapping', input.jobId);
      await updateTaxonomyJob(input.jobId, {
        status: 'failed',
        failureReason:
          'The re-map stopped before it reached every investor; what it changed stays. Please start it again: it goes on from where it stopped.',
        finishedAt: new Date().toISOString(),
      });
      return { jobId: input.jobId };
  }
  const { lockName: name, lockOwner: owner } = input;
  switch (input.action) {
    case 'mapBatch': {
      await renew(name, owner);
      const { mapBatch } = await import('../lib/directory/mapping');
      const result = await mapBatch(input);
      logger.info('mapped a batch', { mapped: result.mapped, done: result.done });
      return { ...result, lockName: name, lockOwner: owner };
    }
    case 'aggregate': {
      await renew(name, owner);
      const { aggregateDirectory } = await import('../lib/directory/aggregation');
      const metadata = await aggregateDirectory();
      logger.info('aggregated the directory', { totalInvestors: metadata.totalInvestors });
      return {
        lockName: name,
        lockOwner: owner,
        mapped: input.mapped,
        totalInvestors: metadata.totalInvestors,
      };
    }
    case 'recountStart': {
      await renew(name, owner);
      const { startRecount } = await import('../lib/directory/aggregation');
      return await startRecount();
    }
    case 'recountStep': {
      await renew(name, owner);
      const { recountStep } = await import('../lib/directory/aggregation');
      const step = await recountStep(input.runId);
      logger.info('recount step', { ...step });
      return step;
    }
    case 'recountFinish': {
      await renew(name, owner);
      const { finishRecount } = await import('../lib/directory/aggregation');
      const metadata = await finishRecount(input.runId);
      logger.info('recounted the directory', { totalInvestors: metadata.totalInvestors });
      return { runId: input.runId, totalInvestors: metadata.totalInvestors };
    }
    case 'releaseLock': {
      if (name && owner) await releaseFunctionLock(name, owner);
      return {
        lockName: name,
        lockOwner: owner,
        mapped: input.mapped,
        released: name !== null && owner !== null,
      };
    }
    case 'acquireLock': {
      const acquired =
        (await acquireFunctionLock(input.lockName, input.startedBy, new Date(), input.lockOwner)) !== null;
      return { lockName: input.lockName, lockOwner: input.lockOwner, acquired };
    }
  }
});
