import { describe, expect, it } from 'vitest';
import {
  DELIVERY_RUN_MINUTES,
  DELIVERY_START_MINUTES,
  deliveryStuck,
  type PurchaseFacts,
  purchaseStateOf,
} from '../../../shared/cart/purchase-state';

const PAID = '2026-03-01T12:00:00.000Z';
const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);

const paid = (delivery: PurchaseFacts['delivery']): PurchaseFacts => ({
  status: 'purchased',
  paymentStatus: null,
  flaggedReason: null,
  purchasedAt: PAID,
  delivery,
});
const open = { deliveredAt: null, failedAt: null, startedAt: null, csvKey: null };

describe('a paid cart is delivered or visibly stuck (offline)', () => {
  it('is stuck when no delivery started a few minutes after the payment', () => {
    expect(deliveryStuck(paid(open), minutesAfter(PAID, DELIVERY_START_MINUTES - 1))).toBe(false);
    expect(deliveryStuck(paid(open), minutesAfter(PAID, DELIVERY_START_MINUTES))).toBe(true);
    // No delivery record at all (a cart paid before records were opened with the payment).
    expect(deliveryStuck(paid(null), minutesAfter(PAID, 10))).toBe(true);
  });

  it('is stuck when a started run neither ended nor recorded a failure within the hour', () => {
    const started = { ...open, startedAt: minutesAfter(PAID, 1).toISOString() };
    expect(deliveryStuck(paid(started), minutesAfter(PAID, 30))).toBe(false);
    expect(deliveryStuck(paid(started), minutesAfter(PAID, 1 + DELIVERY_RUN_MINUTES))).toBe(true);
  });

  it('is never stuck once delivered or failed (delayed), nor unpaid, nor an older record that shows progress', () => {
    const later = minutesAfter(PAID, 600);
    expect(deliveryStuck(paid({ ...open, deliveredAt: PAID }), later)).toBe(false);
    expect(deliveryStuck(paid({ ...open, failedAt: PAID }), later)).toBe(false);
    expect(deliveryStuck({ ...paid(open), status: 'checkout' }, later)).toBe(false);
    expect(deliveryStuck(paid({ deliveredAt: null, failedAt: null, csvKey: 'exports/x.csv' }), later)).toBe(
      false,
    );
  });

  it('names the state for admins only: without a clock the founder’s view stays "delivering"', () => {
    const later = minutesAfter(PAID, 10);
    expect(purchaseStateOf(paid(open), later)).toBe('stuck');
    expect(purchaseStateOf(paid(open))).toBe('delivering');
    expect(purchaseStateOf(paid({ ...open, failedAt: PAID }), later)).toBe('delayed');
    expect(purchaseStateOf({ ...paid(open), flaggedReason: 'second payment' }, later)).toBe('flagged');
  });
});
