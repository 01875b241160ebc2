import type Stripe from 'stripe';
import {
  STRIPE_ACCESS_REVOKED,
  STRIPE_SYNC_FAILED,
  type SyncTransactionsResponse,
} from '../../../shared/api/projects';
import { importMessage } from '../../../shared/insights/transactions';
import { BadGatewayError, ConflictError } from '../errors';
import { logger } from '../observability/logger';
import { stripeClient } from '../stripe/client';
import { replaceProjectTransactions } from '../table/repositories/transactions';
import { connectedProjectOfCreator } from './connected-project';
import { isStripeError, logStripeFailure } from './stripe-errors';
import {
  couponIdsToResolve,
  toStoredCharge,
  toStoredInvoice,
  toStoredRefund,
  toStoredSubscription,
} from './stripe-objects';

/** Stripe's largest page: fewer round trips while auto-pagination walks the lists. */
const PAGE_SIZE = 100;

/** Every item of a list, page after page; an object repeated across pages (it changed while paging) once. */
async function collect<T extends { id: string }>(list: AsyncIterable<T>): Promise<T[]> {
  const byId = new Map<string, T>();
  for await (const item of list) byId.set(item.id, item);
  return [...byId.values()];
}

interface Fetched {
  charges: Stripe.Charge[];
  refunds: Stripe.Refund[];
  invoices: Stripe.Invoice[];
  subscriptions: Stripe.Subscription[];
  coupons: Map<string, Stripe.Coupon>;
}

/** Every charge, refund, invoice and subscription (cancelled ones too) of the connected account. */
async function fetchAccountTransactions(stripeAccount: string): Promise<Fetched> {
  const stripe = await stripeClient();
  const options = { stripeAccount };
  const [charges, refunds, invoices, subscriptions] = await Promise.all([
    collect(stripe.charges.list({ limit: PAGE_SIZE }, options)),
    collect(stripe.refunds.list({ limit: PAGE_SIZE }, options)),
    collect(stripe.invoices.list({ limit: PAGE_SIZE }, options)),
    collect(
      stripe.subscriptions.list(
        // Without status 'all' Stripe leaves out cancelled subscriptions, which the MRR history needs.
        { status: 'all', limit: PAGE_SIZE, expand: ['data.discounts', 'data.items.data.discounts'] },
        options,
      ),
    ),
  ]);
  // A discount names its coupon by id; each coupon is read once (with the products it is limited to).
  const coupons = new Map<string, Stripe.Coupon>();
  for (const id of couponIdsToResolve(subscriptions))
    coupons.set(id, await stripe.coupons.retrieve(id, { expand: ['applies_to'] }, options));
  return { charges, refunds, invoices, subscriptions, coupons };
}

/**
 * The spec's fetchStripeTransactionsForProject: reads the connected account's charges, refunds,
 * invoices and subscriptions (every page, on behalf of the account) and makes them the project's stored
 * transactions. Null when the project is missing or someone else's; 409 when it is not connected or
 * Stripe refuses access to the account; 502 when Stripe fails.
 */
export async function syncProjectTransactions(
  projectId: string,
  userId: string,
  now: Date,
): Promise<SyncTransactionsResponse | null> {
  const found = await connectedProjectOfCreator(projectId, userId);
  if (!found) return null;
  const account = found.connection.stripeUserId;

  let fetched: Fetched;
  try {
    fetched = await fetchAccountTransactions(account);
  } catch (error) {
    logStripeFailure('reading the connected Stripe account failed', error, { projectId });
    if (isStripeError(error) && (error.statusCode === 403 || error.code === 'account_invalid'))
      throw new ConflictError(STRIPE_ACCESS_REVOKED);
    throw new BadGatewayError(STRIPE_SYNC_FAILED);
  }

  const coupons = (id: string) => fetched.coupons.get(id) ?? null;
  const transactions = {
    charges: fetched.charges.map(toStoredCharge),
    refunds: fetched.refunds.map(toStoredRefund),
    invoices: fetched.invoices.map(toStoredInvoice),
    subscriptions: fetched.subscriptions.map((s) => toStoredSubscription(s, coupons)),
  };
  await replaceProjectTransactions(projectId, account, transactions, now.toISOString());
  const imported = {
    charges: transactions.charges.length,
    refunds: transactions.refunds.length,
    invoices: transactions.invoices.length,
    subscriptions: transactions.subscriptions.length,
  };
  logger.info('ingested Stripe transactions', { projectId, ...imported });
  return { message: importMessage(imported), imported };
}
