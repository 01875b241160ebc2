/**
 * The payment transactions the ingest ('ingest payment transactions', the spec's
 * fetchStripeTransactionsForProject) stores for a project: minimal shapes of Stripe's charges, refunds
 * and invoices (subscriptions are in `./mrr`). Amounts are in the currency's minor unit.
 */
import * as z from 'zod/mini';

const isoTimestamp = z.iso.datetime({ offset: true });

export const TRANSACTION_TYPES = ['charge', 'refund', 'invoice', 'subscription'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const storedChargeSchema = z.object({
  id: z.string().check(z.minLength(1)),
  amountX100: z.int(),
  amountRefundedX100: z.int(),
  currency: z.string(),
  status: z.string(),
  paid: z.boolean(),
  refunded: z.boolean(),
  customerId: z.nullable(z.string()),
  description: z.nullable(z.string()),
  createdAt: isoTimestamp,
});
export type StoredCharge = z.infer<typeof storedChargeSchema>;

export const storedRefundSchema = z.object({
  id: z.string().check(z.minLength(1)),
  amountX100: z.int(),
  currency: z.string(),
  status: z.nullable(z.string()),
  chargeId: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  createdAt: isoTimestamp,
});
export type StoredRefund = z.infer<typeof storedRefundSchema>;

export const storedInvoiceSchema = z.object({
  id: z.string().check(z.minLength(1)),
  number: z.nullable(z.string()),
  status: z.nullable(z.string()),
  currency: z.string(),
  customerId: z.nullable(z.string()),
  subscriptionId: z.nullable(z.string()),
  subtotalX100: z.int(),
  totalX100: z.int(),
  amountDueX100: z.int(),
  amountPaidX100: z.int(),
  periodStart: isoTimestamp,
  periodEnd: isoTimestamp,
  createdAt: isoTimestamp,
});
export type StoredInvoice = z.infer<typeof storedInvoiceSchema>;

export interface ImportCounts {
  charges: number;
  refunds: number;
  invoices: number;
  subscriptions: number;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Imported 12 charges, 1 refund, 12 invoices and 3 subscriptions.' */
export function importMessage(counts: ImportCounts): string {
  return `Imported ${count(counts.charges, 'charge', 'charges')}, ${count(counts.refunds, 'refund', 'refunds')}, ${count(counts.invoices, 'invoice', 'invoices')} and ${count(counts.subscriptions, 'subscription', 'subscriptions')}.`;
}
