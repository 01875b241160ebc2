import { beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_PAGE_SIZE } from '../../lambdas/lib/library/update-summaries';
import { getCartDelivery } from '../../lambdas/lib/table/repositories/deliveries';
import {
  claimUpdateSummary,
  enrolForUpdateSummaries,
  getUpdateSummary,
} from '../../lambdas/lib/table/repositories/update-summaries';
import { updateItem } from '../../lambdas/lib/table/table';
import { workflowSchedules } from '../../lambdas/workflows/registry';
import { isoWeek } from '../../shared/library/updates';
import { call, createUser, type TestUser } from './support/home';
import { checkoutEvent, emailsTo, postEvent, savedCart, sesRefusesTo } from './support/purchases';
import { unique } from './support/seed';
import { describeWorkflow, startWorkflow } from './support/workflows';

/**
 * The weekly summary of updates to bought contacts (issue 20), run as the schedule runs it (the
 * `updateSummaries` workflow, with the run's instant given so weeks are the test's): sent once a week
 * to a founder with updates, not when off, not when nothing changed, not for a purchase older than 12
 * months; SES refusing one founder does not stop the others and that founder gets it on the next run;
 * a run that crashed after claiming a founder's week sends them nothing more that week, and the
 * updates come in the next week's email.
 */

const u = unique();
/** The first run's instant (after the corrections: a run counts changes up to its instant), a week on. */
let T = new Date();
let NEXT_WEEK = T;

let admin: TestUser;
type Founder = { user: TestUser; investorId: string; name: string; u: string; cartId: string };
const founders: Record<'a' | 'b' | 'off' | 'quiet' | 'crashed' | 'old', Founder> = {} as never;

async function deliveredBeforeAll(id: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if ((await getCartDelivery(id))?.deliveredAt) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`cart ${id} was not delivered`);
}

async function buy(label: string): Promise<Founder> {
  const user = await createUser();
  const mark = `${label}-${u}`;
  const name = `Summary ${mark}`;
  const cart = await savedCart(user, [{ name, email: `was-${mark}@example.com` }], ['name', 'email']);
  await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
  await deliveredBeforeAll(cart.id);
  return { user, investorId: cart.investorIds[0] ?? '', name, u: mark, cartId: cart.id };
}

