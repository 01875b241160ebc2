import { describe, expect, it } from 'vitest';
import {
  computeMrrReport,
  isCountedAt,
  mainCurrency,
  monthlyFactor,
  mrrSeriesInstants,
  type StoredDiscount,
  type StoredSubscription,
  type StoredSubscriptionItem,
  storedSubscriptionSchema,
  subscriptionMrrAt,
} from '../../../shared/insights/mrr';
import { importMessage } from '../../../shared/insights/transactions';

/** Mid-June 2025, UTC: the series runs from 2024-07 to 2025-06. */
const NOW = new Date('2025-06-15T12:00:00.000Z');
const at = (iso: string) => Date.parse(iso);

let nextId = 0;
function item(overrides: Partial<StoredSubscriptionItem> = {}): StoredSubscriptionItem {
  nextId += 1;
  return {
    id: `si_${nextId}`,
    priceId: `price_${nextId}`,
    productId: 'prod_main',
    unitAmountX100: 1000,
    quantity: 1,
    interval: 'month',
    intervalCount: 1,
    usageType: 'licensed',
    currentPeriodStart: '2025-06-01T00:00:00.000Z',
    currentPeriodEnd: '2025-07-01T00:00:00.000Z',
    discounts: [],
    ...overrides,
  };
}

function subscription(overrides: Partial<StoredSubscription> = {}): StoredSubscription {
  nextId += 1;
  return storedSubscriptionSchema.parse({
    id: `sub_${nextId}`,
    status: 'active',
    currency: 'usd',
    customerId: 'cus_1',
    createdAt: '2024-01-01T00:00:00.000Z',
    startDate: '2024-01-01T00:00:00.000Z',
    trialStart: null,
    trialEnd: null,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    endedAt: null,
    items: [item()],
    discounts: [],
    ...overrides,
  });
}

function discount(overrides: Partial<StoredDiscount> = {}): StoredDiscount {
  return {
    id: 'di_1',
    couponId: 'co_1',
    percentOff: null,
    amountOffX100: null,
    currency: null,
    duration: 'forever',
    durationInMonths: null,
    appliesToProductIds: null,
    start: '2024-01-01T00:00:00.000Z',
    end: null,
    ...overrides,
  };
}

const mrrNow = (s: StoredSubscription) => subscriptionMrrAt(s, NOW.getTime());
const report = (subs: StoredSubscription[]) => computeMrrReport(subs, NOW);
const seriesOf = (subs: StoredSubscription[]) => report(subs).series.map((m) => m.mrrX100);

describe('monthly equivalents of a price', () => {
  it('counts a monthly price as it is', () => {
    expect(mrrNow(subscription())).toBe(1000);
  });

  it('divides a yearly price by 12', () => {
    expect(mrrNow(subscription({ items: [item({ unitAmountX100: 12_000, interval: 'year' })] }))).toBe(1000);
  });

  it('multiplies a weekly price by 52 / 12', () => {
    const weekly = subscription({ items: [item({ unitAmountX100: 1200, interval: 'week' })] });
    expect(mrrNow(weekly)).toBeCloseTo(5200, 6);
  });

  it('multiplies a daily price by 365 / 12', () => {
    const daily = subscription({ items: [item({ unitAmountX100: 120, interval: 'day' })] });
    expect(mrrNow(daily)).toBeCloseTo(3650, 6);
  });

  it('divides by the interval count: every 3 months ÷ 3, every 2 weeks ÷ 2, every 2 years ÷ 24', () => {
    expect(mrrNow(subscription({ items: [item({ unitAmountX100: 3000, intervalCount: 3 })] }))).toBe(1000);
    expect(
      mrrNow(subscription({ items: [item({ unitAmountX100: 1200, interval: 'week', intervalCount: 2 })] })),
    ).toBeCloseTo(2600, 6);
    expect(
      mrrNow(subscription({ items: [item({ unitAmountX100: 24_000, interval: 'year', intervalCount: 2 })] })),
    ).toBeCloseTo(1000, 6);
    expect(monthlyFactor('month', 6)).toBeCloseTo(1 / 6, 12);
  });

  it('multiplies by the quantity, and counts a quantity of 0 as 0 revenue', () => {
    expect(mrrNow(subscription({ items: [item({ unitAmountX100: 1500, quantity: 4 })] }))).toBe(6000);
    const none = subscription({ items: [item({ quantity: 0 })] });
    expect(mrrNow(none)).toBe(0);
    expect(report([none]).subscriptions).toBe(1);
  });

  it('adds every item of a multi-item subscription at its own price and quantity', () => {
    const seats = item({ productId: 'prod_seats', unitAmountX100: 800, quantity: 5 });
    const base = item({ productId: 'prod_base', unitAmountX100: 2000 });
    const addon = item({ productId: 'prod_addon', unitAmountX100: 36_000, interval: 'year' });
    expect(mrrNow(subscription({ items: [base, seats, addon] }))).toBe(2000 + 4000 + 3000);
  });

  it('leaves out metered items and prices without a fixed unit amount', () => {
    const metered = item({ usageType: 'metered', unitAmountX100: 5 });
    const tiered = item({ unitAmountX100: null });
    expect(mrrNow(subscription({ items: [item(), metered, tiered] }))).toBe(1000);
  });

  it('keeps decimal unit amounts and rounds only the total', () => {
    const subs = [1, 2, 3].map(() => subscription({ items: [item({ unitAmountX100: 333.5 })] }));
    expect(report(subs).currentMrrX100).toBe(1001); // 1000.5 → 1001
  });
});

