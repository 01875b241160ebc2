import { describe, expect, it } from 'vitest';
import { type StoredSubscription, storedSubscriptionSchema } from '../../../shared/insights/mrr';
import { computeSalesOpportunities } from '../../../shared/insights/opportunities';

/** Mid-June 2025, UTC: compared against the end of May. */
const NOW = new Date('2025-06-15T12:00:00.000Z');

let nextId = 0;
/** A monthly subscription of `amountX100` a month for a customer, from `start` (until `endedAt`). */
function subscription(
  customerId: string | null,
  amountX100: number,
  overrides: Partial<StoredSubscription> = {},
): StoredSubscription {
  nextId += 1;
  return storedSubscriptionSchema.parse({
    id: `sub_${nextId}`,
    status: 'active',
    currency: 'usd',
    customerId,
    createdAt: '2024-01-01T00:00:00.000Z',
    startDate: '2024-01-01T00:00:00.000Z',
    trialStart: null,
    trialEnd: null,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    endedAt: null,
    items: [
      {
        id: `si_${nextId}`,
        priceId: `price_${nextId}`,
        productId: 'prod_main',
        unitAmountX100: amountX100,
        quantity: 1,
        interval: 'month',
        intervalCount: 1,
        usageType: 'licensed',
        currentPeriodStart: '2025-06-01T00:00:00.000Z',
        currentPeriodEnd: '2025-07-01T00:00:00.000Z',
        discounts: [],
      },
    ],
    discounts: [],
    ...overrides,
  });
}

describe('sales opportunities from the ingested subscriptions (issue 50)', () => {
  const seeded = [
    // Steady: left out.
    subscription('cus_steady', 10_000),
    // Stopped paying on 3 June: $500 a month lost.
    subscription('cus_gone', 50_000, { status: 'canceled', endedAt: '2025-06-03T00:00:00.000Z' }),
    // Spends less: one of two seats cancelled on 10 June ($300 → $200).
    subscription('cus_less', 20_000),
    subscription('cus_less', 10_000, { status: 'canceled', endedAt: '2025-06-10T00:00:00.000Z' }),
    // Spends more: a second plan from 5 June ($100 → $400).
    subscription('cus_more', 10_000),
    subscription('cus_more', 30_000, { startDate: '2025-06-05T00:00:00.000Z' }),
    // New this month, yearly: $1,200 a year is $100 a month.
    subscription('cus_new', 120_000, {
      startDate: '2025-06-02T00:00:00.000Z',
      items: [
        {
          id: 'si_year',
          priceId: 'price_year',
          productId: 'prod_main',
          unitAmountX100: 120_000,
          quantity: 1,
          interval: 'year',
          intervalCount: 1,
          usageType: 'licensed',
          currentPeriodStart: '2025-06-02T00:00:00.000Z',
          currentPeriodEnd: '2026-06-02T00:00:00.000Z',
          discounts: [],
        },
      ],
    }),
    // Another currency is not the main one: left out.
    subscription('cus_eur', 99_000, {
      currency: 'eur',
      status: 'canceled',
      endedAt: '2025-06-01T00:00:00.000Z',
    }),
  ];

  it('lists who stopped or spends less (churn risk) and who spends more or is new (expansion), biggest first', () => {
    const found = computeSalesOpportunities(seeded, NOW);
    expect(found).toEqual({
      currency: 'usd',
      sinceMonth: '2025-05',
      churnRisk: [
        { customerId: 'cus_gone', kind: 'stopped', beforeX100: 50_000, nowX100: 0, changeX100: -50_000 },
        { customerId: 'cus_less', kind: 'fell', beforeX100: 30_000, nowX100: 20_000, changeX100: -10_000 },
      ],
      expansion: [
        { customerId: 'cus_more', kind: 'grew', beforeX100: 10_000, nowX100: 40_000, changeX100: 30_000 },
        { customerId: 'cus_new', kind: 'new', beforeX100: 0, nowX100: 10_000, changeX100: 10_000 },
      ],
      lostX100: 60_000,
      gainedX100: 40_000,
    });
  });

  it('has nothing to show without subscriptions or when no spend moved', () => {
    expect(computeSalesOpportunities([], NOW)).toMatchObject({ churnRisk: [], expansion: [], lostX100: 0 });
    expect(computeSalesOpportunities([subscription('cus_steady', 10_000)], NOW)).toMatchObject({
      churnRisk: [],
      expansion: [],
      gainedX100: 0,
    });
  });

  it('counts a subscription without a customer as its own customer', () => {
    const [lone] = computeSalesOpportunities(
      [subscription(null, 5_000, { status: 'canceled', endedAt: '2025-06-01T00:00:00.000Z' })],
      NOW,
    ).churnRisk;
    expect(lone).toMatchObject({
      kind: 'stopped',
      beforeX100: 5_000,
      customerId: expect.stringMatching(/^sub_/),
    });
  });
});
