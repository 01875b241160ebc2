import { groupDigits } from '../../../shared/format/numbers';
import { BRAND } from '../../../shared/messages';
import { isDue, STAGE_LABELS } from '../../../shared/pipeline/stages';
import { withUnsubscribe } from '../account/unsubscribe-link';
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
/** The due steps one email lists (the earliest first); the rest are counted (issue 48). */
export const REMINDER_STEPS_SHOWN = 50;
/** The projects of one founder a reminder reads, the newest first (each at most MAX_PIPELINE_ENTRIES). */
export const REMINDER_PROJECTS_READ = 10;

export interface DueStep {
  readonly projectId: string;
  readonly projectName: string;
  readonly entry: PipelineEntryItem;
}

/** What a founder's reminder tells: the first steps due, how many are due in all, the projects not read. */
export interface DueSteps {
  readonly shown: readonly DueStep[];
  readonly total: number;
  readonly projectsNotRead: number;
}

/** The reminder email of one founder: at most {@link REMINDER_STEPS_SHOWN} steps and a count of the rest. */
export function reminderEmail(to: string, due: DueSteps, today: string) {
  const site = siteConfig().SITE_URL;
  const byProject = new Map<string, DueStep[]>();
  for (const step of due.shown)
    byProject.set(step.projectId, [...(byProject.get(step.projectId) ?? []), step]);
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
  const more = due.total - due.shown.length;
  return {
    to,
    subject:
      due.total === 1
        ? 'A next step is due in your pipeline'
        : `${groupDigits(due.total)} next steps are due in your pipeline`,
    text: [
      'These next steps in your fundraising pipeline are due today or overdue:',
      '',
      ...lines,
      ...(more > 0
        ? [
            `…and ${groupDigits(more)} more next ${more === 1 ? 'step' : 'steps'} due: see your pipelines at ${site}/projects`,
            '',
          ]
        : []),
      ...(due.projectsNotRead > 0
        ? [
            `This email reads your ${REMINDER_PROJECTS_READ} newest projects; the pipelines of your other ${groupDigits(due.projectsNotRead)} are at ${site}/projects`,
            '',
          ]
        : []),
      `You get at most one of these emails a day, only when a next step is due. To stop them, turn off "Next-step reminder emails" in your account settings: ${site}/account/settings`,
      '',
      `— ${BRAND}`,
    ].join('\n'),
  };
}

const earlier = (a: DueStep, b: DueStep) =>
  (a.entry.nextStepDate ?? '').localeCompare(b.entry.nextStepDate ?? '') ||
  a.entry.name.localeCompare(b.entry.name) ||
  a.entry.id.localeCompare(b.entry.id);

/**
 * The next steps of a founder's newest projects due on `today` (an investor who passed is left out):
 * the earliest {@link REMINDER_STEPS_SHOWN}, and how many are due in all.
 */
async function dueSteps(userId: string, today: string): Promise<DueSteps> {
  const projects = await listProjectsByCreator(userId);
  const read = projects.slice(0, REMINDER_PROJECTS_READ);
  let shown: DueStep[] = [];
  let total = 0;
  for (const project of read) {
    for (const entry of await listEntries(project.id))
      if (entry.stage !== 'passed' && isDue(entry.nextStepDate, today)) {
        total += 1;
        shown.push({ projectId: project.id, projectName: project.name, entry });
      }
    // Only the earliest are kept as the projects are read: one email, whatever the pipelines hold.
    shown = shown.sort(earlier).slice(0, REMINDER_STEPS_SHOWN);
  }
  return { shown, total, projectsNotRead: projects.length - read.length };
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
  if (due.total === 0) return 'nothing';
  if (!(await claimPipelineReminder(reminder, today))) return 'already';
  try {
    await sendEmail(
      await withUnsubscribe(
        reminderEmail(email, due, today),
        reminder.userId,
        'pipelineReminders',
        new Date(),
      ),
    );
  } catch (error) {
    // Given back: the next run sends it. Other founders go on.
    logger.error('a pipeline reminder was not sent', { userId: reminder.userId, error });
    await releasePipelineReminder(reminder, today);
    return 'refused';
  }
  return 'sent';
}

/**
 * One page of the founders who keep a pipeline (the workflow reminds each in its own step, so that
 * one founder's failure stops no one else: issue 48). Returns their user ids and the next page's
 * cursor (null after the last).
 */
export async function listPipelineReminderFounders(input: {
  cursor: string | null;
  limit?: number;
}): Promise<{ userIds: string[]; cursor: string | null }> {
  const page = await listPipelineReminders(input.cursor, input.limit ?? REMINDER_PAGE_SIZE);
  return { userIds: page.items.map((reminder) => reminder.userId), cursor: page.cursor };
}

/**
 * One founder's reminder for the day of `now`, unless it is off, was sent that day, or nothing is
 * due. A failure is thrown (the workflow retries the founder, then records it and goes on); nothing
 * was claimed before it, so the next run tries again.
 */
export async function sendPipelineReminder(input: { userId: string; now: Date }): Promise<ReminderOutcome> {
  const today = input.now.toISOString().slice(0, 10);
  const reminder = await getPipelineReminder(input.userId);
  if (!reminder) return 'nothing';
  const profile = (await getUserProfiles([input.userId])).get(input.userId);
  return remind(reminder, profile?.email ?? null, profile?.pipelineReminders ?? true, today);
}
