import { beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_PAGE_SIZE } from '../../lambdas/lib/pipeline/reminders';
import {
  claimPipelineReminder,
  enrolForPipelineReminders,
  getPipelineReminder,
} from '../../lambdas/lib/table/repositories/pipeline';
import { workflowSchedules } from '../../lambdas/workflows/registry';
import { call, createUser, type TestUser } from './support/home';
import { createProject } from './support/projects';
import { emailsTo, sesRefusesTo } from './support/purchases';
import { unique } from './support/seed';
import { describeWorkflow, startWorkflow } from './support/workflows';

/**
 * The daily next-step reminders of the pipeline (issue 36), run as the schedule runs it (the
 * `pipelineReminders` workflow, with the run's instant given so days are the test's): one email a
 * day at most, only when a next step is due (today or overdue), none when off; SES refusing one
 * founder stops no one else and that founder gets it on the next run; a day claimed by a run that
 * crashed before sending sends nothing more that day.
 */

const u = unique();
const DAY = 86_400_000;
/** A day of the test's own (the schedule's input gives the run's instant). */
const T = new Date(Date.UTC(2031, 2, 10, 9, 0, 0));
const today = T.toISOString().slice(0, 10);
const yesterday = new Date(T.getTime() - DAY).toISOString().slice(0, 10);
const tomorrow = new Date(T.getTime() + DAY).toISOString().slice(0, 10);

type Label = 'due' | 'overdue' | 'refused' | 'off' | 'later' | 'crashed' | 'passed';
const founders = {} as Record<Label, TestUser>;

