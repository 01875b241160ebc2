import { beforeAll, describe, expect, it } from 'vitest';
import { ALERT_PAGE_SIZE } from '../../lambdas/lib/shortlist/search-alerts';
import {
  claimSearchAlert,
  getShortlistHeader,
  setSearchAlerts,
} from '../../lambdas/lib/table/repositories/shortlists';
import { workflowSchedules } from '../../lambdas/workflows/registry';
import { isoWeek } from '../../shared/library/updates';
import { placeLabel } from '../../shared/tags/display';
import { PATIENCE_MS } from '../support/patience';
import { call, createUser, type TestUser } from './support/home';
import { emailsTo, sesRefusesTo } from './support/purchases';
import { seedInvestors, unique } from './support/seed';
import { describeWorkflow, startWorkflow } from './support/workflows';

/**
 * The weekly alert of saved searches (issue 35), run as the schedule runs it (the `searchAlerts`
 * workflow, with the run's instant given so weeks are the test's): a founder gets one email a week
 * listing the investors new in their saved searches, none when nothing is new or the switch is off;
 * SES refusing one founder does not stop the others, and that founder gets it on the next run; a run
 * that crashed after claiming a founder's week sends them nothing more that week, and the news comes
 * the week after.
 */

const u = unique();
/** Where this file's investors are: each founder's saved search looks at one place of its own. */
const placeOf = (label: string) => `Alertland ${label} ${u}`;

type Label = 'a' | 'refused' | 'off' | 'quiet' | 'crashed' | 'shortlist';
const founders = {} as Record<Label, TestUser>;
let T = new Date();
const weekAfter = (date: Date) => new Date(date.getTime() + 7 * 86_400_000);

async function runAlerts(now: Date) {
  const input = { ...workflowSchedules.searchAlerts.input, now: now.toISOString() };
  const executionArn = await startWorkflow('searchAlerts', input);
  // A loop, not expect.poll: the first run is in beforeAll. Waits for the condition, two minutes a hang.
  const deadline = Date.now() + PATIENCE_MS;
  let status = (await describeWorkflow(executionArn)).status;
  while (status === 'RUNNING' && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 200));
    status = (await describeWorkflow(executionArn)).status;
  }
  expect(status).toBe('SUCCEEDED');
  lastRun = (await describeWorkflow(executionArn)).output ?? '';
}

/** What the last run said it did (its output: the counts of each outcome over every page). */
let lastRun = '';

/** Founders ahead of every founder here in the index's order ('!' sorts before any user id): over a page. */
const AHEAD = ALERT_PAGE_SIZE + 10;

const alertsTo = async (label: Label) =>
  (await emailsTo(founders[label].email)).filter((email) => email.subject.includes('in your saved searches'));

/** The stored email's text body (the local SES keeps it as `body.text`). */
const textOf = (email: unknown) => (email as { body?: { text?: string } }).body?.text ?? '';

async function save(label: Label, body: Record<string, unknown>) {
  const saved = await call('POST', '/me/saved-searches', { token: founders[label].token, body });
  expect(saved.status, saved.text).toBe(201);
}

beforeAll(async () => {
  // Every founder below is on a later page than these: a run reaches them only by paging on.
  const at = new Date().toISOString();
  for (let i = 0; i < AHEAD; i++)
    await setSearchAlerts(`!ahead-${u}-${String(i).padStart(3, '0')}`, true, at);
  const labels: Label[] = ['a', 'refused', 'off', 'quiet', 'crashed', 'shortlist'];
  const users = await Promise.all(labels.map(() => createUser()));
  labels.forEach((label, i) => {
    founders[label] = users[i] as TestUser;
  });
  // Their profiles (the address the alert goes to), as the web app makes them at sign-in.
  for (const user of users) expect((await call('GET', '/me', { token: user.token })).status).toBe(200);
  for (const label of ['a', 'refused', 'off', 'quiet', 'crashed'] as const)
    await save(label, { name: `Investors in ${placeOf(label)}`, filters: { country: placeOf(label) } });
  // A shortlist saved search: a project of the founder's, narrowed to their place.
  const project = await call('POST', '/projects', {
    token: founders.shortlist.token,
    body: { name: `Alert raise ${u}`, description: 'D' },
  });
  const projectId = (project.body as { data: { id: string } }).data.id;
  await call('PATCH', `/projects/${projectId}`, {
    token: founders.shortlist.token,
    body: { sectors: ['fintech'], raise: { round: 'seed' } },
  });
  await save('shortlist', { name: 'My shortlist', projectId, filters: { country: placeOf('shortlist') } });
  const off = await call('PUT', '/me/search-alerts', { token: founders.off.token, body: { on: false } });
  expect(off.status).toBe(200);

  // New investors after the saves: one in each founder's place but the quiet one's; two for the shortlist.
  await seedInvestors([
    ...(['a', 'refused', 'off', 'crashed'] as const).map((label) => ({
      name: `New in ${label} ${u}`,
      firm: `Firm ${label} ${u}`,
      country: placeOf(label),
    })),
    { name: `Fit ${u}`, stages: ['Seed'], sectors: ['Fintech'], country: placeOf('shortlist') },
    { name: `Passed ${u}`, country: placeOf('shortlist') },
  ]);
  const passed = await call('GET', `/investors?country=${encodeURIComponent(placeOf('shortlist'))}`);
  const passedId = (passed.body as { data: { items: { id: string; name: string }[] } }).data.items.find(
    (item) => item.name === `Passed ${u}`,
  )?.id;
  expect(
    (await call('PUT', `/projects/${projectId}/passes/${passedId}`, { token: founders.shortlist.token }))
      .status,
  ).toBe(200);

  // The crashed founder's run claimed this week, then died before sending.
  T = new Date();
  const header = await getShortlistHeader(founders.crashed.sub);
  expect(await claimSearchAlert(header as NonNullable<typeof header>, isoWeek(T))).toBe(true);
  await sesRefusesTo([founders.refused.email]);
  await runAlerts(T);
});

