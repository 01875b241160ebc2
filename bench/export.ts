/**
 * Export: building the CSV of a full (2,500-item) cart, and the whole paid delivery through the local
 * home: the cart saved by its buyer, Stripe's signed checkout.session.completed event posted to the
 * webhook, and the export workflow (CSV to S3, email with the attachment, contact library) until the
 * delivery record says delivered.
 */

import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { type Api, expectStatus } from '../infra/local/api-client';
import { buildExportCsv, type ExportContactRow } from '../lambdas/lib/export/export-csv';
import { getCartDelivery } from '../lambdas/lib/table/repositories/deliveries';
import { EXPORT_COLUMN_KEYS } from '../shared/cart/export';
import { MAX_CART_ITEMS, tierForCount } from '../shared/cart/pricing';
import { taskTotals } from './local-workflows';
import { type Latency, latencyOf, percentile, sleep, timeRuns } from './stats';

export const CART_ITEMS = MAX_CART_ITEMS;
export const CSV_BUDGET_MS = 100;

/** Contacts with names, emails and LinkedIn URLs of realistic length, some needing quotes or escaping. */
function contactRows(count: number): ExportContactRow[] {
  return Array.from({ length: count }, (_, i) => ({
    name: i % 50 === 0 ? `=Formula, "Quoted" Name ${i}` : `Émile Vantongeren-Lindqvist ${i}`,
    email: i % 7 === 0 ? null : `emile.vantongeren.${i}@example.com`,
    linkedinUrl: i % 3 === 0 ? null : `https://www.linkedin.com/in/emile-vantongeren-lindqvist-${i}`,
    // The cheque columns write plain integers (issue 50); some investors have none.
    chequeMin: i % 5 === 0 ? null : 250_000 + i,
    chequeMax: i % 5 === 0 ? null : 5_000_000 + i,
    typicalCheque: i % 4 === 0 ? null : 1_000_000 + i,
  }));
}

/** buildExportCsv for a full cart with every column, in milliseconds per call. */
export async function measureCsv(runs: number): Promise<Latency & { bytes: number }> {
  const rows = contactRows(CART_ITEMS);
  const bytes = Buffer.byteLength(buildExportCsv(rows, EXPORT_COLUMN_KEYS));
  const samples = await timeRuns(runs, () => buildExportCsv(rows, EXPORT_COLUMN_KEYS), 10);
  return { ...latencyOf(samples), bytes };
}

/** Investor ids found through public search, walking the given tags until `count` distinct ids (or all). */
export async function collectInvestorIds(
  api: Api,
  tags: readonly string[],
  count: number,
): Promise<string[]> {
  const ids = new Set<string>();
  for (const tag of tags) {
    let cursor: string | null = null;
    do {
      const path: string = `/investors?sectorFocus=${encodeURIComponent(tag)}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await api.call('GET', path);
      expectStatus(response, 200, `GET ${path}`);
      const data = (response.body as { data: { items: { id: string }[]; cursor: string | null } }).data;
      for (const item of data.items) {
        ids.add(item.id);
        if (ids.size >= count) return [...ids];
      }
      cursor = data.cursor;
    } while (cursor);
  }
  // A directory smaller than a full cart (BENCH_ROWS while developing): buy what there is.
  return [...ids];
}

/** The Checkout event of a paid session of the cart, from its tier's Payment Link (as the webhook requires). */
function checkoutEvent(cartId: string, amount: number, itemCount: number) {
  const linkId = process.env[`PAYMENT_LINK_ID_${tierForCount(itemCount).id.toUpperCase().replace('-', '_')}`];
  return {
    id: `evt_bench_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: `cs_bench_${randomUUID().replaceAll('-', '')}`,
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        amount_subtotal: amount,
        amount_total: amount,
        currency: 'usd',
        client_reference_id: cartId,
        payment_link: linkId,
      },
    },
  };
}

export interface DeliveryRun {
  totalMs: number;
  saveMs: number;
  webhookMs: number;
  workflowMs: number;
  rowCount: number;
  /** The export workflow's steps (from the emulator's task timings), in ms. */
  steps: Record<string, number>;
}

/** One purchase of a cart of `ids`, end to end. */
async function deliverOnce(api: Api, buyerToken: string, ids: readonly string[]): Promise<DeliveryRun> {
  const start = performance.now();
  const saved = await api.call('POST', '/carts', {
    token: buyerToken,
    body: { investorIds: ids, columnOrder: [...EXPORT_COLUMN_KEYS] },
  });
  expectStatus(saved, 201, 'POST /carts');
  const cart = (saved.body as { data: { id: string; pricing: { totalX100: number } } }).data;
  const afterSave = performance.now();

  const payload = JSON.stringify(checkoutEvent(cart.id, cart.pricing.totalX100, ids.length));
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: String(process.env.STRIPE_WEBHOOK_SECRET),
  });
  const posted = await api.call('POST', '/stripe/webhook', {
    rawBody: payload,
    headers: { 'stripe-signature': signature },
  });
  expectStatus(posted, 200, 'POST /stripe/webhook');
  const outcome = (posted.body as { data: { outcome?: string } }).data.outcome;
  if (outcome !== 'delivering') throw new Error(`The webhook answered ${posted.text}`);
  const afterWebhook = performance.now();

  const deadline = Date.now() + 120_000;
  for (;;) {
    const delivery = await getCartDelivery(cart.id);
    if (delivery?.deliveredAt) {
      const end = performance.now();
      return {
        totalMs: end - start,
        saveMs: afterSave - start,
        webhookMs: afterWebhook - afterSave,
        workflowMs: end - afterWebhook,
        rowCount: delivery.rowCount,
        steps: Object.fromEntries(
          Object.entries(taskTotals(afterSave, end)).map(([state, t]) => [state, Math.round(t.ms)]),
        ),
      };
    }
    if (Date.now() > deadline) throw new Error(`Cart ${cart.id} was not delivered within 2 minutes`);
    await sleep(25);
  }
}

/** `runs` purchases of a 2,500-item cart; the median run of each part. */
export async function measureDelivery(
  api: Api,
  buyerToken: string,
  ids: readonly string[],
  runs: number,
): Promise<DeliveryRun & { runs: number; maxTotalMs: number }> {
  const results: DeliveryRun[] = [];
  for (let i = 0; i < runs; i++) results.push(await deliverOnce(api, buyerToken, ids));
  const median = (key: Exclude<keyof DeliveryRun, 'steps'>) =>
    percentile(
      results.map((r) => r[key]),
      50,
    );
  return {
    totalMs: median('totalMs'),
    saveMs: median('saveMs'),
    webhookMs: median('webhookMs'),
    workflowMs: median('workflowMs'),
    rowCount: median('rowCount'),
    steps: results[Math.floor(results.length / 2)]?.steps ?? {},
    runs,
    maxTotalMs: Math.max(...results.map((r) => r.totalMs)),
  };
}
