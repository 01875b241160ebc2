import { beforeAll, describe, expect, it } from 'vitest';
import { listProjectTransactions } from '../../lambdas/lib/table/repositories/transactions';
import {
  claimRecipient,
  createUpdate,
  listRecipients,
  newLinkToken,
  newUpdateId,
} from '../../lambdas/lib/table/repositories/updates';
import { computeMrrReport } from '../../shared/insights/mrr';
import { MAX_UPDATES_PER_MONTH, updateMessages } from '../../shared/updates/limits';
import { mrrFigures, mrrLine } from '../../shared/updates/prefill';
import { PATIENCE_MS } from '../support/patience';
import { call, createUser, type TestUser } from './support/home';
import { createProject } from './support/projects';
import { emailsTo, type StoredEmail, sesRefusesTo } from './support/purchases';
import { unique } from './support/seed';
import { connectProject } from './support/stripe';
import { describeWorkflow, startWorkflow } from './support/workflows';

/**
 * Monthly investor updates (issue 53), through the API and the `updateSend` workflow as it runs: the
 * draft's figures (MRR from the connected Stripe account, the round's coverage from the pipeline's
 * Committed entries), recipients chosen from the pipeline, one email to each (from our sender, the
 * founder as Reply-To, text and HTML, one-click unsubscribe) with SES refusing one (recorded as
 * bounced, and never sent to again), a run after a crash that sends nobody twice, an unsubscribe
 * honoured by the next update, the monthly limit, and the web copy readable by its link only.
 */

const u = unique();
let founder: TestUser;
let other: TestUser;
let projectId = '';
let raiseProjectId = '';

type Label = 'committed' | 'warm' | 'refused' | 'quiet' | 'crashed' | 'later';
const emailOf = (label: Label) => `update-${label}-${u}@investors.example`;
const entryIds = {} as Record<Label, string>;

const data = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

interface Summary {
  id: string;
  status: string;
  webToken: string;
  recipients: number;
  sent: number;
  delivered: number;
  bounced: number;
  skipped: number;
  opened: number;
}

async function addContact(project: string, label: Label, stage: string, amount: number | null = null) {
  const added = await call('POST', `/projects/${project}/pipeline/entries`, {
    token: founder.token,
    body: { contact: { name: `Investor ${label} ${u}`, email: emailOf(label), firm: `Firm ${label}` } },
  });
  expect(added.status, added.text).toBe(201);
  const entry = data<{ entry: { id: string; version: number } }>(added).entry;
  const moved = await call('PATCH', `/projects/${project}/pipeline/entries/${entry.id}`, {
    token: founder.token,
    body: { version: entry.version, stage, ...(amount === null ? {} : { amount }) },
  });
  expect(moved.status, moved.text).toBe(200);
  return entry.id;
}

const updatesOf = (label: Label) =>
  emailsTo(emailOf(label)).then((emails) => emails.filter((email) => email.subject.includes(`Update ${u}`)));

async function detail(updateId: string) {
  const response = await call('GET', `/projects/${projectId}/updates/${updateId}`, { token: founder.token });
  expect(response.status, response.text).toBe(200);
  return data<{ update: Summary; recipients: { entryId: string; status: string; opens: number }[] }>(
    response,
  );
}

async function sentUpdate(updateId: string): Promise<Summary> {
  await expect
    .poll(async () => (await detail(updateId)).update.status, { timeout: PATIENCE_MS, interval: 200 })
    .toBe('sent');
  return (await detail(updateId)).update;
}

async function send(subject: string, recipients: Label[], status = 201) {
  const response = await call('POST', `/projects/${projectId}/updates`, {
    token: founder.token,
    body: {
      subject,
      includeMrr: true,
      includeCoverage: true,
      highlights: 'Two pilots signed.',
      lowlights: 'Hiring is slow.',
      asks: 'Intros to logistics buyers.',
      recipientEntryIds: recipients.map((label) => entryIds[label]),
    },
  });
  expect(response.status, response.text).toBe(status);
  return response;
}

const header = (email: StoredEmail | undefined, name: string) =>
  email?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

