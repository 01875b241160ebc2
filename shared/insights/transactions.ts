/**
 * The payment transactions the ingest ('ingest payment transactions', the spec's
 * fetchStripeTransactionsForProject) stores for a project: minimal shapes of Stripe's charges, refunds
 * and invoices (subscriptions are in `./mrr`). Amounts are in the currency's minor unit.
 */
import * as z from 'zod';

const isoTimestamp = z.iso.datetime({ offset: true });

export const TRANSACTION_TYPES = ['charge', 'refund', 'invoice', 'subscription'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const storedChargeSchema = z.object({
  id: z.string().min(1),
  amountX100: z.number().int(),
  amountRefundedX100: z.number().int(),
  currency: z.string(),
  status: z.string(),
  paid: z.boolean(),
  refunded: z.boolean(),
  customerId: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: isoTimestamp,
});
export type StoredCharge = z.infer<typeof storedChargeSchema>;

export const storedRefundSchema = z.object({
  id: z.string().min(1),
  amountX100: z.number().int(),
  currency: z.string(),
  status: z.string().nullable(),
  chargeId: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: isoTimestamp,
});
export type StoredRefund = z.infer<typeof storedRefundSchema>;

export const storedInvoiceSchema = z.object({
  id: z.string().min(1),
  number: z.string().nullable(),
  status: z.string().nullable(),
  currency: z.string(),
  customerId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  subtotalX100: z.number().int(),
  totalX100: z.number().int(),
  amountDueX100: z.number().int(),
  amountPaidX100: z.number().int(),
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