async function withNextStep(user: TestUser, name: string, date: string, stage?: string) {
  const project = await createProject(user, `Raise ${name}`);
  const added = await call('POST', `/projects/${project.id}/pipeline/entries`, {
    token: user.token,
    body: { contact: { name } },
  });
  expect(added.status).toBe(201);
  const entry = (added.body as { data: { entry: { id: string; version: number } } }).data.entry;
  const body: Record<string, unknown> = {
    version: entry.version,
    nextStep: `Call ${name}`,
    nextStepDate: date,
  };
  if (stage === 'passed') Object.assign(body, { stage: 'passed', passReason: 'timing' });
  const changed = await call('PATCH', `/projects/${project.id}/pipeline/entries/${entry.id}`, {
    token: user.token,
    body,
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
}

/** What the last run said it did (its output: the counts of each outcome over every page). */
let lastRun = '';

async function runReminders(now: Date) {
  const input = { ...workflowSchedules.pipelineReminders.input, now: now.toISOString() };
  const executionArn = await startWorkflow('pipelineReminders', input);
  await expect
    .poll(async () => (await describeWorkflow(executionArn)).status, { timeout: 120_000, interval: 200 })
    .toBe('SUCCEEDED');
  lastRun = (await describeWorkflow(executionArn)).output ?? '';
}

const remindersTo = async (user: TestUser) =>
  (await emailsTo(user.email)).filter((email) => /due in your pipeline$/.test(email.subject));

/** The founder's reminders, expected `count`; a failure says what the run counted and the founder's record. */
async function expectReminders(user: TestUser, count: number) {
  const reminders = await remindersTo(user);
  const seen = async () => JSON.stringify({ run: lastRun, reminder: await getPipelineReminder(user.sub) });
  expect(reminders, reminders.length === count ? '' : await seen()).toHaveLength(count);
  return reminders;
}

/** Founders ahead of every founder here in the index's order ('!' sorts before any user id): over a page. */
const AHEAD = REMINDER_PAGE_SIZE + 10;

beforeAll(async () => {
  // Every founder below is on a later page than these: a run reaches them only by paging on.
  const at = new Date().toISOString();
  for (let i = 0; i < AHEAD; i++)
    await enrolForPipelineReminders(`!ahead-${u}-${String(i).padStart(3, '0')}`, at);
  const labels: Label[] = ['due', 'overdue', 'refused', 'off', 'later', 'crashed', 'passed'];
  const users = await Promise.all(labels.map(() => createUser()));
  labels.forEach((label, i) => {
    founders[label] = users[i] as TestUser;
  });
  await Promise.all([
    withNextStep(founders.due, `Dana ${u}`, today),
    withNextStep(founders.overdue, `Olu ${u}`, yesterday),
    withNextStep(founders.refused, `Rae ${u}`, today),
    withNextStep(founders.off, `Otto ${u}`, today),
    withNextStep(founders.later, `Lia ${u}`, tomorrow),
    withNextStep(founders.crashed, `Cy ${u}`, today),
    withNextStep(founders.passed, `Pat ${u}`, today, 'passed'),
  ]);
}, 120_000);

describe('the daily next-step reminders', () => {
  it('lets a founder turn them off, and says so on GET /me', async () => {
    const off = await call('PUT', '/me/pipeline-reminders', {
      token: founders.off.token,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ data: { pipelineReminders: false, updateEmails: true } });
    const bad = await call('PUT', '/me/pipeline-reminders', {
      token: founders.off.token,
      body: { enabled: 'no' },
    });
    expect(bad.status).toBe(400);
    expect((await call('GET', '/me', { token: founders.off.token })).body).toMatchObject({
      data: { pipelineReminders: false },
    });
  });

  it('emails the founders with a step due today or overdue; SES refusing one stops no one else', async () => {
    const crashed = await getPipelineReminder(founders.crashed.sub);
    expect(crashed).not.toBeNull();
    // As a run that crashed after claiming the founder's day (before sending) left it.
    expect(await claimPipelineReminder(crashed as NonNullable<typeof crashed>, today)).toBe(true);

    await sesRefusesTo([founders.refused.email]);
    try {
      await runReminders(T);
    } finally {
      await sesRefusesTo([founders.refused.email], false);
    }
    const [toDue] = await expectReminders(founders.due, 1);
    expect(toDue?.subject).toBe('A next step is due in your pipeline');
    const text = JSON.stringify(toDue);
    expect(text).toContain(`Call Dana ${u}`);
    expect(text).toContain('due today');
    expect(text).toContain('/pipeline');
    expect(text).toContain('Next-step reminder emails');
    expect(JSON.stringify(await remindersTo(founders.overdue))).toContain(`overdue since ${yesterday}`);
    for (const label of ['refused', 'off', 'later', 'crashed', 'passed'] as const)
      expect(await remindersTo(founders[label]), label).toHaveLength(0);
    expect((await getPipelineReminder(founders.refused.sub))?.lastSentDay).not.toBe(today);
    // The run's output counts every page: at least Dana and Olu sent, Rae refused, and the founders
    // ahead of them (no profile, so no email) off; other files' founders may add to each.
    const { totals } = JSON.parse(lastRun) as { totals: Record<string, number> };
    expect(totals.sent).toBeGreaterThanOrEqual(2);
    expect(totals.refused).toBeGreaterThanOrEqual(1);
    expect(totals.off).toBeGreaterThanOrEqual(AHEAD + 1);
  }, 150_000);

  it('sends nobody a second reminder the same day, and the refused founder gets theirs on the next run', async () => {
    await runReminders(new Date(T.getTime() + 3 * 3_600_000));
    await expectReminders(founders.due, 1);
    await expectReminders(founders.overdue, 1);
    await expectReminders(founders.refused, 1);
    for (const label of ['off', 'later', 'crashed', 'passed'] as const)
      expect(await remindersTo(founders[label]), label).toHaveLength(0);
  }, 150_000);

  it('the next day: the steps still due again, once, and the one that came due', async () => {
    await runReminders(new Date(T.getTime() + DAY));
    await runReminders(new Date(T.getTime() + DAY + 60_000));
    await expectReminders(founders.due, 2);
    await expectReminders(founders.later, 1);
    await expectReminders(founders.crashed, 1);
    expect(await remindersTo(founders.off)).toHaveLength(0);
    expect(await remindersTo(founders.passed)).toHaveLength(0);
  }, 300_000);
});
