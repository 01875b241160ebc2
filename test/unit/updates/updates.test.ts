import { describe, expect, it } from 'vitest';
import {
  computeMrrReport,
  type StoredSubscription,
  storedSubscriptionSchema,
} from '../../../shared/insights/mrr';
import { escapeHtml, updateEmail } from '../../../shared/updates/email';
import {
  groupsOf,
  limitRefusal,
  MAX_UPDATE_RECIPIENTS,
  MAX_UPDATES_PER_MONTH,
  updateMessages,
} from '../../../shared/updates/limits';
import {
  coverageFigures,
  coverageLine,
  defaultSubject,
  monthOf,
  mrrFigures,
  mrrLine,
} from '../../../shared/updates/prefill';

/** Mid-December 2026, UTC: "last month" is November. */
const NOW = new Date('2026-12-15T12:00:00.000Z');

let nextId = 0;
/** A monthly subscription of `amountX100` a month, started on `startDate` (and canceled on `endedAt`). */
function monthly(amountX100: number, startDate: string, endedAt: string | null = null): StoredSubscription {
  nextId += 1;
  return storedSubscriptionSchema.parse({
    id: `sub_${nextId}`,
    status: endedAt ? 'canceled' : 'active',
    currency: 'usd',
    customerId: `cus_${nextId}`,
    createdAt: startDate,
    startDate,
    trialStart: null,
    trialEnd: null,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: endedAt,
    endedAt,
    items: [
      {
        id: `si_${nextId}`,
        priceId: 'price_1',
        productId: 'prod_1',
        unitAmountX100: amountX100,
        quantity: 1,
        interval: 'month',
        intervalCount: 1,
        usageType: 'licensed',
        currentPeriodStart: '2026-12-01T00:00:00.000Z',
        currentPeriodEnd: '2027-01-01T00:00:00.000Z',
        discounts: [],
      },
    ],
    discounts: [],
  });
}

describe("an update's pre-filled numbers", () => {
  it("takes MRR and its change over the month from the project's Stripe subscriptions, as Business Insights does", () => {
    const subscriptions = [
      monthly(100_000, '2026-01-10T00:00:00.000Z'),
      monthly(50_000, '2026-06-01T00:00:00.000Z'),
      // New this month: counted now, not at the end of November.
      monthly(30_000, '2026-12-03T00:00:00.000Z'),
      // Ended this month: counted at the end of November, not now.
      monthly(10_000, '2026-02-01T00:00:00.000Z', '2026-12-05T00:00:00.000Z'),
    ];
    const figures = mrrFigures(computeMrrReport(subscriptions, NOW));
    expect(figures).toEqual({
      currency: 'usd',
      currentX100: 180_000,
      previousX100: 160_000,
      changeX100: 20_000,
      changePercent: 12.5,
    });
    expect(mrrLine(figures as NonNullable<typeof figures>)).toBe(
      'MRR: $1,800 (up $200, +12.5% since last month)',
    );
  });

  it('says down, unchanged, and no percentage when last month had no MRR', () => {
    const down = mrrFigures(
      computeMrrReport(
        [
          monthly(100_000, '2026-01-10T00:00:00.000Z', '2026-12-02T00:00:00.000Z'),
          monthly(25_050, '2026-03-01T00:00:00.000Z'),
        ],
        NOW,
      ),
    );
    expect(mrrLine(down as NonNullable<typeof down>)).toBe(
      'MRR: $250.50 (down $1,000, -80% since last month)',
    );
    const same = mrrFigures(computeMrrReport([monthly(40_000, '2026-01-10T00:00:00.000Z')], NOW));
    expect(mrrLine(same as NonNullable<typeof same>)).toBe('MRR: $400 (unchanged since last month)');
    const first = mrrFigures(computeMrrReport([monthly(40_000, '2026-12-01T00:00:00.000Z')], NOW));
    expect(first?.changePercent).toBeNull();
    expect(mrrLine(first as NonNullable<typeof first>)).toBe('MRR: $400 (up $400 since last month)');
  });

  it('has no MRR without subscriptions (a project not connected, or connected with none)', () => {
    expect(mrrFigures(null)).toBeNull();
    expect(mrrFigures(computeMrrReport([], NOW))).toBeNull();
  });

  it("counts the round's coverage from the pipeline's Committed entries against the raise", () => {
    const entries = [
      { stage: 'committed' as const, amount: 250_000 },
      { stage: 'committed' as const, amount: 200_000 },
      { stage: 'committed' as const, amount: null },
      { stage: 'termSheet' as const, amount: 500_000 },
      { stage: 'passed' as const, amount: 100_000 },
    ];
    const coverage = coverageFigures(entries, 1_000_000);
    expect(coverage).toEqual({
      committedUsd: 450_000,
      committedInvestors: 3,
      raiseUsd: 1_000_000,
      percent: 45,
    });
    expect(coverageLine(coverage)).toBe('Round: $450,000 committed of $1,000,000 (45%), 3 investors');
    const noRaise = coverageFigures(entries.slice(0, 1), null);
    expect(noRaise.percent).toBeNull();
    expect(coverageLine(noRaise)).toBe('Round: $250,000 committed, 1 investor');
  });

  it('starts with a subject naming the project and the month', () => {
    expect(defaultSubject('Acme Robotics', NOW)).toBe('Acme Robotics: investor update, December 2026');
    expect(monthOf('2026-12-31T23:59:59.999Z')).toBe('2026-12');
  });
});

