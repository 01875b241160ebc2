/**
 * Monthly recurring revenue of a project's connected payment account (Business Insights, 'compute
 * effective MRR'), from the subscriptions the ingest stored. Pure: no I/O, no clock (the caller
 * passes `now`). Amounts are in the currency's minor unit (cents for USD), like Stripe's.
 *
 * The rules, for a subscription at an instant t:
 * - incomplete and incomplete_expired subscriptions never count (the first payment never succeeded);
 * - nothing counts before the start date;
 * - a trial counts 0: status trialing, or a trial end still in the future at t;
 * - a cancelled or ending subscription counts until it ends and not from then on: the end is ended_at,
 *   else cancel_at, else (cancel at period end) the current period's end, else (cancelled with no
 *   date) it never counted;
 * - past_due counts (the customer is still billed); unpaid and paused count until the start of the
 *   current period, the one that is not being paid for; an unknown status never counts;
 * - each item's price is turned into its monthly equivalent: yearly ÷ 12, weekly × 52 / 12, daily
 *   × 365 / 12, each divided by the interval count (every 3 months ÷ 3), times the quantity;
 *   metered items and prices without a fixed unit amount (tiered) are left out;
 * - discounts active at t apply in order, item discounts to their item, subscription discounts to the
 *   eligible items (a coupon limited to some products applies to those only): percent off scales
 *   them, amount off (per invoice, so turned into a monthly equivalent of the billing interval) is
 *   taken off proportionally and never below zero. Forever discounts always apply, repeating ones
 *   until their end (or start + duration in months), once discounts never (a one-off invoice
 *   discount, not a change of recurring revenue); an amount off in another currency is ignored.
 *
 * The series gives one value per calendar month (UTC): past months at their last instant, the current
 * month at `now` (so its value is the current MRR). Each subscription is valued at its current
 * prices: plan changes made in the past are not replayed. Only the main currency counts: the one
 * most of the (non-incomplete) subscriptions use (ties: alphabetical).
 */
import * as z from 'zod/mini';

export const BILLING_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

const isoTimestamp = z.iso.datetime({ offset: true });

/** A discount as the ingest stores it: the coupon's terms and the discount's dates. */
export const storedDiscountSchema = z.object({
  id: z.string().check(z.minLength(1)),
  couponId: z.nullable(z.string()),
  percentOff: z.nullable(z.number().check(z.gte(0), z.lte(100))),
  /** Off each invoice, in the minor unit of `currency`. */
  amountOffX100: z.nullable(z.number().check(z.gte(0))),
  currency: z.nullable(z.string()),
  /** 'forever', 'once' or 'repeating'; anything else is treated as 'once' (not counted). */
  duration: z.string(),
  durationInMonths: z.nullable(z.int().check(z.positive())),
  /** The products the coupon is limited to; null when it applies to every item. */
  appliesToProductIds: z.nullable(z.array(z.string())),
  start: isoTimestamp,
  end: z.nullable(isoTimestamp),
});
export type StoredDiscount = z.infer<typeof storedDiscountSchema>;

export const storedSubscriptionItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  priceId: z.nullable(z.string()),
  productId: z.nullable(z.string()),
  /** Per unit per billing interval, in the minor unit (may have decimals); null unless per-unit priced. */
  unitAmountX100: z.nullable(z.number().check(z.gte(0))),
  quantity: z.int().check(z.gte(0)),
  interval: z.enum(BILLING_INTERVALS),
  intervalCount: z.int().check(z.gte(1)),
  usageType: z.enum(['licensed', 'metered']),
  currentPeriodStart: z.nullable(isoTimestamp),
  currentPeriodEnd: z.nullable(isoTimestamp),
  discounts: z.array(storedDiscountSchema),
});
export type StoredSubscriptionItem = z.infer<typeof storedSubscriptionItemSchema>;

