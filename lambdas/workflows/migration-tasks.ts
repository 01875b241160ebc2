import * as z from 'zod/mini';
import { logger } from '../lib/observability/logger';
import { renewRunLock } from '../lib/table/repositories/function-runs';
import { taskHandler } from '../lib/task-handler';

const counts = z.record(z.string(), z.object({ scanned: z.int(), moved: z.int() }));

const taskInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('migrationStart') }),
  z.object({
    action: z.literal('migrationStep'),
    runId: z.string(),
    phase: z.enum(['identities', 'references']),
    cursor: z.nullable(z.string()),
    counts,
  }),
]);

/**
 * Task handler of the migration of investor ids (issue 48, `idMigration`): the run's first state,
 * then its steps, each renewing the mapping lock the run holds (no import or mapping writes an id
 * while the references move). Each step is idempotent: retried, or the run started again after a
 * crash, it moves nothing twice (lambdas/lib/directory/id-migration.ts).
 */
export const handler = taskHandler(taskInput, async (input) => {
  const { migrationStep, startMigration } = await import('../lib/directory/id-migration');
  if (input.action === 'migrationStart') return startMigration();
  await renewRunLock({ name: 'mapping', owner: input.runId });
  const state = await migrationStep({ ...input, done: false });
  logger.info('migration step', { phase: state.phase, done: state.done, counts: state.counts });
  return state;
});
