import type Stripe from 'stripe';
import {
  BILLING_INTERVALS,
  type BillingInterval,
  type StoredDiscount,
  type StoredSubscription,
  type StoredSubscriptionItem,
} from '../../../shared/insights/mrr';
import type { StoredCharge, StoredInvoice, StoredRefund } from '../../../shared/insights/transactions';

/**
 * Stripe's objects turned into the minimal shapes the ingest stores (`shared/insights`): only the
 * fields insights read, times as ISO 8601, ids instead of expanded objects.
 */

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString();
const isoOrNull = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' ? iso(seconds) : null;

/** The id of an expandable field, whether Stripe sent the id or the object. */
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

export function toStoredCharge(charge: Stripe.Charge): StoredCharge {
  return {
    id: charge.id,
    amountX100: charge.amount,
    amountRefundedX100: charge.amount_refunded,
    currency: charge.currency,
    status: charge.status,
    paid: charge.paid,
    refunded: charge.refunded,
    customerId: idOf(charge.customer),
    description: charge.description,
    createdAt: iso(charge.created),
  };
}

export function toStoredRefund(refund: Stripe.Refund): StoredRefund {
  return {
    id: refund.id,
    amountX100: refund.amount,
    currency: refund.currency,
    status: refund.status,
    chargeId: idOf(refund.charge),
    reason: refund.reason,
    createdAt: iso(refund.created),
  };
}

export function toStoredInvoice(invoice: Stripe.Invoice): StoredInvoice {
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency,
    customerId: idOf(invoice.customer),
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription ?? null),
    subtotalX100: invoice.subtotal,
    totalX100: invoice.total,
    amountDueX100: invoice.amount_due,
    amountPaidX100: invoice.amount_paid,
    periodStart: iso(invoice.period_start),
    periodEnd: iso(invoice.period_end),
    createdAt: iso(invoice.created),
  };
}

/** Coupons by id, as the ingest resolved them (a discount names its coupon by id unless expanded). */
export type CouponLookup = (couponId: string) => Stripe.Coupon | null;

/** The coupon ids the discounts of these subscriptions name without the coupon object. */
export function couponIdsToResolve(subscriptions: readonly Stripe.Subscription[]): string[] {
  const ids = new Set<string>();
  const visit = (discounts: readonly (string | Stripe.Discount)[]) => {
    for (const discount of discounts) {
      if (typeof discount === 'string') continue;
      const coupon = discount.source?.coupon;
      if (typeof coupon === 'string') ids.add(coupon);
    }
  };
  for (const subscription of subscriptions) {
    visit(subscription.discounts ?? []);
    for (const item of subscription.items.data) visit(item.discounts ?? []);
  }
  return [...ids];
}

function toStoredDiscounts(
  discounts: readonly (string | Stripe.Discount)[] | undefined,
  coupons: CouponLookup,
): StoredDiscount[] {
  const stored: StoredDiscount[] = [];
  for (const discount of discounts ?? []) {
    // An unexpanded discount (an id) cannot be valued; the ingest asks Stripe to expand them.
    if (typeof discount === 'string') continue;
    const source = discount.source?.coupon;
    const coupon = typeof source === 'string' ? coupons(source) : (source ?? null);
    if (!coupon) continue;
    stored.push({
      id: discount.id,
      couponId: coupon.id,
      percentOff: coupon.percent_off,
      amountOffX100: coupon.amount_off,
      currency: coupon.currency,
      duration: coupon.duration,
      durationInMonths: coupon.duration_in_months,
      appliesToProductIds: coupon.applies_to?.products ?? null,
      start: iso(discount.start),
      end: isoOrNull(discount.end),
    });
  }
  return stored;
}

const isInterval = (value: string): value is BillingInterval =>
  (BILLING_INTERVALS as readonly string[]).includes(value);

/** The price per unit in minor units: unit_amount, else the decimal one; null for tiered prices. */
function unitAmount(price: Stripe.Price): number | null {
  if (price.billing_scheme === 'tiered') return null;
  if (typeof price.unit_amount === 'number') return price.unit_amount;
  if (price.unit_amount_decimal === null || price.unit_amount_decimal === undefined) return null;
  const value = Number(String(price.unit_amount_decimal));
  return Number.isFinite(value) ? value : null;
}

function toStoredItem(item: Stripe.SubscriptionItem, coupons: CouponLookup): StoredSubscriptionItem | null {
  const { price } = item;
  const recurring = price.recurring;
  if (!recurring || !isInterval(recurring.interval)) return null;
  return {
    id: item.id,
    priceId: price.id,
    productId: idOf(price.product),
    unitAmountX100: unitAmount(price),
    quantity: item.quantity ?? 1,
    interval: recurring.interval,
    intervalCount: Math.max(1, recurring.interval_count),
    usageType: recurring.usage_type === 'metered' ? 'metered' : 'licensed',
    currentPeriodStart: isoOrNull(item.current_period_start),
    currentPeriodEnd: isoOrNull(item.current_period_end),
    discounts: toStoredDiscounts(item.discounts, coupons),
  };
}

export function toStoredSubscription(
  subscription: Stripe.Subscription,
  coupons: CouponLookup,
): StoredSubscription {
  return {
    id: subscription.id,
    status: subscription.status,
    currency: subscription.currency,
    customerId: idOf(subscription.customer),
    createdAt: iso(subscription.created),
    startDate: iso(subscription.start_date),
    trialStart: isoOrNull(subscription.trial_start),
    trialEnd: isoOrNull(subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: isoOrNull(subscription.cancel_at),
    canceledAt: isoOrNull(subscription.canceled_at),
    endedAt: isoOrNull(subscription.ended_at),
    items: subscription.items.data
      .map((item) => toStoredItem(item, coupons))
      .filter((item): item is StoredSubscriptionItem => item !== null),
    discounts: toStoredDiscounts(subscription.discounts, coupons),
  };
}
