import { beforeAll, describe, expect, it } from 'vitest';
import { putStripeConnection } from '../../lambdas/lib/table/repositories/projects';
import { getResponseTimes } from '../../lambdas/lib/table/repositories/response-times';
import { MIN_CONTRIBUTORS } from '../../shared/pipeline/response-times';
import { call, createUser, type TestUser } from './support/home';
import { createProject } from './support/projects';
import { checkoutEvent, delivered, postEvent, savedCart } from './support/purchases';
import { seedInvestors, unique } from './support/seed';
import { describeWorkflow, startWorkflow } from './support/workflows';

/**
 * How fast investors answer (issue 52), run as the schedule runs it (the `responseTimes` workflow):
 * the figures appear on the investor's public profile at the tenth real contributor and not before;
 * a founder who does not share, one who does not qualify (no paid purchase, no connected Stripe
 * account) and one person's extra accounts (one Stripe account) are not counted; turning sharing off
 * takes a founder out at the next run; the answer names nobody (the leak check of this feature).
 */

const u = unique();
const investorName = `Quick Answerer ${u}`;
let investorId = '';
/** Everything that would say who contributed: none of it may be in the profile's answer. */
const identifying: string[] = [];

type Qualifies = { stripe: string } | 'purchase' | 'nothing';

async function founderWithPipeline(options: { share: boolean; qualifies: Qualifies; decide?: boolean }) {
  const user = await createUser({ email: `rt-${unique()}@example.com` });
  const project = await createProject(user, `Raise ${u}`);
  identifying.push(user.sub, user.email, project.id);
  if (typeof options.qualifies === 'object') {
    identifying.push(options.qualifies.stripe);
    await putStripeConnection({
      projectId: project.id,
      projectOwnerUserId: user.sub,
      stripeUserId: options.qualifies.stripe,
      stripePublishableKey: null,
      connectedAt: new Date().toISOString(),
    });
  } else if (options.qualifies === 'purchase') {
    const cart = await savedCart(
      user,
      [{ name: `Bought ${unique()}`, email: `b-${unique()}@example.org` }],
      ['name', 'email'],
    );
    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await delivered(cart.id);
  }
  if (options.share) {
    const shared = await call('PUT', '/me/response-times', { token: user.token, body: { enabled: true } });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect((shared.body as { data: { shareResponseTimes: boolean } }).data.shareResponseTimes).toBe(true);
  }
  const added = await call('POST', `/projects/${project.id}/pipeline/entries`, {
    token: user.token,
    body: { investorId },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  let entry = (added.body as { data: { entry: { id: string; version: number } } }).data.entry;
  const stages = ['contacted', 'replied', ...(options.decide ? ['committed'] : [])];
  for (const stage of stages) {
    const moved = await call('PATCH', `/projects/${project.id}/pipeline/entries/${entry.id}`, {
      token: user.token,
      body: { version: entry.version, stage },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    entry = (moved.body as { data: { id: string; version: number } }).data;
  }
  return user;
}

async function runAggregation() {
  const executionArn = await startWorkflow('responseTimes', { now: null });
  await expect
    .poll(async () => (await describeWorkflow(executionArn)).status, { timeout: 120_000, interval: 200 })
    .toBe('SUCCEEDED');
  return JSON.parse((await describeWorkflow(executionArn)).output ?? '{}') as { published: number };
}

async function profile() {
  const answer = await call('GET', `/investors/${investorId}`);
  expect(answer.status).toBe(200);
  return { text: answer.text, data: (answer.body as { data: { responseTimes: unknown } }).data };
}

describe('how fast investors answer, from founders who share', () => {
  let tenth: TestUser;

  beforeAll(async () => {
    await seedInvestors([{ name: investorName, email: `qa-${u}@example.org`, sectors: [`rt-${u}`] }]);
    const found = await call('GET', `/investors?sectorFocus=rt-${u}&limit=5`);
    investorId = (found.body as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
    expect(investorId).not.toBe('');
  }, 120_000);

  it('shows nothing before the tenth real contributor, and the figures at the tenth', async () => {
    // Eight people, each with a connected Stripe account of their own; half of them have a decision.
    for (let i = 0; i < MIN_CONTRIBUTORS - 2; i++)
      await founderWithPipeline({
        share: true,
        qualifies: { stripe: `acct_rt_${u}_${i}` },
        decide: i % 2 === 0,
      });
    // One person with three accounts, all connected to one Stripe account: the ninth person, once.
    for (let i = 0; i < 3; i++)
      await founderWithPipeline({ share: true, qualifies: { stripe: `acct_rt_${u}_one` } });
    // Not counted: a founder who qualifies but does not share, and one who shares but does not qualify.
    await founderWithPipeline({ share: false, qualifies: { stripe: `acct_rt_${u}_quiet` } });
    await founderWithPipeline({ share: true, qualifies: 'nothing' });

    await runAggregation();
    expect(await getResponseTimes(investorId)).toBeNull();
    expect((await profile()).data.responseTimes).toBeNull();

    // The tenth person, who qualifies by a paid purchase.
    tenth = await founderWithPipeline({ share: true, qualifies: 'purchase' });
    await runAggregation();
    const shown = await profile();
    expect(shown.data.responseTimes).toEqual({
      contributors: MIN_CONTRIBUTORS,
      repliedShare: 1,
      medianDaysToReply: expect.any(Number),
      medianDaysToDecision: expect.any(Number),
    });
    const times = shown.data.responseTimes as { medianDaysToReply: number; medianDaysToDecision: number };
    // The moves of this test are seconds apart: well under a day.
    expect(times.medianDaysToReply).toBeGreaterThanOrEqual(0);
    expect(times.medianDaysToReply).toBeLessThan(1);
    expect(times.medianDaysToDecision).toBeLessThan(1);

    // Never who: no contributor's id, address, project or Stripe account in the public answer.
    for (const value of identifying) expect(shown.text).not.toContain(value);
  }, 600_000);

  it('takes a founder out at the next run once they stop sharing', async () => {
    const off = await call('PUT', '/me/response-times', { token: tenth.token, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect((off.body as { data: { shareResponseTimes: boolean } }).data.shareResponseTimes).toBe(false);
    await runAggregation();
    expect((await profile()).data.responseTimes).toBeNull();
  }, 300_000);

  it('is off until the founder turns it on', async () => {
    const founder = await createUser();
    const me = await call('GET', '/me', { token: founder.token });
    expect((me.body as { data: { shareResponseTimes: boolean } }).data.shareResponseTimes).toBe(false);
  });
});