/** An update written as the API writes one (pending recipients), for the runs started by hand below. */
async function writtenUpdate(labels: Label[]) {
  const now = new Date();
  const id = newUpdateId(now);
  await createUpdate(
    {
      projectId,
      id,
      userId: founder.sub,
      projectName: 'Updates',
      subject: `Update ${u} written ${id}`,
      figures: [],
      highlights: 'Written by the test.',
      lowlights: '',
      asks: '',
      replyTo: founder.email,
      webToken: newLinkToken(),
      status: 'sending',
      recipients: labels.length,
      createdAt: now.toISOString(),
      sentAt: null,
    },
    labels.map((label) => ({
      projectId,
      updateId: id,
      entryId: entryIds[label],
      name: label,
      email: emailOf(label),
      token: newLinkToken(),
      status: 'pending' as const,
      claimedAt: null,
      doneAt: null,
      messageId: null,
      opens: 0,
      firstOpenedAt: null,
    })),
  );
  return id;
}

async function runSend(updateId: string) {
  const executionArn = await startWorkflow('updateSend', { projectId, updateId, totals: null });
  await expect
    .poll(async () => (await describeWorkflow(executionArn)).status, { timeout: PATIENCE_MS, interval: 200 })
    .toBe('SUCCEEDED');
}

beforeAll(async () => {
  [founder, other] = await Promise.all([createUser(), createUser()]);
  expect((await call('GET', '/me', { token: founder.token })).status).toBe(200);
  const project = await createProject(founder, 'Updates');
  projectId = project.id;
  entryIds.committed = await addContact(projectId, 'committed', 'committed', 300_000);
  entryIds.warm = await addContact(projectId, 'warm', 'meeting');
  entryIds.refused = await addContact(projectId, 'refused', 'replied');
  entryIds.quiet = await addContact(projectId, 'quiet', 'contacted');
  entryIds.crashed = await addContact(projectId, 'crashed', 'termSheet');
  entryIds.later = await addContact(projectId, 'later', 'dueDiligence');
  await sesRefusesTo([emailOf('refused')]);
});

