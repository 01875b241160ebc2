import * as z from 'zod/mini';
import { sendUpdateSummariesPage } from '../lib/library/update-summaries';
import { logger } from '../lib/observability/logger';
import { taskHandler } from '../lib/task-handler';

const taskInput = z.object({
  action: z.literal('summaryPage'),
  cursor: z.nullable(z.string()),
  /** The run's instant: null on the first page (now), then the first page's, so one run is one week. */
  now: z.nullable(z.iso.datetime({ offset: true })),
});

/**
 * Task handler of the weekly update summaries (issue 20): one page of buyers per call. A page run
 * again (a retry after a crash) sends nobody a second summary: each one is claimed for the week first.
 */
export const handler = taskHandler(taskInput, async (input) => {
  const now = input.now ? new Date(input.now) : new Date();
  const { cursor, outcomes } = await sendUpdateSummariesPage({ cursor: input.cursor, now });
  logger.info('update summaries page', { outcomes });
  return { cursor, now: now.toISOString(), outcomes };
});