describe('discounts', () => {
  it('takes a forever percent-off coupon off every month', () => {
    const s = subscription({ discounts: [discount({ percentOff: 25 })] });
    expect(mrrNow(s)).toBe(750);
  });

  it('takes an amount-off coupon off, turned into a monthly amount for a yearly plan', () => {
    const monthly = subscription({ discounts: [discount({ amountOffX100: 300, currency: 'usd' })] });
    const yearly = subscription({
      items: [item({ unitAmountX100: 12_000, interval: 'year' })],
      discounts: [discount({ amountOffX100: 1200, currency: 'usd' })],
    });
    expect(mrrNow(monthly)).toBe(700);
    expect(mrrNow(yearly)).toBe(900);
  });

  it('never makes revenue negative with an amount off larger than the price', () => {
    const s = subscription({ discounts: [discount({ amountOffX100: 5000, currency: 'usd' })] });
    expect(mrrNow(s)).toBe(0);
    expect(report([s]).subscriptions).toBe(1);
  });

  it('spreads a subscription discount over all items of a multi-item subscription', () => {
    const s = subscription({
      items: [item({ unitAmountX100: 2000 }), item({ unitAmountX100: 500, quantity: 2 })],
      discounts: [discount({ percentOff: 10 })],
    });
    expect(mrrNow(s)).toBeCloseTo(2700, 6);
  });

  it('applies a coupon limited to some products to those items only', () => {
    const s = subscription({
      items: [
        item({ productId: 'prod_base', unitAmountX100: 2000 }),
        item({ productId: 'prod_addon', unitAmountX100: 1000 }),
      ],
      discounts: [discount({ percentOff: 50, appliesToProductIds: ['prod_addon'] })],
    });
    expect(mrrNow(s)).toBe(2500);
  });

  it('applies an item discount to its item only', () => {
    const s = subscription({
      items: [
        item({ unitAmountX100: 2000, discounts: [discount({ percentOff: 50 })] }),
        item({ unitAmountX100: 1000 }),
      ],
    });
    expect(mrrNow(s)).toBe(2000);
  });

  it('stacks several discounts in order', () => {
    const s = subscription({
      discounts: [
        discount({ id: 'di_a', percentOff: 50 }),
        discount({ id: 'di_b', amountOffX100: 100, currency: 'usd' }),
      ],
    });
    expect(mrrNow(s)).toBe(400);
  });

  it('ignores a once coupon (a one-off invoice discount)', () => {
    const s = subscription({ discounts: [discount({ percentOff: 100, duration: 'once' })] });
    expect(mrrNow(s)).toBe(1000);
  });

  it('applies a repeating coupon during its months only', () => {
    const s = subscription({
      discounts: [
        discount({
          percentOff: 50,
          duration: 'repeating',
          durationInMonths: 3,
          start: '2025-01-10T00:00:00.000Z',
        }),
      ],
    });
    // Discounted from 2025-01-10 to 2025-04-10: the ends of January, February and March.
    expect(seriesOf([s])).toEqual([1000, 1000, 1000, 1000, 1000, 1000, 500, 500, 500, 1000, 1000, 1000]);
  });

  it("uses a repeating coupon's stored end when there is one", () => {
    const s = subscription({
      discounts: [
        discount({
          percentOff: 20,
          duration: 'repeating',
          durationInMonths: 12,
          start: '2025-05-01T00:00:00.000Z',
          end: '2025-06-10T00:00:00.000Z',
        }),
      ],
    });
    expect(subscriptionMrrAt(s, at('2025-05-31T23:59:59.999Z'))).toBe(800);
    expect(mrrNow(s)).toBe(1000);
  });

  it('ignores an amount off in another currency, not a percent off', () => {
    const eur = subscription({ discounts: [discount({ amountOffX100: 300, currency: 'eur' })] });
    expect(mrrNow(eur)).toBe(1000);
  });

  it('starts a discount at its start date', () => {
    const s = subscription({ discounts: [discount({ percentOff: 50, start: '2025-07-01T00:00:00.000Z' })] });
    expect(mrrNow(s)).toBe(1000);
  });
});

