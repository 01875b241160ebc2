import * as z from 'zod/mini';
import { sendUpdateSummariesPage } from '../lib/library/update-summaries';
import { logger } from '../lib/observability/logger';
import {
  listPipelineReminderFounders,
  type ReminderOutcome,
  sendPipelineReminder,
} from '../lib/pipeline/reminders';
import { aggregateResponseTimes } from '../lib/pipeline/response-times';
import { taskHandler } from '../lib/task-handler';
import { addUp, pageTotals } from './page-totals';

const page = {
  cursor: z.nullable(z.string()),
  /** The run's instant: null on the first page (now), then the first page's, so one run is one week (one day). */
  now: z.nullable(z.iso.datetime({ offset: true })),
  /** The counts of each outcome over the pages before this one (null on the first). */
  totals: pageTotals,
};

/** The founders whose reminder failed in a run (issue 48): named in its output, at most this many. */
export const FAILED_FOUNDERS_NAMED = 50;
const failed = z.nullable(z.array(z.string()));
const now = z.iso.datetime({ offset: true });

const taskInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('summaryPage'), ...page }),
  z.object({ action: z.literal('pipelineRemindersFounders'), ...page, failed }),
  z.object({ action: z.literal('pipelineReminder'), userId: z.string(), now }),
  // How fast investors answer (issue 52): one run over every founder who shares.
  z.object({ action: z.literal('responseTimes'), now: z.nullable(now) }),
  z.object({
    action: z.literal('pipelineRemindersTally'),
    ...page,
    now,
    failed,
    results: z.array(
      z.object({
        userId: z.string(),
        outcome: z.string(),
        error: z.optional(z.nullable(z.string())),
      }),
    ),
  }),
]);

/**
 * Task handler of the founders' emails: the weekly update summaries (issue 20) and the daily
 * next-step reminders of the pipeline (issue 36), one page of founders per call. A page run again (a
 * retry after a crash) sends nobody a second email: each one is claimed for its week or day first.
 */
export const handler = taskHandler(taskInput, async (input) => {
  const at = input.now ? new Date(input.now) : new Date();
  // The pipeline reminders (issue 48): a page of founders, then each founder in a step of their own
  // (the ASL's Map, whose Catch records a founder that failed), then the page's outcomes added up.
  if (input.action === 'pipelineRemindersFounders') {
    const { userIds, cursor } = await listPipelineReminderFounders({ cursor: input.cursor });
    return { userIds, cursor, now: at.toISOString(), totals: input.totals, failed: input.failed ?? [] };
  }
  if (input.action === 'responseTimes') return aggregateResponseTimes(at);
  if (input.action === 'pipelineReminder') {
    const outcome: ReminderOutcome = await sendPipelineReminder({ userId: input.userId, now: at });
    return { userId: input.userId, outcome };
  }
  if (input.action === 'pipelineRemindersTally') {
    const outcomes: Record<string, number> = {};
    const names = [...(input.failed ?? [])];
    for (const result of input.results) {
      outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
      if (result.outcome !== 'failed') continue;
      logger.error('a pipeline reminder failed: the next run tries again', {
        userId: result.userId,
        error: result.error ?? null,
      });
      if (names.length < FAILED_FOUNDERS_NAMED) names.push(result.userId);
    }
    logger.info('pipeline reminders page', { outcomes });
    return {
      cursor: input.cursor,
      now: at.toISOString(),
      totals: addUp(input.totals, outcomes),
      failed: names,
    };
  }
  const { cursor, outcomes } = await sendUpdateSummariesPage({ cursor: input.cursor, now: at });
  logger.info('update summaries page', { outcomes });
  return { cursor, now: at.toISOString(), outcomes, totals: addUp(input.totals, outcomes) };
});
