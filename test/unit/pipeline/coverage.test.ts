import { describe, expect, it } from 'vitest';
import {
  type CoverageEntry,
  coverageSummary,
  FOLLOW_UP_LIMIT,
  followUps,
  leadSummary,
  roundCoverage,
} from '../../../shared/pipeline/coverage';

const now = new Date('2026-12-03T12:00:00Z');
const today = '2026-12-03';
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

const entry = (id: string, fields: Partial<CoverageEntry> = {}): CoverageEntry => ({
  id,
  name: id,
  firm: null,
  stage: 'toContact',
  amount: null,
  lead: false,
  nextStep: null,
  nextStepDate: null,
  stageChangedAt: daysAgo(1),
  ...fields,
});

describe('round coverage', () => {
  it('sums Committed as committed and Term sheet as soft-circled, against the raise', () => {
    const coverage = roundCoverage(
      [
        entry('a', { stage: 'committed', amount: 500_000 }),
        entry('b', { stage: 'committed', amount: 100_000 }),
        entry('c', { stage: 'termSheet', amount: 400_000 }),
        entry('d', { stage: 'meeting', amount: 900_000 }),
        entry('e', { stage: 'passed', amount: 250_000 }),
      ],
      2_500_000,
      today,
      now,
    );
    expect(coverage.committed).toBe(600_000);
    expect(coverage.softCircled).toBe(400_000);
    expect(coverage.percent).toBe(40);
    expect(coverageSummary(coverage)).toBe('Committed $600K and soft-circled $400K of $2.5M (40%)');
  });

  it('counts committed entries without an amount apart, and says nothing of a percent without a raise', () => {
    const coverage = roundCoverage(
      [entry('a', { stage: 'committed', amount: null }), entry('b', { stage: 'committed', amount: 50_000 })],
      null,
      today,
      now,
    );
    expect(coverage.withoutAmount).toBe(1);
    expect(coverage.percent).toBeNull();
    expect(coverageSummary(coverage)).toBe('Committed $50K and soft-circled $0');
  });

  it('rounds the percent down and goes past 100 when oversubscribed', () => {
    expect(roundCoverage([entry('a', { stage: 'committed', amount: 999 })], 1000, today, now).percent).toBe(
      99,
    );
    expect(roundCoverage([entry('a', { stage: 'committed', amount: 1500 })], 1000, today, now).percent).toBe(
      150,
    );
  });

  it('names the lead, or says there is none yet (a lead who passed is no lead)', () => {
    expect(leadSummary(roundCoverage([entry('Ana')], null, today, now))).toBe('No lead yet');
    expect(
      leadSummary(roundCoverage([entry('Ana', { lead: true, stage: 'passed' })], null, today, now)),
    ).toBe('No lead yet');
    expect(
      leadSummary(roundCoverage([entry('Ana', { lead: true, stage: 'termSheet' })], null, today, now)),
    ).toBe('Lead: Ana');
    expect(
      leadSummary(
        roundCoverage([entry('Ben', { lead: true }), entry('Ana', { lead: true })], null, today, now),
      ),
    ).toBe('Leads: Ana and Ben');
  });
});

describe('follow up this week', () => {
  it('lists overdue next steps first, then no reply for 7+ days, then meetings with no next step', () => {
    const list = followUps(
      [
        entry('meet', { stage: 'meeting', stageChangedAt: daysAgo(3) }),
        entry('quiet6', { stage: 'contacted', stageChangedAt: daysAgo(6) }),
        entry('quiet7', { stage: 'contacted', stageChangedAt: daysAgo(7) }),
        entry('quiet20', { stage: 'contacted', stageChangedAt: daysAgo(20) }),
        entry('late', { stage: 'replied', nextStep: 'Send the deck', nextStepDate: '2026-12-01' }),
        entry('planned', { stage: 'meeting', nextStep: 'Second call', nextStepDate: '2026-12-10' }),
        entry('done', { stage: 'committed', stageChangedAt: daysAgo(30) }),
      ],
      today,
      now,
    );
    expect(list.map((f) => f.entryId)).toEqual(['late', 'quiet20', 'quiet7', 'meet']);
    expect(list[0]?.text).toBe('Next step overdue by 2 days: Send the deck');
    expect(list[1]?.text).toBe('Contacted 20 days ago, no reply');
    expect(list[3]?.text).toBe('No next step set');
  });

  it('keeps the first few only', () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      entry(`q${i}`, { stage: 'contacted', stageChangedAt: daysAgo(8 + i) }),
    );
    const list = followUps(many, today, now);
    expect(list).toHaveLength(FOLLOW_UP_LIMIT);
    expect(list[0]?.entryId).toBe('q11');
  });
});
