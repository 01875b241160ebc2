/**
 * Where a saved cart is between saving and delivery, as the founder's purchase page and the admin
 * carts page show it (docs/decisions.md, "Purchase"). Derived from the cart and its delivery record;
 * who moves each state is written beside it.
 */
import type { CartStatus } from './cart';

export const PURCHASE_STATES = [
  /** Saved; the founder may still change it (the founder, by saving). */
  'open',
  /** The payment page was opened; the cart is locked until a payment arrives (the founder). */
  'awaiting-payment',
  /** Stripe completed the checkout but the money settles later, e.g. a bank debit (the webhook). */
  'payment-pending',
  /** The delayed payment failed; the founder may open the payment page again (the webhook). */
  'payment-failed',
  /** A payment arrived that does not match this cart: nothing is delivered until an admin acts (the webhook). */
  'flagged',
  /** Paid; the delivery workflow is adding the contacts to the library and emailing the CSV (the webhook). */
  'delivering',
  /** Contacts in the library and the CSV emailed (the delivery workflow). */
  'delivered',
  /** A delivery step failed after its retries; an admin is told and can redeliver (the delivery workflow). */
  'delayed',
  /**
   * Paid, but no delivery is running or finished a few minutes on (its start failed, or its run was
   * lost): an alarm tells the operators and an admin redelivers (issue 30; admins' view only).
   */
  'stuck',
] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

export const PAYMENT_STATUSES = ['pending', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PurchaseFacts {
  status: CartStatus;
  paymentStatus: PaymentStatus | null;
  flaggedReason: string | null;
  /** When the cart was paid (absent: not known, never stuck). */
  purchasedAt?: string | null;
  delivery: {
    deliveredAt: string | null;
    failedAt: string | null;
    /** When a delivery run was last started, and the CSV it built (absent on older records). */
    startedAt?: string | null;
    csvKey?: string | null;
  } | null;
}

/** How long a paid cart may wait for its delivery to start before it is stuck. */
export const DELIVERY_START_MINUTES = 5;
/**
 * How long a started delivery may run without ending (delivered, or its failure recorded) before it
 * is taken for lost: its steps' retries add up to about 25 minutes at most.
 */
export const DELIVERY_RUN_MINUTES = 60;

const minutesSince = (iso: string, now: Date) => (now.getTime() - new Date(iso).getTime()) / 60_000;

/**
 * Whether a paid cart is stuck at `now` (docs/operations.md, "What to watch"): purchased, neither
 * delivered nor failed, and either no delivery started {@link DELIVERY_START_MINUTES} after the
 * payment, or the last run started {@link DELIVERY_RUN_MINUTES} ago without ending. A delivery record
 * from before starts were recorded that shows progress (a CSV built) is not stuck.
 */
export function deliveryStuck(facts: PurchaseFacts, now: Date): boolean {
  const { delivery } = facts;
  if (facts.status !== 'purchased' || !facts.purchasedAt) return false;
  if (delivery?.deliveredAt || delivery?.failedAt) return false;
  if (delivery?.startedAt) return minutesSince(delivery.startedAt, now) >= DELIVERY_RUN_MINUTES;
  if (delivery?.csvKey) return false;
  return minutesSince(facts.purchasedAt, now) >= DELIVERY_START_MINUTES;
}

/**
 * The purchase state of a cart. A flag wins over everything but a finished delivery. Given `now`
 * (the admins' view), a paid cart whose delivery is stuck says so.
 */
export function purchaseStateOf(facts: PurchaseFacts, now?: Date): PurchaseState {
  if (facts.delivery?.deliveredAt) return 'delivered';
  if (facts.flaggedReason !== null) return 'flagged';
  if (facts.status === 'purchased') {
    if (facts.delivery?.failedAt) return 'delayed';
    return now && deliveryStuck(facts, now) ? 'stuck' : 'delivering';
  }
  if (facts.paymentStatus === 'pending') return 'payment-pending';
  if (facts.paymentStatus === 'failed') return 'payment-failed';
  return facts.status === 'checkout' ? 'awaiting-payment' : 'open';
}

/** Not in the spec: what the purchase page says in each state after payment began. */
export const PURCHASE_STATE_MESSAGES: Partial<Record<PurchaseState, string>> = {
  'payment-pending':
    'Payment pending: your bank has not confirmed the payment yet. We deliver as soon as it does.',
  'payment-failed': 'Your payment did not go through. You can try again.',
  delivering: 'Payment received. We are preparing your contact list.',
  delivered: 'Delivered: your contacts are in your Contact Library and the CSV is on its way to your inbox.',
  delayed:
    'Your payment was received, but the delivery of your contact list is delayed. We have been told and are on it; you do not need to do anything.',
};

/** Not in the spec: downloads a delivered purchase's CSV again (a fresh link each time). */
export const DOWNLOAD_CSV_AGAIN = 'Download CSV again';

/** Not in the spec: an investor whose contact the founder bought before (search cards and the cart). */
export const ALREADY_BOUGHT = 'Already bought';