/** The minimal subscription the ingest writes from Stripe's subscription object. */
export const storedSubscriptionSchema = z.object({
  id: z.string().check(z.minLength(1)),
  /** Stripe's status: active, past_due, trialing, canceled, unpaid, paused, incomplete, incomplete_expired. */
  status: z.string(),
  currency: z.string().check(z.minLength(1)),
  customerId: z.nullable(z.string()),
  createdAt: isoTimestamp,
  startDate: isoTimestamp,
  trialStart: z.nullable(isoTimestamp),
  trialEnd: z.nullable(isoTimestamp),
  cancelAtPeriodEnd: z.boolean(),
  cancelAt: z.nullable(isoTimestamp),
  canceledAt: z.nullable(isoTimestamp),
  endedAt: z.nullable(isoTimestamp),
  items: z.array(storedSubscriptionItemSchema),
  discounts: z.array(storedDiscountSchema),
});
export type StoredSubscription = z.infer<typeof storedSubscriptionSchema>;

/** Months in the MRR series, the current one included. */
export const MRR_SERIES_MONTHS = 12;

export interface MonthlyMrr {
  /** 'YYYY-MM' (UTC). */
  month: string;
  mrrX100: number;
}

export interface MrrReport {
  /** The main currency (lower case, as Stripe writes it); null when there is no subscription. */
  currency: string | null;
  currentMrrX100: number;
  /** Oldest first; the last entry is the current month, valued at `now`. */
  series: MonthlyMrr[];
  /** Subscriptions counted in the current MRR (in the main currency), a 100%-off one included. */
  subscriptions: number;
}

const NEVER_COUNTED = new Set(['incomplete', 'incomplete_expired']);
const COUNTED = new Set(['active', 'past_due', 'trialing', 'canceled', 'unpaid', 'paused']);
const UNPAID_NOW = new Set(['unpaid', 'paused']);

/** The factor that turns one billing interval's amount into its monthly equivalent. */
export function monthlyFactor(interval: BillingInterval, intervalCount: number): number {
  const perInterval = { day: 365 / 12, week: 52 / 12, month: 1, year: 1 / 12 }[interval];
  return perInterval / Math.max(1, intervalCount);
}

const ms = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

