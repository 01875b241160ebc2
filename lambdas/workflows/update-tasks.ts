import * as z from 'zod/mini';
import { logger } from '../lib/observability/logger';
import { taskHandler } from '../lib/task-handler';
import { sendUpdatePage } from '../lib/updates/sending';
import { addUp, pageTotals } from './page-totals';

const taskInput = z.object({
  action: z.literal('sendPage'),
  projectId: z.string(),
  updateId: z.string(),
  /** The counts of each outcome over the steps before this one (null on the first). */
  totals: pageTotals,
});

/**
 * Task handler of the `updateSend` workflow (issue 53): a few recipients of one investor update per
 * call. A step run again (a retry after a crash) sends nobody twice: each recipient is claimed first.
 */
export const handler = taskHandler(taskInput, async (input) => {
  const { more, outcomes } = await sendUpdatePage({
    projectId: input.projectId,
    updateId: input.updateId,
    now: new Date(),
  });
  logger.info('investor update page', { updateId: input.updateId, outcomes });
  return { more, totals: addUp(input.totals, outcomes) };
});