describe('which subscriptions count', () => {
  it('excludes a subscription in trial', () => {
    const trialing = subscription({
      status: 'trialing',
      startDate: '2025-06-01T00:00:00.000Z',
      trialStart: '2025-06-01T00:00:00.000Z',
      trialEnd: '2025-06-30T00:00:00.000Z',
    });
    expect(mrrNow(trialing)).toBe(0);
    expect(report([trialing])).toMatchObject({ currentMrrX100: 0, subscriptions: 0, currency: 'usd' });
  });

  it('counts a subscription from the end of its trial on, not in the months of the trial', () => {
    const s = subscription({
      startDate: '2025-02-20T00:00:00.000Z',
      trialStart: '2025-02-20T00:00:00.000Z',
      trialEnd: '2025-04-05T00:00:00.000Z',
    });
    expect(seriesOf([s])).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1000, 1000, 1000]);
  });

  it('excludes a trialing subscription even when its trial end has passed (not yet billed)', () => {
    const s = subscription({ status: 'trialing', trialEnd: '2025-06-01T00:00:00.000Z' });
    expect(mrrNow(s)).toBe(0);
  });

  it('counts a subscription cancelled at period end until the period ends, not after', () => {
    const s = subscription({
      cancelAtPeriodEnd: true,
      canceledAt: '2025-06-02T00:00:00.000Z',
      items: [item({ currentPeriodEnd: '2025-07-01T00:00:00.000Z' })],
    });
    expect(mrrNow(s)).toBe(1000);
    expect(subscriptionMrrAt(s, at('2025-06-30T23:59:59.999Z'))).toBe(1000);
    expect(subscriptionMrrAt(s, at('2025-07-01T00:00:00.000Z'))).toBe(0);
  });

  it("uses cancel_at when Stripe gives it, before the period's end", () => {
    const s = subscription({
      cancelAtPeriodEnd: true,
      cancelAt: '2025-06-20T00:00:00.000Z',
      items: [item({ currentPeriodEnd: '2025-07-01T00:00:00.000Z' })],
    });
    expect(mrrNow(s)).toBe(1000);
    expect(subscriptionMrrAt(s, at('2025-06-20T00:00:00.000Z'))).toBe(0);
  });

  it('counts a cancelled subscription until it ended and not from then on', () => {
    const s = subscription({
      status: 'canceled',
      startDate: '2024-09-10T00:00:00.000Z',
      canceledAt: '2025-02-01T00:00:00.000Z',
      endedAt: '2025-03-10T00:00:00.000Z',
    });
    // Counted at the ends of 2024-09 to 2025-02; ended during March.
    expect(seriesOf([s])).toEqual([0, 0, 1000, 1000, 1000, 1000, 1000, 1000, 0, 0, 0, 0]);
    expect(report([s]).subscriptions).toBe(0);
  });

  it('never counts a cancelled subscription without an end date', () => {
    const s = subscription({ status: 'canceled' });
    expect(seriesOf([s]).every((v) => v === 0)).toBe(true);
  });

  it('never counts incomplete or incomplete_expired subscriptions', () => {
    const incomplete = subscription({ status: 'incomplete' });
    const expired = subscription({ status: 'incomplete_expired', endedAt: '2025-03-01T00:00:00.000Z' });
    expect(seriesOf([incomplete, expired]).every((v) => v === 0)).toBe(true);
    expect(report([incomplete, expired]).currency).toBeNull();
  });

  it('counts a past_due subscription', () => {
    expect(mrrNow(subscription({ status: 'past_due' }))).toBe(1000);
  });

  it('counts unpaid and paused subscriptions until the current period, not in it', () => {
    for (const status of ['unpaid', 'paused']) {
      const s = subscription({
        status,
        items: [item({ currentPeriodStart: '2025-05-10T00:00:00.000Z' })],
      });
      expect(subscriptionMrrAt(s, at('2025-04-30T23:59:59.999Z'))).toBe(1000);
      expect(mrrNow(s)).toBe(0);
    }
  });

  it('never counts an unknown status', () => {
    expect(mrrNow(subscription({ status: 'something_new' }))).toBe(0);
  });

  it('counts nothing before the start date', () => {
    const s = subscription({ startDate: '2025-06-20T00:00:00.000Z' });
    expect(mrrNow(s)).toBe(0);
    expect(isCountedAt(s, at('2025-06-20T00:00:00.000Z'))).toBe(true);
  });
});

