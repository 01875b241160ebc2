import { beforeAll, describe, expect, it } from 'vitest';
import { workflowSchedules } from '../../lambdas/workflows/registry';
import { unsubscribeMessages } from '../../shared/api/unsubscribe';
import { call, createUser, type TestUser } from './support/home';
import { createProject } from './support/projects';
import { emailsTo, type StoredEmail } from './support/purchases';
import { describeWorkflow, startWorkflow } from './support/workflows';

/**
 * One-click unsubscribe on the bulk emails (issue 48, RFC 8058): the daily pipeline reminder, as the
 * schedule runs it, carries `List-Unsubscribe: <…/api/unsubscribe?token=…>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (read from the local SES's store); a GET of the
 * link changes nothing; the mail app's POST turns the reminders off, and the next run sends none.
 */

const DAY = 86_400_000;
/** Days of the test's own (the schedule's input gives the run's instant). */
const T = new Date(Date.UTC(2033, 4, 10, 9, 0, 0));
const today = T.toISOString().slice(0, 10);

let founder: TestUser;

async function runReminders(now: Date) {
  const input = { ...workflowSchedules.pipelineReminders.input, now: now.toISOString() };
  const executionArn = await startWorkflow('pipelineReminders', input);
  await expect
    .poll(async () => (await describeWorkflow(executionArn)).status, { timeout: 120_000, interval: 200 })
    .toBe('SUCCEEDED');
}

const remindersTo = async (user: TestUser) =>
  (await emailsTo(user.email)).filter((email) => /due in your pipeline$/.test(email.subject));

const header = (email: StoredEmail | undefined, name: string) =>
  email?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

beforeAll(async () => {
  founder = await createUser();
  const project = await createProject(founder, 'Raise Unsubscribe');
  const added = await call('POST', `/projects/${project.id}/pipeline/entries`, {
    token: founder.token,
    body: { contact: { name: 'Una Subscribe' } },
  });
  expect(added.status, added.text).toBe(201);
  const entry = (added.body as { data: { entry: { id: string; version: number } } }).data.entry;
  const changed = await call('PATCH', `/projects/${project.id}/pipeline/entries/${entry.id}`, {
    token: founder.token,
    body: { version: entry.version, nextStep: 'Call Una', nextStepDate: today },
  });
  expect(changed.status, changed.text).toBe(200);
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('sends the headers, GET changes nothing, the POST turns the reminders off and the next run sends none', async () => {
    await runReminders(T);
    const [reminder, ...more] = await remindersTo(founder);
    expect(more).toEqual([]);
    expect(header(reminder, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = header(reminder, 'List-Unsubscribe') ?? '';
    const match = /^<(https?:\/\/[^>]+\/api\/unsubscribe\?token=([A-Za-z0-9_-]{43}))>$/.exec(link);
    expect(match, link).not.toBeNull();
    const token = match?.[2] ?? '';

    // GET (a link checker, a prefetch, a person opening it): says what it does, changes nothing.
    const looked = await call('GET', `/unsubscribe?token=${token}`);
    expect(looked.status, looked.text).toBe(200);
    expect(looked.body).toMatchObject({ data: { email: 'Next-step reminder emails', on: true } });
    const me = await call('GET', '/me', { token: founder.token });
    expect(me.body).toMatchObject({ data: { pipelineReminders: true } });

    // The mail app's one-click POST (the link's /api/unsubscribe is the API's /unsubscribe).
    const posted = await call('POST', `/unsubscribe?token=${token}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body).toMatchObject({ data: { email: 'Next-step reminder emails', on: false } });
    const after = await call('GET', '/me', { token: founder.token });
    expect(after.body).toMatchObject({ data: { pipelineReminders: false } });
    // Again: still off, still 200.
    const again = await call('POST', `/unsubscribe?token=${token}`);
    expect(again.status, again.text).toBe(200);

    // The next day's run sends nothing more to this founder.
    await runReminders(new Date(T.getTime() + DAY));
    expect(await remindersTo(founder)).toHaveLength(1);
  });

  it('refuses a token that is not ours (404) and a body other than the one-click form (400)', async () => {
    for (const token of ['A'.repeat(43), 'not-a-token'])
      for (const method of ['GET', 'POST'] as const) {
        const response = await call(method, `/unsubscribe?token=${token}`);
        expect(response.status, response.text).toBe(404);
        expect(response.body).toMatchObject({ error: { message: unsubscribeMessages.badToken } });
      }
    const missing = await call('POST', '/unsubscribe');
    expect(missing.status, missing.text).toBe(400);
    const json = await call('POST', `/unsubscribe?token=${'A'.repeat(43)}`, { body: { on: false } });
    expect(json.status, json.text).toBe(400);
    const form = await call('POST', `/unsubscribe?token=${'A'.repeat(43)}`, {
      rawBody: 'List-Unsubscribe=Something-Else',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status, form.text).toBe(400);
  });
});
