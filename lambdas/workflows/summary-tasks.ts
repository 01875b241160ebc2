import * as z from 'zod/mini';
import { sendUpdateSummariesPage } from '../lib/library/update-summaries';
import { logger } from '../lib/observability/logger';
import { sendPipelineRemindersPage } from '../lib/pipeline/reminders';
import { taskHandler } from '../lib/task-handler';
import { addUp, pageTotals } from './page-totals';

const page = {
  cursor: z.nullable(z.string()),
  /** The run's instant: null on the first page (now), then the first page's, so one run is one week (one day). */
  now: z.nullable(z.iso.datetime({ offset: true })),
  /** The counts of each outcome over the pages before this one (null on the first). */
  totals: pageTotals,
};

const taskInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('summaryPage'), ...page }),
  z.object({ action: z.literal('pipelineRemindersPage'), ...page }),
]);

/**
 * Task handler of the founders' emails: the weekly update summaries (issue 20) and the daily
 * next-step reminders of the pipeline (issue 36), one page of founders per call. A page run again (a
 * retry after a crash) sends nobody a second email: each one is claimed for its week or day first.
 */
export const handler = taskHandler(taskInput, async (input) => {
  const now = input.now ? new Date(input.now) : new Date();
  if (input.action === 'pipelineRemindersPage') {
    const { cursor, outcomes } = await sendPipelineRemindersPage({ cursor: input.cursor, now });
    logger.info('pipeline reminders page', { outcomes });
    return { cursor, now: now.toISOString(), outcomes, totals: addUp(input.totals, outcomes) };
  }
  const { cursor, outcomes } = await sendUpdateSummariesPage({ cursor: input.cursor, now });
  logger.info('update summaries page', { outcomes });
  return { cursor, now: now.toISOString(), outcomes, totals: addUp(input.totals, outcomes) };
});