describe('investor updates', () => {
  it("pre-fills the draft with the round's coverage and the recipients by group, the creator's only", async () => {
    const patched = await call('PATCH', `/projects/${projectId}`, {
      token: founder.token,
      body: { raise: { amountUsd: 1_000_000 } },
    });
    expect(patched.status, patched.text).toBe(200);
    const response = await call('GET', `/projects/${projectId}/updates/draft`, { token: founder.token });
    expect(response.status, response.text).toBe(200);
    const draft = data<{
      mrr: unknown;
      coverageLine: string;
      candidates: { entryId: string; groups: string[]; ineligible: string | null }[];
      limits: { sentThisMonth: number };
    }>(response);
    expect(draft.mrr).toBeNull();
    expect(draft.coverageLine).toBe('Round: $300,000 committed of $1,000,000 (30%), 1 investor');
    const groups = (label: Label) => draft.candidates.find((c) => c.entryId === entryIds[label])?.groups;
    expect(groups('committed')).toEqual(['committed', 'own']);
    expect(groups('warm')).toEqual(['keepWarm', 'own']);
    expect(groups('quiet')).toEqual(['own']);
    expect(draft.candidates.every((c) => c.ineligible === null)).toBe(true);
    expect(draft.limits.sentThisMonth).toBe(0);
    // Nobody but the creator: as for a missing project.
    for (const path of ['/updates/draft', '/updates'])
      expect((await call('GET', `/projects/${projectId}${path}`, { token: other.token })).status).toBe(404);
    expect(JSON.stringify(response.body)).not.toContain(emailOf('committed'));
  });

  it("takes MRR from the connected project's Stripe subscriptions, as Business Insights does", async () => {
    const project = await createProject(founder, 'Updates with revenue');
    raiseProjectId = project.id;
    await connectProject(founder.token, raiseProjectId);
    const synced = await call('POST', `/projects/${raiseProjectId}/stripe/transactions/sync`, {
      token: founder.token,
    });
    expect(synced.status, synced.text).toBe(200);
    const response = await call('GET', `/projects/${raiseProjectId}/updates/draft`, { token: founder.token });
    expect(response.status, response.text).toBe(200);
    const draft = data<{ mrr: { currentX100: number } | null; mrrLine: string | null }>(response);
    const expected = mrrFigures(
      computeMrrReport(await listProjectTransactions(raiseProjectId, 'subscription'), new Date()),
    );
    expect(expected).not.toBeNull();
    expect(draft.mrr?.currentX100).toBe(expected?.currentX100);
    expect(draft.mrrLine).toBe(mrrLine(expected as NonNullable<typeof expected>));
  });

  let firstUpdate: Summary;

  it('sends the update once to each recipient, from our sender with the founder as Reply-To; SES refusing one is a bounce', async () => {
    const response = await send(`Update ${u} one`, ['committed', 'warm', 'refused']);
    const { update } = data<{ update: Summary }>(response);
    firstUpdate = await sentUpdate(update.id);
    expect(firstUpdate).toMatchObject({
      recipients: 3,
      sent: 3,
      delivered: 2,
      bounced: 1,
      skipped: 0,
      opened: 0,
    });
    for (const label of ['committed', 'warm'] as const) {
      const emails = await updatesOf(label);
      expect(emails).toHaveLength(1);
      const email = emails[0] as StoredEmail & { from?: string; replyTo?: string[] | string };
      expect(String(email.from)).toContain('@investor-directory.example.com');
      expect(JSON.stringify(email.replyTo)).toContain(founder.email);
      expect(email.body.text).toContain('Highlights\nTwo pilots signed.');
      expect(email.body.text).toContain('Round: $300,000 committed of $1,000,000 (30%)');
      expect(email.body.html).toContain('<h2 style="font-size:16px">Asks</h2>');
      expect(header(email, 'List-Unsubscribe')).toMatch(
        /^<https?:\/\/[^>]+\/api\/update-unsubscribe\?token=[\w-]{43}>$/,
      );
      expect(header(email, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    }
    expect(await updatesOf('refused')).toHaveLength(0);
    const { recipients } = await detail(update.id);
    expect(recipients.find((r) => r.entryId === entryIds.refused)?.status).toBe('bounced');
    // Bounced: the next draft says so, and a send to it is refused.
    const draft = data<{ candidates: { entryId: string; ineligible: string | null }[] }>(
      await call('GET', `/projects/${projectId}/updates/draft`, { token: founder.token }),
    );
    expect(draft.candidates.find((c) => c.entryId === entryIds.refused)?.ineligible).toBe('bounced');
    const refused = await send(`Update ${u} to a bounce`, ['refused'], 400);
    expect(refused.text).toContain('An earlier update to this address bounced');
  });

  it('shows the web copy by its link only, and records the open of the link in an email', async () => {
    const [email] = await updatesOf('committed');
    const link = /Read it on the web: (\S+)/.exec(email?.body.text ?? '')?.[1] ?? '';
    const match = /\/updates\/read\/([\w-]{43})\?r=([\w-]{43})$/.exec(link);
    expect(match, link).not.toBeNull();
    const [, token, recipient] = match as RegExpExecArray;
    expect(token).toBe(firstUpdate.webToken);
    const copy = await call('GET', `/update-copies/${token}?r=${recipient}`);
    expect(copy.status, copy.text).toBe(200);
    expect(copy.body).toMatchObject({
      data: {
        subject: `Update ${u} one`,
        sections: [
          { title: 'Highlights', body: 'Two pilots signed.' },
          { title: 'Lowlights', body: 'Hiring is slow.' },
          { title: 'Asks', body: 'Intros to logistics buyers.' },
        ],
      },
    });
    expect(copy.text).not.toContain('@investors.example');
    expect(copy.text).not.toContain(founder.email);
    // Read without a recipient's token (a forwarded link): shown, no open recorded.
    expect((await call('GET', `/update-copies/${token}`)).status).toBe(200);
    const after = await detail(firstUpdate.id);
    expect(after.update.opened).toBe(1);
    expect(after.recipients.find((r) => r.entryId === entryIds.committed)?.opens).toBe(1);
    // Any other token: not found, and nothing about the update.
    const guessed = await call('GET', `/update-copies/${newLinkToken()}`);
    expect(guessed.status).toBe(404);
    expect(guessed.text).toContain(updateMessages.copyNotFound);
    expect((await call('GET', '/update-copies/short')).status).toBe(400);
  });

  it('sends nobody twice after a crash mid-way: a claimed recipient gets nothing more, a run again sends nothing', async () => {
    const updateId = await writtenUpdate(['crashed', 'later']);
    const [claimed] = (await listRecipients(projectId, updateId)).filter(
      (r) => r.entryId === entryIds.crashed,
    );
    // As a step that crashed after its claim (before or after the send) left it.
    expect(await claimRecipient(claimed as NonNullable<typeof claimed>, new Date().toISOString())).toBe(true);
    await runSend(updateId);
    await runSend(updateId);
    const writtenTo = async (label: Label) =>
      (await updatesOf(label)).filter((email) => email.subject === `Update ${u} written ${updateId}`);
    expect(await writtenTo('later')).toHaveLength(1);
    expect(await writtenTo('crashed')).toHaveLength(0);
    const { update } = await detail(updateId);
    expect(update).toMatchObject({ status: 'sent', sent: 2, delivered: 1 });
  });

  it('honours an unsubscribe at the next update: GET changes nothing, the one-click POST stops them', async () => {
    const [email] = await updatesOf('warm');
    const token = /update-unsubscribe\?token=([\w-]{43})>$/.exec(
      header(email, 'List-Unsubscribe') ?? '',
    )?.[1];
    expect(token).toBeDefined();
    const looked = await call('GET', `/update-unsubscribe?token=${token}`);
    expect(looked.status, looked.text).toBe(200);
    expect(looked.body).toMatchObject({ data: { projectName: 'Updates', on: true } });
    // An update already written to them before the unsubscribe: left out when its turn comes.
    const pendingId = await writtenUpdate(['warm']);
    const posted = await call('POST', `/update-unsubscribe?token=${token}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body).toMatchObject({ data: { on: false } });
    expect((await call('POST', `/update-unsubscribe?token=${token}`)).status).toBe(200);
    await runSend(pendingId);
    expect((await detail(pendingId)).update).toMatchObject({ skipped: 1, sent: 0 });
    expect(await updatesOf('warm')).toHaveLength(1);
    const refused = await send(`Update ${u} after unsubscribe`, ['warm'], 400);
    expect(refused.text).toContain('Unsubscribed from your updates');
    expect((await call('GET', `/update-unsubscribe?token=${newLinkToken()}`)).status).toBe(404);
  });

  it(`refuses a fifth update in a month (at most ${MAX_UPDATES_PER_MONTH}), an empty one and a recipient not in the pipeline`, async () => {
    const empty = await call('POST', `/projects/${projectId}/updates`, {
      token: founder.token,
      body: {
        subject: `Update ${u} empty`,
        includeMrr: false,
        includeCoverage: false,
        highlights: ' ',
        lowlights: '',
        asks: '',
        recipientEntryIds: [entryIds.quiet],
      },
    });
    expect(empty.status, empty.text).toBe(400);
    expect(empty.text).toContain(updateMessages.emptyUpdate);
    const unknown = await call('POST', `/projects/${projectId}/updates`, {
      token: founder.token,
      body: {
        subject: `Update ${u} unknown`,
        includeMrr: false,
        includeCoverage: false,
        highlights: 'Hi',
        lowlights: '',
        asks: '',
        recipientEntryIds: ['prv-cnotinthispipeline'],
      },
    });
    expect(unknown.status, unknown.text).toBe(400);
    // Three updates this month so far (one sent, two written by the test): one more may go.
    await sentUpdate(data<{ update: Summary }>(await send(`Update ${u} four`, ['quiet'])).update.id);
    const fifth = await send(`Update ${u} five`, ['quiet'], 429);
    expect(fifth.text).toContain(updateMessages.monthlyLimit);
    expect(await updatesOf('quiet')).toHaveLength(1);
    const list = await call('GET', `/projects/${projectId}/updates`, { token: founder.token });
    expect(data<{ updates: Summary[] }>(list).updates).toHaveLength(MAX_UPDATES_PER_MONTH);
  });
});