describe('the weekly alert of saved searches', () => {
  it('emails a founder the investors new in their saved searches, with a link to each', async () => {
    const [email] = await alertsTo('a');
    expect(email?.subject).toBe('1 new investor in your saved searches');
    const text = textOf(email);
    // The search is named with its filters in a founder's words (issue 50): the place as a place.
    expect(text).toContain(`Investors in ${placeOf('a')} (${placeLabel(placeOf('a'))}): 1 new investor`);
    expect(text).not.toContain('country:');
    expect(text).toContain(`New in a ${u} (Firm a ${u})`);
    expect(text).toMatch(/See them: http\S+\/saved-searches\/ss_\w+/);
    expect(text).toContain('turn off "Weekly new-investor emails"');
    // A bulk email: one-click unsubscribe (issue 48, RFC 8058).
    expect(email?.headers).toEqual(
      expect.arrayContaining([
        {
          name: 'List-Unsubscribe',
          value: expect.stringMatching(/^<http\S+\/api\/unsubscribe\?token=[\w-]{43}>$/),
        },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ]),
    );
  });

  it('counts every page in the run’s output: the founders past the first page were reached', () => {
    // At least a and the shortlist sent, the refused one refused, quiet with nothing new, and the
    // founders ahead (no profile, so no email) with the one who turned it off; other files' add.
    const { totals } = JSON.parse(lastRun) as { totals: Record<string, number> };
    expect(totals.sent, lastRun).toBeGreaterThanOrEqual(2);
    expect(totals.refused, lastRun).toBeGreaterThanOrEqual(1);
    expect(totals.nothing, lastRun).toBeGreaterThanOrEqual(1);
    expect(totals.off, lastRun).toBeGreaterThanOrEqual(AHEAD + 1);
  });

  it('lists a shortlist’s new investors by fit, leaving out those marked "Not a fit"', async () => {
    const [email] = await alertsTo('shortlist');
    const text = textOf(email);
    expect(text).toContain(`My shortlist (${placeLabel(placeOf('shortlist'))}): 1 new investor`);
    expect(text).toContain(`Fit ${u}`);
    expect(text).not.toContain(`Passed ${u}`);
  });

  it('sends nothing when nothing is new, or when the founder turned it off', async () => {
    expect(await alertsTo('quiet')).toEqual([]);
    expect(await alertsTo('off')).toEqual([]);
    const header = await getShortlistHeader(founders.quiet.sub);
    expect(header?.lastSentWeek).toBeNull();
  });

  it('sends at most one a week: a second run the same week sends nothing more', async () => {
    await runAlerts(new Date(T.getTime() + 60_000));
    expect(await alertsTo('a')).toHaveLength(1);
    expect(await alertsTo('shortlist')).toHaveLength(1);
  });

  it('gives the week back when SES refuses a founder, the others unaffected; the next run sends it', async () => {
    expect(await alertsTo('refused')).toEqual([]);
    expect((await getShortlistHeader(founders.refused.sub))?.lastSentWeek).toBeNull();
    await sesRefusesTo([founders.refused.email], false);
    await runAlerts(new Date(T.getTime() + 120_000));
    const emails = await alertsTo('refused');
    expect(emails).toHaveLength(1);
    expect(textOf(emails[0])).toContain(`New in refused ${u}`);
  });

  it('after a crash between the claim and the send, sends nothing that week and the news the week after', async () => {
    expect(await alertsTo('crashed')).toEqual([]);
    await runAlerts(weekAfter(T));
    const emails = await alertsTo('crashed');
    expect(emails).toHaveLength(1);
    expect(textOf(emails[0])).toContain(`New in crashed ${u}`);
  });

  it('the week after, says nothing to a founder whose news was sent', async () => {
    // Run above for the week after T: nothing new since the last email for 'a'.
    expect(await alertsTo('a')).toHaveLength(1);
    const header = await getShortlistHeader(founders.a.sub);
    expect(header?.lastSentWeek).toBe(isoWeek(T));
  });
});
