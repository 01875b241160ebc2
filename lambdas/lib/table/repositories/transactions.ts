import type { StoredSubscription } from '../../../../shared/insights/mrr';
import type {
  StoredCharge,
  StoredInvoice,
  StoredRefund,
  TransactionType,
} from '../../../../shared/insights/transactions';
import { batchWrite, deleteRequest, putRequest } from '../batch';
import {
  type StripeChargeItem,
  type StripeInvoiceItem,
  type StripeRefundItem,
  type StripeSubscriptionItem,
  stripeChargeModel,
  stripeInvoiceModel,
  stripeRefundModel,
  stripeSubscriptionModel,
  transactionsOf,
} from '../models';
import { queryAll } from '../table';

/**
 * The payment transactions ingested from a project's connected Stripe account, kept under the project
 * (`PROJECT#<id>` / `TXN#<type>#<stripeId>`), so deleting the project deletes them too.
 */

export interface ProjectTransactions {
  charges: StoredCharge[];
  refunds: StoredRefund[];
  invoices: StoredInvoice[];
  subscriptions: StoredSubscription[];
}

const models = {
  charge: stripeChargeModel,
  refund: stripeRefundModel,
  invoice: stripeInvoiceModel,
  subscription: stripeSubscriptionModel,
} as const;

interface ItemOf {
  charge: StripeChargeItem;
  refund: StripeRefundItem;
  invoice: StripeInvoiceItem;
  subscription: StripeSubscriptionItem;
}

async function transactionKeys(projectId: string): Promise<{ pk: string; sk: string }[]> {
  const items = await queryAll({
    ...transactionsOf(projectId),
    ProjectionExpression: 'pk, sk',
  });
  return items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
}

/**
 * Makes the project's stored transactions exactly the given ones: each is put (an upsert keyed by its
 * Stripe id, so a repeated ingest writes the same items again), then any stored before that is not
 * among them (an earlier account's, a deleted draft invoice) is deleted.
 */
export async function replaceProjectTransactions(
  projectId: string,
  stripeAccountId: string,
  transactions: ProjectTransactions,
  syncedAt: string,
): Promise<void> {
  const before = await transactionKeys(projectId);
  const base = { projectId, stripeAccountId, syncedAt };
  const items = [
    ...transactions.charges.map((t) => stripeChargeModel.toItem({ ...t, ...base })),
    ...transactions.refunds.map((t) => stripeRefundModel.toItem({ ...t, ...base })),
    ...transactions.invoices.map((t) => stripeInvoiceModel.toItem({ ...t, ...base })),
    ...transactions.subscriptions.map((t) => stripeSubscriptionModel.toItem({ ...t, ...base })),
  ];
  // A page of Stripe's list can repeat an object that changed while paging: the last copy wins.
  const unique = [...new Map(items.map((item) => [item.sk, item])).values()];
  await batchWrite(unique.map(putRequest));
  const kept = new Set(unique.map((item) => item.sk));
  await batchWrite(before.filter((key) => !kept.has(key.sk)).map(deleteRequest));
}

/** The stored transactions of one type, read from the given connected account only. */
export async function listProjectTransactions<T extends TransactionType>(
  projectId: string,
  type: T,
  stripeAccountId?: string,
): Promise<ItemOf[T][]> {
  const items = await queryAll({
    ...transactionsOf(projectId, type),
  });
  const model = models[type];
  return items
    .map((item) => model.fromItem(item) as ItemOf[T])
    .filter((item) => stripeAccountId === undefined || item.stripeAccountId === stripeAccountId);
}

/** Deletes every transaction ingested for the project (on disconnect). */
export async function deleteProjectTransactions(projectId: string): Promise<void> {
  await batchWrite((await transactionKeys(projectId)).map(deleteRequest));
}
