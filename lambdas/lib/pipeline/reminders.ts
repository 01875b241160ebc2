import { BRAND } from '../../../shared/messages';
import { isDue, STAGE_LABELS } from '../../../shared/pipeline/stages';
import { siteConfig } from '../config';
import { sendEmail } from '../email';
import { logger } from '../observability/logger';
import type { PipelineEntryItem, PipelineReminder } from '../table/models';
import {
  claimPipelineReminder,
  getPipelineReminder,
  listEntries,
  listPipelineReminders,
  releasePipelineReminder,
} from '../table/repositories/pipeline';
import { listProjectsByCreator } from '../table/repositories/projects';
import { getUserProfiles } from '../table/repositories/users';

/**
 * The daily next-step reminders of the pipeline (issue 36; docs/decisions.md, "The fundraising
 * pipeline"): a page of founders at a time (the `PIPELINE_REMINDERS` index, never a Scan); for each,
 * the next steps due today or before (UTC days), claimed for the day before the email goes out,
 * given back when SES refuses it — the weekly summary's rule (`lambdas/lib/library/update-summaries.ts`).
 */

export const REMINDER_PAGE_SIZE = 50;

export interface DueStep {
  readonly projectId: string;
  readonly projectName: string;
  readonly entry: PipelineEntryItem;
}

/** The reminder email of one founder. */
export function reminderEmail(to: string, due: readonly DueStep[], today: string) {
  const site = siteConfig().SITE_URL;
  const byProject = new Map<string, DueStep[]>();
  for (const step of due) byProject.set(step.projectId, [...(byProject.get(step.projectId) ?? []), step]);
  const lines = [...byProject.values()].flatMap((steps) => [
    `${steps[0]?.projectName ?? ''}: ${site}/projects/${steps[0]?.projectId ?? ''}/pipeline`,
    ...steps.map(
      ({ entry }) =>
        `  ${entry.name}${entry.firm ? ` (${entry.firm})` : ''}, ${STAGE_LABELS[entry.stage]}: ${entry.nextStep ?? 'next step'}, ${
          (entry.nextStepDate ?? today) < today ? `overdue since ${entry.nextStepDate}` : 'due today'
        }`,
    ),
    '',
  ]);
  return {
    to,
    subject:
      due.length === 1
        ? 'A next step is due in your pipeline'
        : `${due.length} next steps are due in your pipeline`,
    text: [
      'These next steps in your fundraising pipeline are due today or overdue:',
      '',
      ...lines,
      `You get at most one of these emails a day, only when a next step is due. To stop them, turn off "Next-step reminder emails" in your account settings: ${site}/account/settings`,
      '',
      `— ${BRAND}`,
    ].join('\n'),
  };
}

/** Every next step of a founder's pipelines due on `today` (an investor who passed is left out). */
async function dueSteps(userId: string, today: string): Promise<DueStep[]> {
  const projects = await listProjectsByCreator(userId);
  const due: DueStep[] = [];
  for (const project of projects) {
    for (const entry of await listEntries(project.id))
      if (entry.stage !== 'passed' && isDue(entry.nextStepDate, today))
        due.push({ projectId: project.id, projectName: project.name, entry });
  }
  return due.sort(
    (a, b) =>
      (a.entry.nextStepDate ?? '').localeCompare(b.entry.nextStepDate ?? '') ||
      a.entry.name.localeCompare(b.entry.name),
  );
}

export type ReminderOutcome = 'sent' | 'off' | 'nothing' | 'already' | 'refused';

async function remind(
  listed: PipelineReminder,
  email: string | null,
  enabled: boolean,
  today: string,
): Promise<ReminderOutcome> {
  if (!enabled || !email) return 'off';
  // The index's copy may lag the item (a day claimed then given back a moment ago): the day sent is
  // read from the item itself, strongly consistent (the weekly summary's rule).
  const reminder = (await getPipelineReminder(listed.userId)) ?? listed;
  if (reminder.lastSentDay === today) return 'already';
  const due = await dueSteps(reminder.userId, today);
  if (due.length === 0) return 'nothing';
  if (!(await claimPipelineReminder(reminder, today))) return 'already';
  try {
    await sendEmail(reminderEmail(email, due, today));
  } catch (error) {
    // Given back: the next run sends it. Other founders go on.
    logger.error('a pipeline reminder was not sent', { userId: reminder.userId, error });
    await releasePipelineReminder(reminder, today);
    return 'refused';
  }
  return 'sent';
}

/**
 * One page of founders: each gets today's reminder unless it is off, was sent today, or nothing is
 * due. Returns the next page's cursor (null after the last) and the count of each outcome.
 */
export async function sendPipelineRemindersPage(input: {
  cursor: string | null;
  now: Date;
  limit?: number;
}): Promise<{ cursor: string | null; outcomes: Record<ReminderOutcome, number> }> {
  const today = input.now.toISOString().slice(0, 10);
  const page = await listPipelineReminders(input.cursor, input.limit ?? REMINDER_PAGE_SIZE);
  const profiles = await getUserProfiles(page.items.map((reminder) => reminder.userId));
  const outcomes: Record<ReminderOutcome, number> = { sent: 0, off: 0, nothing: 0, already: 0, refused: 0 };
  for (const reminder of page.items) {
    const profile = profiles.get(reminder.userId);
    const outcome = await remind(reminder, profile?.email ?? null, profile?.pipelineReminders ?? true, today);
    outcomes[outcome] += 1;
  }
  return { cursor: page.cursor, outcomes };
}
