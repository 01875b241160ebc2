import * as z from 'zod/mini';
import { logger } from '../lib/observability/logger';
import { sendDueReminders } from '../lib/portals/reminders';
import { taskHandler } from '../lib/task-handler';

const taskInput = z.object({ action: z.literal('remind') });

/**
 * Task handler of the investor reminders workflow (issue 21): the listed investors whose last
 * confirmation is 6 months old are emailed once to confirm it. A retry sends no second reminder.
 */
export const handler = taskHandler(taskInput, async () => {
  const run = await sendDueReminders(new Date());
  logger.info('sent the due reminders', { ...run });
  return run;
});