describe('the 12-month series', () => {
  it('covers the last 12 months, the current one included, across a year boundary', () => {
    const instants = mrrSeriesInstants(new Date('2025-02-03T00:00:00.000Z'));
    expect(instants.map((m) => m.month)).toEqual([
      '2024-03',
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
    ]);
    expect(new Date(instants[9]?.at ?? 0).toISOString()).toBe('2024-12-31T23:59:59.999Z');
    expect(new Date(instants[11]?.at ?? 0).toISOString()).toBe('2025-02-03T00:00:00.000Z');
  });

  it('values each past month at its end: started mid-month counts, ended mid-month does not', () => {
    const started = subscription({ startDate: '2025-03-15T00:00:00.000Z' });
    const ended = subscription({
      status: 'canceled',
      startDate: '2024-01-01T00:00:00.000Z',
      endedAt: '2025-03-15T00:00:00.000Z',
    });
    const series = report([started, ended]).series;
    expect(series.find((m) => m.month === '2025-02')?.mrrX100).toBe(1000);
    expect(series.find((m) => m.month === '2025-03')?.mrrX100).toBe(1000);
    expect(series.find((m) => m.month === '2025-04')?.mrrX100).toBe(1000);
  });

  it('values the current month at now, so its value is the current MRR', () => {
    const endsLaterThisMonth = subscription({ cancelAt: '2025-06-25T00:00:00.000Z' });
    const r = report([endsLaterThisMonth, subscription({ items: [item({ unitAmountX100: 500 })] })]);
    expect(r.currentMrrX100).toBe(1500);
    expect(r.series.at(-1)).toEqual({ month: '2025-06', mrrX100: 1500 });
  });

  it('sums a mixed book of subscriptions month by month', () => {
    const subs = [
      subscription({ items: [item({ unitAmountX100: 2000 })] }),
      subscription({
        startDate: '2024-11-05T00:00:00.000Z',
        items: [item({ unitAmountX100: 60_000, interval: 'year' })],
      }),
      subscription({
        status: 'canceled',
        startDate: '2024-08-01T00:00:00.000Z',
        endedAt: '2025-01-20T00:00:00.000Z',
        items: [item({ unitAmountX100: 3000, intervalCount: 3 })],
      }),
    ];
    // 2000 always; +5000 from 2024-11; +1000 from 2024-08 to 2024-12.
    expect(seriesOf(subs)).toEqual([2000, 3000, 3000, 3000, 8000, 8000, 7000, 7000, 7000, 7000, 7000, 7000]);
    expect(report(subs)).toMatchObject({ currency: 'usd', currentMrrX100: 7000, subscriptions: 2 });
  });
});

describe('currency', () => {
  it('reports the currency most subscriptions use and counts only those', () => {
    const subs = [
      subscription({ currency: 'eur', items: [item({ unitAmountX100: 9999 })] }),
      subscription(),
      subscription({ items: [item({ unitAmountX100: 500 })] }),
    ];
    expect(report(subs)).toMatchObject({ currency: 'usd', currentMrrX100: 1500, subscriptions: 2 });
  });

  it('breaks a tie alphabetically, and reports null with no subscriptions', () => {
    expect(mainCurrency([subscription({ currency: 'usd' }), subscription({ currency: 'eur' })])).toBe('eur');
    expect(report([])).toMatchObject({ currency: null, currentMrrX100: 0, subscriptions: 0 });
    expect(report([]).series).toHaveLength(12);
  });
});

describe('the ingest message', () => {
  it('says how many of each were imported', () => {
    expect(importMessage({ charges: 12, refunds: 2, invoices: 14, subscriptions: 25 })).toBe(
      'Imported 12 charges, 2 refunds, 14 invoices and 25 subscriptions.',
    );
    expect(importMessage({ charges: 1, refunds: 0, invoices: 1, subscriptions: 1 })).toBe(
      'Imported 1 charge, 0 refunds, 1 invoice and 1 subscription.',
    );
  });
});
