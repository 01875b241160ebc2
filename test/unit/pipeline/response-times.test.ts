import { describe, expect, it } from 'vitest';
import {
  type ContributorAccount,
  MIN_CONTRIBUTORS,
  type MoveLine,
  median,
  type Observation,
  observe,
  personalEmail,
  personsOf,
  qualifies,
  responseTimesLines,
  responseTimesOf,
  responseTimesReason,
} from '../../../shared/pipeline/response-times';

const DAY = 86_400_000;
const now = new Date('2026-12-03T12:00:00Z');
const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString();
const move = (daysAgo: number, to: MoveLine['to'], passReason: MoveLine['passReason'] = null): MoveLine => ({
  at: at(daysAgo),
  to,
  passReason,
});

const account = (userId: string, fields: Partial<ContributorAccount> = {}): ContributorAccount => ({
  userId,
  email: `${userId}@example.org`,
  verifiedEmail: true,
  paidPurchase: true,
  stripeAccounts: [],
  ...fields,
});

const observation = (replyDays: number | null, decisionDays: number | null = null, contactedDaysAgo = 60) => {
  const contactedAt = now.getTime() - contactedDaysAgo * DAY;
  return {
    contactedAt,
    repliedAt: replyDays === null ? null : contactedAt + replyDays * DAY,
    decidedAt: decisionDays === null ? null : contactedAt + decisionDays * DAY,
  } satisfies Observation;
};

describe('median', () => {
  it('is the middle value, or the mean of the middle two, and null for nothing', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });
});

describe('an entry history read as an observation', () => {
  it('starts at the first move to Contacted and ends at the first reply and the decision', () => {
    const seen = observe([
      move(30, 'toContact'),
      move(20, 'contacted'),
      move(16, 'replied'),
      move(10, 'meeting'),
      move(2, 'committed'),
    ]);
    expect(seen).toEqual({
      contactedAt: Date.parse(at(20)),
      repliedAt: Date.parse(at(16)),
      decidedAt: Date.parse(at(2)),
    });
  });

  it('counts a pass as a reply and a decision, but "Never replied" as neither', () => {
    expect(observe([move(20, 'contacted'), move(5, 'passed', 'stage')])).toMatchObject({
      repliedAt: Date.parse(at(5)),
      decidedAt: Date.parse(at(5)),
    });
    expect(observe([move(20, 'contacted'), move(5, 'passed', 'noReply')])).toMatchObject({
      repliedAt: null,
      decidedAt: null,
    });
  });

  it('says nothing of an entry never moved to Contacted', () => {
    expect(observe([move(20, 'meeting'), move(5, 'committed')])).toBeNull();
  });
});

describe('who counts, and as whom', () => {
  it('qualifies a verified founder with a paid purchase or a connected Stripe account only', () => {
    expect(qualifies(account('a'))).toBe(true);
    expect(qualifies(account('a', { paidPurchase: false, stripeAccounts: ['acct_1'] }))).toBe(true);
    expect(qualifies(account('a', { paidPurchase: false }))).toBe(false);
    expect(qualifies(account('a', { verifiedEmail: false }))).toBe(false);
  });

  it("folds one inbox's variants of an address", () => {
    expect(personalEmail('A.Na+vc1@Gmail.com')).toBe('ana@gmail.com');
    expect(personalEmail('ana+x@googlemail.com')).toBe('ana@gmail.com');
    expect(personalEmail('a.na+2@firm.io')).toBe('a.na@firm.io');
  });

  it('makes one person of accounts sharing a Stripe account or an address, and of chains of them', () => {
    const persons = personsOf([
      account('u1', { stripeAccounts: ['acct_A'] }),
      account('u2', { stripeAccounts: ['acct_A', 'acct_B'] }),
      account('u3', { stripeAccounts: ['acct_B'] }),
      account('u4', { email: 'u3+again@example.org' }),
      account('u5'),
      account('u6', { paidPurchase: false }),
    ]);
    expect(persons.get('u1')).toBe('u1');
    expect(persons.get('u2')).toBe('u1');
    expect(persons.get('u3')).toBe('u1');
    expect(persons.get('u4')).toBe('u1');
    expect(persons.get('u5')).toBe('u5');
    expect(persons.has('u6')).toBe(false);
  });
});

