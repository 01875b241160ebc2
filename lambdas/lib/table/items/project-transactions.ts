import * as z from 'zod/mini';
import { storedSubscriptionSchema } from '../../../../shared/insights/mrr';
import {
  storedChargeSchema,
  storedInvoiceSchema,
  storedRefundSchema,
  type TransactionType,
} from '../../../../shared/insights/transactions';
import { accessPattern, defineModel } from '../model';
import { isoDate, projectPartition } from './common';

/** What every ingested transaction carries beside Stripe's fields: whose it is and when it was read. */
const ingested = {
  projectId: z.string(),
  /** The connected account it was read from (`acct_...`): a later connection to another account ignores it. */
  stripeAccountId: z.string(),
  syncedAt: isoDate,
};

/** The sort key of an ingested transaction, under its project: `TXN#<type>#<stripeId>`. */
export const transactionSortKey = (type: TransactionType, stripeId: string) => `TXN#${type}#${stripeId}`;

/** A project's ingested transactions, of one type or all (one Query of the project's partition). */
export const transactionsOf = accessPattern(
  {
    index: 'table',
    params: ['projectId', 'type'],
    description:
      "A project's ingested Stripe transactions, of one type (Business Insights) or all (a reconnection clears them)",
  },
  (projectId: string, type?: TransactionType) => ({
    partition: projectPartition(projectId),
    sortPrefix: type === undefined ? 'TXN#' : transactionSortKey(type, ''),
  }),
);

/** A charge of the project's connected Stripe account (ingest, 'Business Insights'). */
export const stripeChargeModel = defineModel(
  'stripeCharge',
  z.object({ ...storedChargeSchema.shape, ...ingested }),
  (v) => ({
    pk: projectPartition(v.projectId),
    sk: transactionSortKey('charge', v.id),
  }),
);
export type StripeChargeItem = z.infer<typeof stripeChargeModel.schema>;

export const stripeRefundModel = defineModel(
  'stripeRefund',
  z.object({ ...storedRefundSchema.shape, ...ingested }),
  (v) => ({
    pk: projectPartition(v.projectId),
    sk: transactionSortKey('refund', v.id),
  }),
);
export type StripeRefundItem = z.infer<typeof stripeRefundModel.schema>;

export const stripeInvoiceModel = defineModel(
  'stripeInvoice',
  z.object({ ...storedInvoiceSchema.shape, ...ingested }),
  (v) => ({
    pk: projectPartition(v.projectId),
    sk: transactionSortKey('invoice', v.id),
  }),
);
export type StripeInvoiceItem = z.infer<typeof stripeInvoiceModel.schema>;

/** A subscription of the connected account, in the shape the MRR computation reads. */
export const stripeSubscriptionModel = defineModel(
  'stripeSubscription',
  z.object({ ...storedSubscriptionSchema.shape, ...ingested }),
  (v) => ({ pk: projectPartition(v.projectId), sk: transactionSortKey('subscription', v.id) }),
);
export type StripeSubscriptionItem = z.infer<typeof stripeSubscriptionModel.schema>;
