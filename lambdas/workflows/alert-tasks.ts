import * as z from 'zod/mini';
import { logger } from '../lib/observability/logger';
import { sendSearchAlertsPage } from '../lib/shortlist/search-alerts';
import { taskHandler } from '../lib/task-handler';
import { addUp, pageTotals } from './page-totals';

const taskInput = z.object({
  action: z.literal('alertPage'),
  cursor: z.nullable(z.string()),
  /** The run's instant: null on the first page (now), then the first page's, so one run is one week. */
  now: z.nullable(z.iso.datetime({ offset: true })),
  /** The counts of each outcome over the pages before this one (null on the first). */
  totals: pageTotals,
});

/**
 * Task handler of the weekly saved-search alert (issue 35): one page of founders per call. A page run
 * again (a retry after a crash) sends nobody a second alert: each one is claimed for the week first.
 */
export const handler = taskHandler(taskInput, async (input) => {
  const now = input.now ? new Date(input.now) : new Date();
  const { cursor, outcomes } = await sendSearchAlertsPage({ cursor: input.cursor, now });
  logger.info('search alerts page', { outcomes });
  return { cursor, now: now.toISOString(), outcomes, totals: addUp(input.totals, outcomes) };
});
