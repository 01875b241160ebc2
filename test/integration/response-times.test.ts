import { beforeAll, describe, expect, it } from 'vitest';
import { getResponseTimes } from '../../lambdas/lib/table/repositories/response-times';
import { MIN_CONTRIBUTORS } from '../../shared/pipeline/response-times';
import { call, createUser, type TestUser } from './support/home';
import { createProject } from './support/projects';
import { founderWithPipeline, runResponseTimes } from './support/response-times';
import { seedInvestors, unique } from './support/seed';

/**
 * How fast investors answer (issue 52), run as the schedule runs it (the `responseTimes` workflow):
 * the figures appear on the investor's public profile at the tenth real contributor and not before;
 * a founder who does not share, one who does not qualify (no paid purchase, no connected Stripe
 * account) and one person's extra accounts (one Stripe account) are not counted; turning sharing off
 * takes a founder out at the next run; the answer names nobody (the authorisation matrix's leak test
 * checks it on every caller's answers too).
 */

const u = unique();
let investorId = '';
/** Everything that would say who contributed: none of it may be in the profile's answer. */
const identifying: string[] = [];

async function profile() {
  const answer = await call('GET', `/investors/${investorId}`);
  expect(answer.status).toBe(200);
  return { text: answer.text, data: (answer.body as { data: { responseTimes: unknown } }).data };
}

describe('how fast investors answer, from founders who share', () => {
  let tenth: TestUser;
  const contribute = async (options: Parameters<typeof founderWithPipeline>[1]) => {
    const founder = await founderWithPipeline(investorId, options);
    identifying.push(...founder.identifying);
    return founder.user;
  };

  beforeAll(async () => {
    await seedInvestors([
      { name: `Quick Answerer ${u}`, email: `qa-${u}@example.org`, sectors: [`rt-${u}`] },
    ]);
    const found = await call('GET', `/investors?sectorFocus=rt-${u}&limit=5`);
    investorId = (found.body as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
    expect(investorId).not.toBe('');
  }, 120_000);

  it('shows nothing before the tenth real contributor, and the figures at the tenth', async () => {
    // Eight people, each with a connected Stripe account of their own; half of them have a decision.
    for (let i = 0; i < MIN_CONTRIBUTORS - 2; i++)
      await contribute({ share: true, qualifies: { stripe: `acct_rt_${u}_${i}` }, decide: i % 2 === 0 });
    // One person with three accounts, all connected to one Stripe account: the ninth person, once.
    for (let i = 0; i < 3; i++) await contribute({ share: true, qualifies: { stripe: `acct_rt_${u}_one` } });
    // Not counted: a founder who qualifies but does not share, and one who shares but does not qualify.
    await contribute({ share: false, qualifies: { stripe: `acct_rt_${u}_quiet` } });
    await contribute({ share: true, qualifies: 'nothing' });

    await runResponseTimes();
    expect(await getResponseTimes(investorId)).toBeNull();
    expect((await profile()).data.responseTimes).toBeNull();

    // The tenth person, who qualifies by a paid purchase.
    tenth = await contribute({ share: true, qualifies: 'purchase' });
    await runResponseTimes();
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
    expect(identifying.length).toBeGreaterThan(30);
    for (const value of identifying) expect(shown.text).not.toContain(value);

    // A founder's shortlist says it as a reason for the investor (every one of the ten replied).
    const founder = await createUser();
    const project = await createProject(founder, `Answers ${u}`);
    const shortlist = await call('GET', `/projects/${project.id}/investors?sectorFocus=rt-${u}&rest=show`, {
      token: founder.token,
    });
    expect(shortlist.status).toBe(200);
    const items = (shortlist.body as { data: { items: { investor: { id: string }; reasons: unknown[] }[] } })
      .data.items;
    expect(items.find((item) => item.investor.id === investorId)?.reasons).toContainEqual({
      criterion: 'answers',
      text: expect.stringMatching(
        /^Replied to 100% of 10 founders who wrote, first reply in under a day \(median\)$/,
      ),
      points: 0,
      tone: 'for',
    });
    for (const value of identifying) expect(shortlist.text).not.toContain(value);
  }, 600_000);

  it('takes a founder out at the next run once they stop sharing', async () => {
    const off = await call('PUT', '/me/response-times', { token: tenth.token, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect((off.body as { data: { shareResponseTimes: boolean } }).data.shareResponseTimes).toBe(false);
    await runResponseTimes();
    expect((await profile()).data.responseTimes).toBeNull();
  }, 300_000);

  it('is off until the founder turns it on', async () => {
    const founder = await createUser();
    const me = await call('GET', '/me', { token: founder.token });
    expect((me.body as { data: { shareResponseTimes: boolean } }).data.shareResponseTimes).toBe(false);
  });
});
