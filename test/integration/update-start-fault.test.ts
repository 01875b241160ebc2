import { beforeAll, describe, expect, it } from 'vitest';
import { updateMessages } from '../../shared/updates/limits';
import { PATIENCE_MS } from '../support/patience';
import { workflowStartsRefused } from './support/faults';
import { call, createUser, type TestUser } from './support/home';
import { createProject } from './support/projects';
import { emailsTo } from './support/purchases';
import { unique } from './support/seed';
import { describeWorkflow, startWorkflow } from './support/workflows';

/**
 * An investor update is never stuck "sending" (issue 53): when its workflow's start is refused (the
 * local Step Functions answering ThrottlingException to every start, as a throttled service does),
 * the founder is told nobody received it, the update shows as not sent, it does not count towards
 * the month's updates, its workflow run by hand sends nobody, and sending it again works.
 */

const u = unique();
let founder: TestUser;
let projectId = '';
let entryId = '';
const email = `update-start-${u}@investors.example`;

const data = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

interface Summary {
  id: string;
  subject: string;
  status: string;
  sent: number;
}

const send = (subject: string) =>
  call('POST', `/projects/${projectId}/updates`, {
    token: founder.token,
    body: {
      subject,
      includeMrr: false,
      includeCoverage: true,
      highlights: 'Two pilots signed.',
      lowlights: '',
      asks: '',
      recipientEntryIds: [entryId],
    },
  });

const listed = async () => {
  const response = await call('GET', `/projects/${projectId}/updates`, { token: founder.token });
  expect(response.status, response.text).toBe(200);
  return data<{ updates: Summary[] }>(response).updates;
};

const sentThisMonth = async () => {
  const response = await call('GET', `/projects/${projectId}/updates/draft`, { token: founder.token });
  expect(response.status, response.text).toBe(200);
  return data<{ limits: { sentThisMonth: number } }>(response).limits.sentThisMonth;
};

const received = async (subject: string) =>
  (await emailsTo(email)).filter((message) => message.subject.includes(subject));

beforeAll(async () => {
  founder = await createUser();
  expect((await call('GET', '/me', { token: founder.token })).status).toBe(200);
  projectId = (await createProject(founder, 'Start fault')).id;
  const added = await call('POST', `/projects/${projectId}/pipeline/entries`, {
    token: founder.token,
    body: { contact: { name: `Investor ${u}`, email, firm: 'Firm' } },
  });
  expect(added.status, added.text).toBe(201);
  entryId = data<{ entry: { id: string } }>(added).entry.id;
});

describe('an investor update whose sending cannot start', () => {
  it('fault: a refused workflow start marks the update not sent, tells the founder, and it can be sent again', async () => {
    const subject = `Update ${u} refused`;
    await workflowStartsRefused('updateSend', true);
    let refused: Awaited<ReturnType<typeof send>>;
    try {
      refused = await send(subject);
    } finally {
      await workflowStartsRefused('updateSend', false);
    }
    expect(refused.status, refused.text).toBe(502);
    expect(refused.text).toContain(updateMessages.startFailed);

    const [failed] = await listed();
    expect(failed).toMatchObject({ subject, status: 'failed', sent: 0 });
    expect(await sentThisMonth()).toBe(0);

    // Its workflow, if it ever ran (a start accepted whose answer was lost), sends nobody.
    const executionArn = await startWorkflow('updateSend', {
      projectId,
      updateId: (failed as Summary).id,
      totals: null,
    });
    await expect
      .poll(async () => (await describeWorkflow(executionArn)).status, {
        timeout: PATIENCE_MS,
        interval: 200,
      })
      .toBe('SUCCEEDED');
    expect((await listed())[0]).toMatchObject({ status: 'failed', sent: 0 });
    expect(await received(subject)).toHaveLength(0);

    // Sent again, it goes out once.
    const again = await send(`Update ${u} again`);
    expect(again.status, again.text).toBe(201);
    const againId = data<{ update: Summary }>(again).update.id;
    await expect
      .poll(async () => (await listed()).find((update) => update.id === againId)?.status, {
        timeout: PATIENCE_MS,
        interval: 200,
      })
      .toBe('sent');
    await expect
      .poll(async () => (await received(`Update ${u} again`)).length, { timeout: PATIENCE_MS, interval: 200 })
      .toBe(1);
    expect(await sentThisMonth()).toBe(1);
    expect(await received(subject)).toHaveLength(0);
  });
});