describe('the limits of updates', () => {
  it('refuses no recipient, more than the most recipients, and a month already full', () => {
    expect(limitRefusal({ sentThisMonth: 0, recipients: 1 })).toBeNull();
    expect(
      limitRefusal({ sentThisMonth: MAX_UPDATES_PER_MONTH - 1, recipients: MAX_UPDATE_RECIPIENTS }),
    ).toBeNull();
    expect(limitRefusal({ sentThisMonth: 0, recipients: 0 })).toBe(updateMessages.noRecipients);
    expect(limitRefusal({ sentThisMonth: 0, recipients: MAX_UPDATE_RECIPIENTS + 1 })).toBe(
      updateMessages.tooManyRecipients,
    );
    expect(limitRefusal({ sentThisMonth: MAX_UPDATES_PER_MONTH, recipients: 3 })).toBe(
      updateMessages.monthlyLimit,
    );
  });

  it('puts Committed, keep warm (Replied to Term sheet) and own contacts in their groups', () => {
    expect(groupsOf({ stage: 'committed', kind: 'directory' })).toEqual(['committed']);
    expect(groupsOf({ stage: 'meeting', kind: 'private' })).toEqual(['keepWarm', 'own']);
    expect(groupsOf({ stage: 'termSheet', kind: 'directory' })).toEqual(['keepWarm']);
    expect(groupsOf({ stage: 'contacted', kind: 'directory' })).toEqual([]);
    expect(groupsOf({ stage: 'passed', kind: 'private' })).toEqual(['own']);
  });
});

describe("an update's email", () => {
  const content = {
    projectName: 'Acme <Robotics>',
    subject: 'Acme: investor update, December 2026',
    figures: ['MRR: $1,800 (up $200, +12.5% since last month)'],
    highlights: 'We shipped <b>v2</b>.\n\nTwo pilots signed.',
    lowlights: '',
    asks: 'Intros to "logistics" buyers',
  };
  const links = {
    readUrl: 'https://app.example/updates/read/abc?r=def',
    unsubscribeUrl: 'https://app.example/updates/unsubscribe?token=def',
  };

  it('has a plain-text part with every section kept, a blank one left out, and both links', () => {
    const { text } = updateEmail(content, links);
    expect(text).toContain('MRR: $1,800 (up $200, +12.5% since last month)');
    expect(text).toContain('Highlights\nWe shipped <b>v2</b>.\n\nTwo pilots signed.');
    expect(text).not.toContain('Lowlights');
    expect(text).toContain('Asks\nIntros to "logistics" buyers');
    expect(text).toContain(`Read it on the web: ${links.readUrl}`);
    expect(text).toContain(`Unsubscribe from Acme <Robotics>'s updates: ${links.unsubscribeUrl}`);
  });

  it("escapes the founder's words in the HTML part", () => {
    const { html } = updateEmail(content, links);
    expect(html).toContain('We shipped &lt;b&gt;v2&lt;/b&gt;.');
    expect(html).not.toContain('<b>v2</b>');
    expect(html).toContain('Acme &lt;Robotics&gt;');
    expect(html).toContain(`href="${escapeHtml(links.readUrl)}"`);
    expect(html).toContain('<p>Two pilots signed.</p>');
  });
});