describe('the threshold', () => {
  const tenPeople = Array.from({ length: MIN_CONTRIBUTORS }, (_, i) => account(`p${i}`));

  it('publishes at the tenth person and not before', () => {
    const observations = tenPeople.map((a, i) => ({ userId: a.userId, observation: observation(i + 1, 20) }));
    expect(responseTimesOf(observations.slice(0, 9), personsOf(tenPeople), now)).toBeNull();
    const times = responseTimesOf(observations, personsOf(tenPeople), now);
    expect(times).toEqual({
      contributors: 10,
      repliedShare: 1,
      medianDaysToReply: 5.5,
      medianDaysToDecision: 20,
    });
    expect(times && responseTimesLines(times)).toEqual([
      'Replied to 100% of founders who wrote',
      'First reply in 6 days (median)',
      'A decision in 20 days (median, from first contact)',
    ]);
  });

  it('is not met by one person with ten accounts (one Stripe account, or one inbox)', () => {
    const sameStripe = Array.from({ length: 10 }, (_, i) =>
      account(`s${i}`, { paidPurchase: false, stripeAccounts: ['acct_ONE'] }),
    );
    const sameInbox = Array.from({ length: 10 }, (_, i) =>
      account(`m${i}`, { email: `mallory+${i}@example.org` }),
    );
    for (const accounts of [sameStripe, sameInbox]) {
      const observations = accounts.map((a) => ({ userId: a.userId, observation: observation(1) }));
      expect(responseTimesOf(observations, personsOf(accounts), now)).toBeNull();
      // Nine real people beside them make ten people, and the ten accounts count once.
      const people = [...accounts, ...tenPeople.slice(0, 9)];
      const all = people.map((a) => ({ userId: a.userId, observation: observation(1) }));
      expect(responseTimesOf(all, personsOf(people), now)?.contributors).toBe(10);
    }
  });

  it('counts one contribution per person however many projects: their first contact', () => {
    const persons = personsOf(tenPeople);
    const observations = tenPeople.map((a) => ({ userId: a.userId, observation: observation(2) }));
    // p0's second project contacted the investor later and waited 40 days: not counted again.
    observations.push({ userId: 'p0', observation: observation(40, null, 45) });
    expect(responseTimesOf(observations, persons, now)).toMatchObject({
      contributors: 10,
      medianDaysToReply: 2,
    });
  });

  it('leaves accounts that do not qualify out of the count', () => {
    const unpaid = Array.from({ length: 10 }, (_, i) => account(`f${i}`, { paidPurchase: false }));
    const observations = unpaid.map((a) => ({ userId: a.userId, observation: observation(1) }));
    expect(responseTimesOf(observations, personsOf(unpaid), now)).toBeNull();
  });

  it('counts an unanswered contact in the share only once it is 30 days old', () => {
    const observations = tenPeople.map((a, i) => ({
      userId: a.userId,
      // Eight replied; one waits 40 days (counted), one 3 days (not yet counted).
      observation: i < 8 ? observation(1) : observation(null, null, i === 8 ? 40 : 3),
    }));
    expect(responseTimesOf(observations, personsOf(tenPeople), now)?.repliedShare).toBeCloseTo(8 / 9);
  });
});

describe('how fast they answer, as a shortlist reason', () => {
  const times = (repliedShare: number | null, medianDaysToReply: number | null = 4.4) => ({
    contributors: 12,
    repliedShare,
    medianDaysToReply,
    medianDaysToDecision: null,
  });

  it('counts for the investor when at least half answered, with the days to a first reply', () => {
    expect(responseTimesReason(times(0.5))).toEqual({
      text: 'Replied to 50% of 12 founders who wrote, first reply in 4 days (median)',
      tone: 'for',
    });
    expect(responseTimesReason(times(0.92, 0.3))?.text).toBe(
      'Replied to 92% of 12 founders who wrote, first reply in under a day (median)',
    );
  });

  it('counts against when under a fifth answered, and says nothing of days nobody waited', () => {
    expect(responseTimesReason(times(0.1, null))).toEqual({
      text: 'Replied to 10% of 12 founders who wrote',
      tone: 'against',
    });
    expect(responseTimesReason(times(0, null))?.tone).toBe('against');
  });

  it('says nothing in between, or while the share cannot be counted', () => {
    expect(responseTimesReason(times(0.2))).toBeNull();
    expect(responseTimesReason(times(0.49))).toBeNull();
    expect(responseTimesReason(times(null))).toBeNull();
  });
});