function addUtcMonths(time: number, months: number): number {
  const d = new Date(time);
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
  // Clamp the day to the target month's length (Jan 31 + 1 month → Feb 28/29), as Stripe does.
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

/** The instant the discount stops applying (exclusive); null when it never stops. */
function discountEnd(discount: StoredDiscount): number | null {
  const end = ms(discount.end);
  if (end !== null) return end;
  if (discount.duration === 'repeating' && discount.durationInMonths !== null)
    return addUtcMonths(Date.parse(discount.start), discount.durationInMonths);
  return null;
}

function discountActiveAt(discount: StoredDiscount, at: number, currency: string): boolean {
  if (discount.duration !== 'forever' && discount.duration !== 'repeating') return false;
  if (discount.percentOff === null && discount.amountOffX100 === null) return false;
  if (
    discount.percentOff === null &&
    discount.currency !== null &&
    discount.currency.toLowerCase() !== currency.toLowerCase()
  )
    return false;
  if (at < Date.parse(discount.start)) return false;
  const end = discountEnd(discount);
  return end === null || at < end;
}

/**
 * Applies one discount to the amounts of the eligible entries (mutating `amounts`). `factor` turns the
 * amount off, charged per invoice, into its monthly equivalent.
 */
function applyDiscount(amounts: number[], eligible: boolean[], discount: StoredDiscount, factor: number) {
  if (discount.percentOff !== null) {
    const keep = 1 - discount.percentOff / 100;
    amounts.forEach((amount, i) => {
      if (eligible[i]) amounts[i] = amount * keep;
    });
    return;
  }
  const off = (discount.amountOffX100 ?? 0) * factor;
  const total = amounts.reduce((sum, amount, i) => (eligible[i] ? sum + amount : sum), 0);
  if (total <= 0) return;
  const share = Math.min(off, total) / total;
  amounts.forEach((amount, i) => {
    if (eligible[i]) amounts[i] = Math.max(0, amount - amount * share);
  });
}

const priced = (item: StoredSubscriptionItem): item is StoredSubscriptionItem & { unitAmountX100: number } =>
  item.usageType === 'licensed' && item.unitAmountX100 !== null;

const latest = (values: (string | null)[]): number | null => {
  const times = values.map(ms).filter((t): t is number => t !== null);
  return times.length ? Math.max(...times) : null;
};

/** Whether the subscription counts towards MRR at the instant `at` (epoch ms). */
export function isCountedAt(subscription: StoredSubscription, at: number): boolean {
  const { status } = subscription;
  if (NEVER_COUNTED.has(status) || !COUNTED.has(status) || status === 'trialing') return false;
  if (at < Date.parse(subscription.startDate)) return false;
  const trialEnd = ms(subscription.trialEnd);
  if (trialEnd !== null && at < trialEnd) return false;
  const periodEnd = latest(subscription.items.map((item) => item.currentPeriodEnd));
  const end =
    ms(subscription.endedAt) ??
    ms(subscription.cancelAt) ??
    (status === 'canceled' ? ms(subscription.canceledAt) : null) ??
    (subscription.cancelAtPeriodEnd ? periodEnd : null);
  if (status === 'canceled' && end === null) return false;
  if (end !== null && at >= end) return false;
  if (UNPAID_NOW.has(status)) {
    const periodStart = latest(subscription.items.map((item) => item.currentPeriodStart));
    if (periodStart === null || at >= periodStart) return false;
  }
  return true;
}

/**
 * The subscription's monthly recurring revenue at the instant `at` (epoch ms), in minor units and not
 * rounded; 0 when it does not count then.
 */
export function subscriptionMrrAt(subscription: StoredSubscription, at: number): number {
  if (!isCountedAt(subscription, at)) return 0;
  const items = subscription.items.filter(priced);
  if (items.length === 0) return 0;
  const { currency } = subscription;
  const amounts = items.map((item) => {
    const factor = monthlyFactor(item.interval, item.intervalCount);
    const own = [item.unitAmountX100 * item.quantity * factor];
    for (const discount of item.discounts)
      if (discountActiveAt(discount, at, currency)) applyDiscount(own, [true], discount, factor);
    return own[0] ?? 0;
  });
  const first = items[0];
  const billingFactor = first ? monthlyFactor(first.interval, first.intervalCount) : 1;
  for (const discount of subscription.discounts) {
    if (!discountActiveAt(discount, at, currency)) continue;
    const products = discount.appliesToProductIds;
    const eligible = items.map(
      (item) => products === null || (item.productId !== null && products.includes(item.productId)),
    );
    applyDiscount(amounts, eligible, discount, billingFactor);
  }
  return amounts.reduce((sum, amount) => sum + amount, 0);
}

/** The main currency: the one most non-incomplete subscriptions use (ties: alphabetical). */
export function mainCurrency(subscriptions: readonly StoredSubscription[]): string | null {
  const counts = new Map<string, number>();
  for (const s of subscriptions) {
    if (NEVER_COUNTED.has(s.status)) continue;
    const currency = s.currency.toLowerCase();
    counts.set(currency, (counts.get(currency) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return ranked[0]?.[0] ?? null;
}

const monthLabel = (year: number, month: number) => {
  const d = new Date(Date.UTC(year, month, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * The months of the series (UTC), oldest first, each with the instant it is valued at: the last
 * millisecond of a past month, `now` for the current one.
 */
export function mrrSeriesInstants(now: Date, months = MRR_SERIES_MONTHS): { month: string; at: number }[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return Array.from({ length: months }, (_, i) => {
    const offset = i - (months - 1);
    const at = offset === 0 ? now.getTime() : Date.UTC(year, month + offset + 1, 1) - 1;
    return { month: monthLabel(year, month + offset), at };
  });
}

/** MRR now and for each of the last `months` months (the current one included), from the subscriptions. */
export function computeMrrReport(
  subscriptions: readonly StoredSubscription[],
  now: Date,
  months = MRR_SERIES_MONTHS,
): MrrReport {
  const currency = mainCurrency(subscriptions);
  const inCurrency = subscriptions.filter((s) => s.currency.toLowerCase() === currency);
  const total = (at: number) => Math.round(inCurrency.reduce((sum, s) => sum + subscriptionMrrAt(s, at), 0));
  const series = mrrSeriesInstants(now, months).map(({ month, at }) => ({ month, mrrX100: total(at) }));
  return {
    currency,
    currentMrrX100: total(now.getTime()),
    series,
    subscriptions: inCurrency.filter((s) => isCountedAt(s, now.getTime())).length,
  };
}