async function correctEmail(founder: Founder, email: string) {
  const response = await call('PUT', `/admin/investors/${founder.investorId}/contacts`, {
    token: admin.token,
    body: { email },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** What the last run said it did (its output: the counts of each outcome), for a failure's message. */
let lastRun = '';

async function runSummaries(now: Date) {
  const input = { ...workflowSchedules.updateSummaries.input, now: now.toISOString() };
  const executionArn = await startWorkflow('updateSummaries', input);
  await expect
    .poll(async () => (await describeWorkflow(executionArn)).status, { timeout: 120_000, interval: 200 })
    .toBe('SUCCEEDED');
  lastRun = (await describeWorkflow(executionArn)).output ?? '';
}

/** Why a founder may have got no summary: the run's counts and the founder's records, as the run read them. */
const seenOf = async (founder: Founder) =>
  JSON.stringify({
    run: lastRun,
    summary: await getUpdateSummary(founder.user.sub),
    me: (await call('GET', '/me', { token: founder.user.token })).body,
    library: (await call('GET', '/me/contacts', { token: founder.user.token })).body,
  });

/** The founder's summaries, expected `count`; a failure says what the run saw of them. */
async function expectSummaries(founder: Founder, count: number) {
  const summaries = await summariesTo(founder);
  expect(summaries, summaries.length === count ? '' : await seenOf(founder)).toHaveLength(count);
  return summaries;
}

const summariesTo = async (founder: Founder) =>
  (await emailsTo(founder.user.email)).filter((email) => email.subject.startsWith('Updates to'));

/** Buyers ahead of every founder here in the index's order ('!' sorts before any user id): over a page. */
const AHEAD = SUMMARY_PAGE_SIZE + 10;

beforeAll(async () => {
  // Every founder below is on a later page than these: a run reaches them only by paging on.
  await enrolForUpdateSummaries(
    Array.from({ length: AHEAD }, (_, i) => `!ahead-${u}-${String(i).padStart(3, '0')}`),
    new Date().toISOString(),
  );
  admin = await createUser({ admin: true });
  const labels = ['a', 'b', 'off', 'quiet', 'crashed', 'old'] as const;
  const bought = await Promise.all(labels.map(buy));
  labels.forEach((label, i) => {
    founders[label] = bought[i] as Founder;
  });
  // The 'old' founder's purchase as it stands 13 months on (the clock, as data): the row's date of it.
  const old = founders.old;
  const thirteenMonthsAgo = new Date(T.getTime() - 396 * 86_400_000).toISOString();
  await updateItem({
    Key: { pk: `USER#${old.user.sub}`, sk: `CONTACT#${old.investorId}` },
    UpdateExpression: 'SET purchasedAt = :at, purchases = :purchases',
    ExpressionAttributeValues: {
      ':at': thirteenMonthsAgo,
      ':purchases': { [old.cartId]: thirteenMonthsAgo },
    },
  });
  for (const label of ['a', 'b', 'off', 'crashed', 'old'] as const)
    await correctEmail(founders[label], `now-${founders[label].u}@example.com`);
  T = new Date();
  NEXT_WEEK = new Date(T.getTime() + 7 * 86_400_000);
}, 120_000);

describe('the weekly summary of updates (connected)', () => {
  it('lets a founder turn the summary off, and says so on GET /me', async () => {
    const { user } = founders.off;
    const off = await call('PUT', '/me/update-emails', { token: user.token, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ data: { updateEmails: false } });
    expect((await call('GET', '/me', { token: user.token })).body).toMatchObject({
      data: { updateEmails: false },
    });
    const bad = await call('PUT', '/me/update-emails', { token: user.token, body: { enabled: 'no' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('weekly update emails');
    // Bad input changed nothing.
    expect((await call('GET', '/me', { token: user.token })).body).toMatchObject({
      data: { updateEmails: false },
    });
  });

  it('sends a founder with updates one summary; SES refusing one founder stops no one else', async () => {
    // As a run that crashed after claiming the founder's week (before sending) left it.
    const crashed = await getUpdateSummary(founders.crashed.user.sub);
    expect(crashed).not.toBeNull();
    expect(await claimUpdateSummary(crashed as NonNullable<typeof crashed>, isoWeek(T))).toBe(true);

    await sesRefusesTo([founders.b.user.email]);
    try {
      await runSummaries(T);
    } finally {
      await sesRefusesTo([founders.b.user.email], false);
    }
    const [toA] = await expectSummaries(founders.a, 1);
    expect(toA?.subject).toBe('Updates to 1 of your contacts');
    // A bulk email: one-click unsubscribe (issue 48, RFC 8058).
    expect(toA?.headers).toEqual(
      expect.arrayContaining([
        {
          name: 'List-Unsubscribe',
          value: expect.stringMatching(/^<http\S+\/api\/unsubscribe\?token=[\w-]{43}>$/),
        },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ]),
    );
    const text = JSON.stringify(toA);
    expect(text).toContain(founders.a.name);
    expect(text).toContain(`now now-${founders.a.u}@example.com`);
    expect(text).toContain(`was was-${founders.a.u}@example.com`);
    expect(text).toContain('/account/settings');
    expect(text).toContain('To stop them, turn off');
    // Refused, off, nothing changed, a purchase over 12 months old, a week already claimed: none.
    for (const label of ['b', 'off', 'quiet', 'old', 'crashed'] as const)
      expect(await summariesTo(founders[label]), label).toHaveLength(0);
    // The run's output counts every page: at least A sent, B refused and the buyers ahead of them
    // (no profile, so no email) off; other files' buyers may add to each.
    const { totals } = JSON.parse(lastRun) as { totals: Record<string, number> };
    expect(totals.sent).toBeGreaterThanOrEqual(1);
    expect(totals.refused).toBeGreaterThanOrEqual(1);
    expect(totals.off).toBeGreaterThanOrEqual(AHEAD);
    // The refused week was given back.
    expect((await getUpdateSummary(founders.b.user.sub))?.lastSentWeek).not.toBe(isoWeek(T));
  }, 150_000);

  it('sends nobody a second summary in the same week on a re-run, and the refused founder gets theirs', async () => {
    await runSummaries(T);
    await expectSummaries(founders.a, 1);
    await expectSummaries(founders.b, 1);
    expect(JSON.stringify(await summariesTo(founders.b))).toContain(`now-${founders.b.u}@example.com`);
    for (const label of ['off', 'quiet', 'old', 'crashed'] as const)
      expect(await summariesTo(founders[label]), label).toHaveLength(0);
  }, 150_000);

  it("next week: only what changed since, and the crashed week's updates come late, not lost", async () => {
    await runSummaries(NEXT_WEEK);
    // Nothing new for A and B since their summaries: no email.
    await expectSummaries(founders.a, 1);
    await expectSummaries(founders.b, 1);
    const toCrashed = await expectSummaries(founders.crashed, 1);
    expect(JSON.stringify(toCrashed)).toContain(`now-${founders.crashed.u}@example.com`);

    // A changes again: a second run that week sends A the new change only, then nothing more.
    await correctEmail(founders.a, `again-${founders.a.u}@example.com`);
    await runSummaries(NEXT_WEEK);
    await runSummaries(NEXT_WEEK);
    const toA = await summariesTo(founders.a);
    expect(toA).toHaveLength(2);
    const second = JSON.stringify(toA.find((email) => JSON.stringify(email).includes('again-')));
    expect(second).toContain(`now again-${founders.a.u}@example.com`);
    expect(second).toContain(`was was-${founders.a.u}@example.com`);
    for (const label of ['off', 'quiet', 'old'] as const)
      expect(await summariesTo(founders[label]), label).toHaveLength(0);
  }, 300_000);
});
