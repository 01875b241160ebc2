import { beforeAll, describe, expect, it } from 'vitest';
import { newEntry } from '../../lambdas/lib/pipeline/pipeline';
import { REMINDER_PAGE_SIZE, REMINDER_STEPS_SHOWN } from '../../lambdas/lib/pipeline/reminders';
import { batchWrite, deleteRequest, putRequest } from '../../lambdas/lib/table/batch';
import { pipelineEntryModel } from '../../lambdas/lib/table/models';
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

describe('a founder whose reminder fails, and one with very large pipelines (issue 48)', () => {
  /** A later day of the test's own, so the founders above have had theirs. */
  const T2 = new Date(T.getTime() + 10 * DAY);
  const day2 = T2.toISOString().slice(0, 10);
  let broken: TestUser;
  let large: TestUser;
  let plain: TestUser;
  let brokenItem: Record<string, unknown> = {};

  const dueEntry = (projectId: string, i: number, name: string) =>
    newEntry(
      projectId,
      {
        id: `prv-due${i}`,
        kind: 'private',
        investorId: null,
        contactId: `due${i}`,
        name,
        firm: null,
        title: null,
        nextStep: `Follow up ${name}`,
        nextStepDate: day2,
      },
      new Date().toISOString(),
    );

  beforeAll(async () => {
    [broken, large, plain] = await Promise.all([createUser(), createUser(), createUser()]);
    await withNextStep(plain, `Pia ${u}`, day2);
    await withNextStep(broken, `Bo ${u}`, day2);
    // A stored entry that no longer reads (a stage that does not exist): reading the founder's
    // pipelines fails, however often it is tried.
    const brokenProject = await createProject(broken, `Broken ${u}`);
    brokenItem = {
      ...pipelineEntryModel.toItem(dueEntry(brokenProject.id, 0, `Broken ${u}`)),
      stage: 'no-such-stage',
    };
    await batchWrite([putRequest(brokenItem)]);
    // Ten projects of 1,000 due steps each.
    for (let p = 0; p < 10; p++) {
      const project = await createProject(large, `Large ${p} ${u}`);
      await batchWrite(
        Array.from({ length: 1000 }, (_, i) =>
          putRequest(
            pipelineEntryModel.toItem(
              dueEntry(project.id, i, `Large ${String(p).padStart(2, '0')}-${String(i).padStart(4, '0')}`),
            ),
          ),
        ),
      );
    }
    // As the board's first add does: the founder's profile (GET /me) and their enrolment.
    expect((await call('GET', '/me', { token: large.token })).status).toBe(200);
    await enrolForPipelineReminders(large.sub, new Date().toISOString());
  }, 300_000);

  it('reminds every other founder, names the one that failed, and reminds them at the next run; the large pipelines make one bounded email', async () => {
    await runReminders(T2);
    const output = JSON.parse(lastRun) as { totals: Record<string, number>; failed: string[] };
    expect(output.failed).toContain(broken.sub);
    expect(output.totals.failed).toBeGreaterThanOrEqual(1);
    await expectReminders(plain, 1);
    expect(await remindersTo(broken)).toHaveLength(0);
    // Nothing was claimed for the founder that failed.
    expect((await getPipelineReminder(broken.sub))?.lastSentDay).not.toBe(day2);

    const [toLarge] = await expectReminders(large, 1);
    expect(toLarge?.subject).toBe('10,000 next steps are due in your pipeline');
    const text = toLarge?.body.text ?? '';
    const listed = text.split('\n').filter((line) => line.includes('Follow up Large'));
    expect(listed).toHaveLength(REMINDER_STEPS_SHOWN);
    expect(text).toContain(
      `…and ${(10_000 - REMINDER_STEPS_SHOWN).toLocaleString('en-US')} more next steps due`,
    );
    expect(text.length).toBeLessThan(20_000);

    // Once the entry reads again, the next run reminds the founder that failed (once).
    await batchWrite([deleteRequest({ pk: String(brokenItem.pk), sk: String(brokenItem.sk) })]);
    await runReminders(new Date(T2.getTime() + 3_600_000));
    await expectReminders(broken, 1);
    await expectReminders(plain, 1);
    await expectReminders(large, 1);
  }, 300_000);
});
