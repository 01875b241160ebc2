import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExtraRoute } from './gateway';
import type { LocalHome } from './home-types';
import type { LocalStripeEvents } from './stripe-events';

/**
 * LOCAL ONLY — the stand-in for the few Stripe endpoints Connect and Business Insights use, served by the
 * local gateway. The handlers' stripe client is pointed here (`STRIPE_API_HOST`/`PORT`/`PROTOCOL`), and
 * stripe-node sends its OAuth calls (meant for connect.stripe.com) to the same overridden host, so one
 * stand-in answers both:
 *
 * - `GET  /local/stripe/oauth/authorize` (also under `/api`): the "Local Stripe Connect — test mode" page
 *   with a Connect button; `POST` to the same address redirects to `redirect_uri` with
 *   `code=ac_local_…&scope=…&state=…` (or `error=access_denied` on Cancel);
 * - `POST /oauth/token`: exchanges a code once for the demo account's tokens, as Stripe answers;
 * - `POST /oauth/deauthorize`;
 * - `GET  /v1/charges`, `/v1/refunds`, `/v1/invoices`, `/v1/subscriptions` (Stripe's list shape with
 *   `limit`, `starting_after`, `ending_before`; subscriptions honour `status` and `expand[]`) and
 *   `/v1/coupons/{id}`, for the demo account only (`Stripe-Account: acct_local_demo`);
 * - `GET  /v1/events` and `/v1/events/{id}`: the platform's own events (no `Stripe-Account`), those the
 *   local checkout made (`stripe-events.ts`), filtered by `type`/`types`, `created` and
 *   `delivery_success` as Stripe filters them; 500 while a test makes the list fail.
 *
 * The demo account's data is deterministic relative to the current month: the same subscriptions,
 * charges, refunds and invoices whenever it is asked (see `demoAccount`).
 */

export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_standin';
export const LOCAL_CONNECT_CLIENT_ID = 'ca_local_demo';
export const LOCAL_DEMO_ACCOUNT = 'acct_local_demo';
/** Codes expire as Stripe's do: five minutes after they are issued. */
const CODE_LIFETIME_MS = 5 * 60 * 1000;

// ---------------------------------------------------------------- the demo account's data

type Interval = 'day' | 'week' | 'month' | 'year';

interface DemoPrice {
  id: string;
  product: string;
  unitAmount: number;
  interval: Interval;
  intervalCount: number;
  currency: string;
}

const price = (
  id: string,
  product: string,
  unitAmount: number,
  interval: Interval,
  intervalCount = 1,
  currency = 'usd',
): DemoPrice => ({ id, product, unitAmount, interval, intervalCount, currency });

const PRICES = {
  basic: price('price_local_basic_monthly', 'prod_local_basic', 2900, 'month'),
  pro: price('price_local_pro_monthly', 'prod_local_pro', 9900, 'month'),
  proYearly: price('price_local_pro_yearly', 'prod_local_pro', 99_000, 'year'),
  seat: price('price_local_team_seat', 'prod_local_team', 1500, 'month'),
  addon: price('price_local_addon', 'prod_local_addon', 500, 'month'),
  box: price('price_local_box_weekly', 'prod_local_box', 1200, 'week'),
  boxBiweekly: price('price_local_box_biweekly', 'prod_local_box', 1200, 'week', 2),
  support: price('price_local_support_quarterly', 'prod_local_support', 30_000, 'month', 3),
  api: price('price_local_api_daily', 'prod_local_api', 240, 'day'),
  basicEur: price('price_local_basic_eur', 'prod_local_basic', 2500, 'month', 1, 'eur'),
};

interface DemoCoupon {
  id: string;
  name: string;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: 'forever' | 'once' | 'repeating';
  duration_in_months: number | null;
  products: string[] | null;
}

const coupon = (c: Partial<DemoCoupon> & Pick<DemoCoupon, 'id' | 'name' | 'duration'>): DemoCoupon => ({
  percent_off: null,
  amount_off: null,
  currency: null,
  duration_in_months: null,
  products: null,
  ...c,
});

const COUPONS = {
  launch25: coupon({ id: 'co_local_launch25', name: 'Launch 25%', percent_off: 25, duration: 'forever' }),
  save10: coupon({
    id: 'co_local_save10',
    name: '$10 off',
    amount_off: 1000,
    currency: 'usd',
    duration: 'forever',
  }),
  annual120: coupon({
    id: 'co_local_annual120',
    name: '$120 off a year',
    amount_off: 12_000,
    currency: 'usd',
    duration: 'forever',
  }),
  first3: coupon({
    id: 'co_local_first3',
    name: 'Half price for 3 months',
    percent_off: 50,
    duration: 'repeating',
    duration_in_months: 3,
  }),
  welcome: coupon({ id: 'co_local_welcome', name: 'First month free', percent_off: 100, duration: 'once' }),
  addonHalf: coupon({
    id: 'co_local_addon_half',
    name: 'Half-price add-on',
    percent_off: 50,
    duration: 'forever',
    products: ['prod_local_addon'],
  }),
};

/** A month offset from the current month (0), a day of the month and an hour, UTC. */
type When = readonly [months: number, day: number, hour?: number];

interface DemoSubscriptionSpec {
  n: number;
  status: 'active' | 'past_due' | 'trialing' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired';
  items: readonly (readonly [DemoPrice, number])[];
  /** 'recent': two hours before now. */
  start: When | 'recent';
  trialEnd?: When;
  endedAt?: When;
  cancelAtPeriodEnd?: boolean;
  coupon?: DemoCoupon;
}

/**
 * The demo book of subscriptions (USD unless said). Its MRR, by the rules of shared/insights/mrr.ts, is
 * derived by hand in test/integration/stripe-connect.test.ts.
 */
const SUBSCRIPTIONS: readonly DemoSubscriptionSpec[] = [
  { n: 1, status: 'active', items: [[PRICES.basic, 1]], start: [-13, 5] },
  { n: 2, status: 'active', items: [[PRICES.basic, 1]], start: [-12, 10] },
  { n: 3, status: 'active', items: [[PRICES.pro, 1]], start: [-11, 3] },
  { n: 4, status: 'active', items: [[PRICES.proYearly, 1]], start: [-10, 15] },
  { n: 5, status: 'active', items: [[PRICES.seat, 5]], start: [-9, 8] },
  { n: 6, status: 'active', items: [[PRICES.seat, 12]], start: [-4, 20], coupon: COUPONS.launch25 },
  { n: 7, status: 'active', items: [[PRICES.box, 1]], start: [-8, 12] },
  { n: 8, status: 'active', items: [[PRICES.support, 1]], start: [-7, 1] },
  { n: 9, status: 'canceled', items: [[PRICES.basic, 1]], start: [-6, 14], endedAt: [-2, 14] },
  { n: 10, status: 'canceled', items: [[PRICES.pro, 1]], start: [-13, 20], endedAt: [-5, 20] },
  { n: 11, status: 'trialing', items: [[PRICES.pro, 1]], start: [-1, 25], trialEnd: [1, 5] },
  { n: 12, status: 'trialing', items: [[PRICES.basic, 1]], start: [-1, 10], trialEnd: [1, 10] },
  { n: 13, status: 'active', items: [[PRICES.pro, 1]], start: [-5, 2], trialEnd: [-4, 16] },
  { n: 14, status: 'active', items: [[PRICES.proYearly, 1]], start: [-3, 18], cancelAtPeriodEnd: true },
  { n: 15, status: 'active', items: [[PRICES.support, 1]], start: [-1, 15], cancelAtPeriodEnd: true },
  { n: 16, status: 'past_due', items: [[PRICES.basic, 1]], start: [-2, 7] },
  { n: 17, status: 'incomplete_expired', items: [[PRICES.pro, 1]], start: [-3, 9], endedAt: [-3, 10] },
  { n: 18, status: 'incomplete', items: [[PRICES.pro, 1]], start: 'recent' },
  {
    n: 19,
    status: 'active',
    items: [
      [PRICES.seat, 3],
      [PRICES.addon, 2],
    ],
    start: [-6, 22],
    coupon: COUPONS.addonHalf,
  },
  { n: 20, status: 'active', items: [[PRICES.pro, 1]], start: [-2, 3], coupon: COUPONS.save10 },
  { n: 21, status: 'active', items: [[PRICES.proYearly, 1]], start: [-8, 6], coupon: COUPONS.annual120 },
  { n: 22, status: 'active', items: [[PRICES.basic, 1]], start: [-2, 11], coupon: COUPONS.first3 },
  { n: 23, status: 'active', items: [[PRICES.basic, 1]], start: [-8, 11], coupon: COUPONS.first3 },
  { n: 24, status: 'active', items: [[PRICES.basic, 1]], start: [-1, 2], coupon: COUPONS.welcome },
  { n: 25, status: 'active', items: [[PRICES.boxBiweekly, 3]], start: [-3, 25] },
  { n: 26, status: 'canceled', items: [[PRICES.basic, 1]], start: [-10, 4], endedAt: [-1, 4] },
  // Unpaid since the current period began (the first of this month, midnight).
  { n: 27, status: 'unpaid', items: [[PRICES.pro, 1]], start: [-9, 1, 0] },
  { n: 28, status: 'active', items: [[PRICES.basicEur, 1]], start: [-5, 5] },
  { n: 29, status: 'active', items: [[PRICES.api, 1]], start: [-2, 19] },
];

type StripeObject = Record<string, unknown> & { id: string; created: number };

interface DemoAccount {
  charges: StripeObject[];
  refunds: StripeObject[];
  invoices: StripeObject[];
  subscriptions: StripeObject[];
}

const pad = (n: number) => String(n).padStart(2, '0');

function addInterval(seconds: number, interval: Interval, count: number): number {
  const d = new Date(seconds * 1000);
  if (interval === 'day') return seconds + count * 86_400;
  if (interval === 'week') return seconds + count * 7 * 86_400;
  const months = interval === 'year' ? 12 * count : count;
  const target = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

/**
 * The demo account as of `now`: 29 subscriptions over the last 14 months (monthly, yearly, weekly,
 * every-2-weeks, quarterly and daily prices; trials; cancellations; quantities; coupons; one in EUR), an
 * invoice for each billing period up to now (a $0 one for a trial), a charge for each invoice with an
 * amount due (failed for past_due, unpaid and incomplete ones), a few one-off charges and refunds.
 */
export function demoAccount(now: Date): DemoAccount {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const at = ([k, d, h = 12]: When) => Math.floor(Date.UTC(year, month + k, d, h) / 1000);

  const charges: StripeObject[] = [];
  const refunds: StripeObject[] = [];
  const invoices: StripeObject[] = [];
  const subscriptions: StripeObject[] = [];

  const charge = (
    id: string,
    amount: number,
    currency: string,
    created: number,
    customer: string,
    description: string,
    succeeded: boolean,
  ): StripeObject => {
    const object: StripeObject = {
      id,
      object: 'charge',
      amount,
      amount_captured: succeeded ? amount : 0,
      amount_refunded: 0,
      currency,
      status: succeeded ? 'succeeded' : 'failed',
      paid: succeeded,
      captured: succeeded,
      refunded: false,
      customer,
      description,
      failure_code: succeeded ? null : 'card_declined',
      failure_message: succeeded ? null : 'Your card was declined.',
      livemode: false,
      metadata: {},
      created,
    };
    charges.push(object);
    return object;
  };

  const refund = (id: string, of: StripeObject | undefined, amount: number | null, reason: string) => {
    if (of?.status !== 'succeeded') return;
    const created = of.created + 3 * 86_400;
    if (created > nowSeconds) return;
    const refunded = amount ?? Number(of.amount);
    of.amount_refunded = refunded;
    of.refunded = refunded === of.amount;
    refunds.push({
      id,
      object: 'refund',
      amount: refunded,
      charge: of.id,
      currency: of.currency,
      status: 'succeeded',
      reason,
      livemode: false,
      metadata: {},
      created,
    });
  };

  const chargesOf = new Map<number, StripeObject[]>();

  for (const spec of SUBSCRIPTIONS) {
    const id = `sub_local_${pad(spec.n)}`;
    const customer = `cus_local_${pad(spec.n)}`;
    const start = spec.start === 'recent' ? nowSeconds - 2 * 3600 : at(spec.start);
    const trialEnd = spec.trialEnd ? at(spec.trialEnd) : null;
    const endedAt = spec.endedAt ? at(spec.endedAt) : null;
    const first = spec.items[0]?.[0] ?? PRICES.basic;
    const currency = first.currency;
    const anchor = trialEnd ?? start;
    // Billing periods from the anchor up to now, or until the subscription ended.
    const billed = (from: number) => (endedAt === null ? from <= nowSeconds : from < endedAt);
    const periods: [number, number][] = [];
    if (spec.status !== 'trialing') {
      for (let from = anchor; billed(from); ) {
        const to = addInterval(from, first.interval, first.intervalCount);
        periods.push([from, to]);
        if (spec.status === 'incomplete' || spec.status === 'incomplete_expired') break;
        from = to;
      }
    }
    const current = periods.at(-1) ?? [start, trialEnd ?? addInterval(start, first.interval, 1)];
    const cancelAt = spec.cancelAtPeriodEnd ? current[1] : null;

    const discountId = spec.coupon ? `di_local_${pad(spec.n)}` : null;
    const discountEnd =
      spec.coupon?.duration === 'repeating' && spec.coupon.duration_in_months
        ? addInterval(start, 'month', spec.coupon.duration_in_months)
        : null;
    const discountObject = spec.coupon
      ? {
          id: discountId,
          object: 'discount',
          source: { type: 'coupon', coupon: spec.coupon.id },
          start,
          end: discountEnd,
          customer,
          subscription: id,
          subscription_item: null,
          invoice: null,
          invoice_item: null,
          promotion_code: null,
          checkout_session: null,
        }
      : null;

    subscriptions.push({
      id,
      object: 'subscription',
      status: spec.status,
      currency,
      customer,
      created: start,
      start_date: start,
      billing_cycle_anchor: anchor,
      collection_method: 'charge_automatically',
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      cancel_at_period_end: spec.cancelAtPeriodEnd ?? false,
      cancel_at: cancelAt,
      canceled_at: spec.status === 'canceled' ? (endedAt ?? null) : null,
      ended_at: endedAt,
      discounts: discountObject ? [discountObject] : [],
      items: {
        object: 'list',
        data: spec.items.map(([p, quantity], i) => ({
          id: `si_local_${pad(spec.n)}_${i + 1}`,
          object: 'subscription_item',
          created: start,
          current_period_start: current[0],
          current_period_end: current[1],
          discounts: [],
          metadata: {},
          price: {
            id: p.id,
            object: 'price',
            active: true,
            billing_scheme: 'per_unit',
            currency: p.currency,
            product: p.product,
            recurring: {
              interval: p.interval,
              interval_count: p.intervalCount,
              usage_type: 'licensed',
              meter: null,
              trial_period_days: null,
            },
            type: 'recurring',
            unit_amount: p.unitAmount,
            unit_amount_decimal: String(p.unitAmount),
            livemode: false,
          },
          quantity,
          subscription: id,
        })),
        has_more: false,
        total_count: spec.items.length,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      livemode: false,
      metadata: {},
    });

    // Invoices: a $0 one when a trial starts, then one per billing period.
    let sequence = 0;
    const invoice = (from: number, to: number, amount: number, status: string, subtotal = amount) => {
      sequence += 1;
      const object: StripeObject = {
        id: `in_local_${pad(spec.n)}_${String(sequence).padStart(4, '0')}`,
        object: 'invoice',
        number: `LOCAL-${pad(spec.n)}-${String(sequence).padStart(4, '0')}`,
        status,
        currency,
        customer,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: id, metadata: {} },
        },
        subtotal,
        total: amount,
        amount_due: amount,
        amount_paid: status === 'paid' ? amount : 0,
        amount_remaining: status === 'paid' ? 0 : amount,
        period_start: from,
        period_end: to,
        billing_reason: sequence === 1 ? 'subscription_create' : 'subscription_cycle',
        livemode: false,
        metadata: {},
        created: from,
      };
      invoices.push(object);
      return object;
    };
    if (trialEnd !== null) invoice(start, trialEnd, 0, 'paid');

    periods.forEach(([from, to], index) => {
      let subtotal = 0;
      const lines = spec.items.map(([p, quantity]) => {
        const amount = p.unitAmount * quantity;
        subtotal += amount;
        return { product: p.product, amount };
      });
      let total = subtotal;
      const c = spec.coupon;
      const applies =
        c &&
        (c.duration === 'forever' ||
          (c.duration === 'once' && index === 0) ||
          (c.duration === 'repeating' && discountEnd !== null && from < discountEnd));
      if (c && applies) {
        const eligible = lines
          .filter((l) => c.products === null || c.products.includes(l.product))
          .reduce((sum, l) => sum + l.amount, 0);
        const off =
          c.percent_off !== null
            ? Math.round((eligible * c.percent_off) / 100)
            : Math.min(c.amount_off ?? 0, eligible);
        total = subtotal - off;
      }
      const last = index === periods.length - 1;
      const failed =
        (last && (spec.status === 'past_due' || spec.status === 'unpaid' || spec.status === 'incomplete')) ||
        spec.status === 'incomplete_expired';
      const status = spec.status === 'incomplete_expired' ? 'void' : failed ? 'open' : 'paid';
      const inv = invoice(from, to, total, status, subtotal);
      if (total > 0 && from + 60 <= nowSeconds) {
        const ch = charge(
          `ch_local_${pad(spec.n)}_${String(index + 1).padStart(4, '0')}`,
          total,
          currency,
          from + 60,
          customer,
          `Subscription update (${inv.number})`,
          !failed,
        );
        chargesOf.set(spec.n, [...(chargesOf.get(spec.n) ?? []), ch]);
      }
    });
  }

  // One-off charges, outside any subscription.
  const setup1 = charge('ch_local_setup_0001', 15_000, 'usd', at([-6, 9]), 'cus_local_05', 'Setup', true);
  charge('ch_local_setup_0002', 15_000, 'usd', at([-2, 17]), 'cus_local_20', 'Onboarding', true);
  charge('ch_local_declined_0001', 4900, 'usd', at([-1, 8]), 'cus_local_16', 'Add-on', false);

  refund('re_local_0001', chargesOf.get(3)?.[1], 1000, 'requested_by_customer');
  refund('re_local_0002', chargesOf.get(9)?.at(-1), null, 'requested_by_customer');
  refund('re_local_0003', chargesOf.get(7)?.[0], null, 'duplicate');
  refund('re_local_0004', setup1, 5000, 'requested_by_customer');

  return { charges, refunds, invoices, subscriptions };
}

export const DEMO_COUPONS: readonly DemoCoupon[] = Object.values(COUPONS);

// ---------------------------------------------------------------- HTTP helpers

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function sendJson(res: ServerResponse, status: number, payload: unknown): true {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_local_${randomBytes(8).toString('hex')}`,
    'x-local-stand-in': 'stripe',
  });
  res.end(JSON.stringify(payload));
  return true;
}

function sendHtml(res: ServerResponse, status: number, html: string): true {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
  return true;
}

/** Stripe's API error shape. */
const apiError = (res: ServerResponse, status: number, type: string, message: string, code?: string) =>
  sendJson(res, status, { error: { type, message, ...(code ? { code } : {}) } });

/** Stripe's OAuth error shape. */
const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
  sendJson(res, status, { error, error_description: description });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2328}
.badge{display:inline-block;background:#fff3cd;color:#664d03;border:1px solid #ffe69c;border-radius:.5rem;padding:.25rem .6rem;font-size:.85rem}
.card{border:1px solid #d0d7de;border-radius:.75rem;padding:1.5rem;margin-top:1rem}
button{border:0;border-radius:.5rem;padding:.75rem 1.5rem;font-size:1rem;cursor:pointer;margin-right:.5rem}
.connect{background:#635bff;color:#fff}.cancel{background:#eaeef2;color:#1f2328}
dt{color:#57606a;font-size:.85rem}dd{margin:0 0 .75rem 0;font-weight:600}</style></head>
<body><span class="badge">Local stand-in — no real Stripe account is involved</span>${body}</body></html>`;
}

const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');

interface AuthorizeRequest {
  clientId: string;
  scope: string;
  redirectUri: URL;
  state: string;
}

/** The authorize parameters, checked as Stripe checks them; a string is the reason they are refused. */
function authorizeRequest(params: URLSearchParams, clientId: string): AuthorizeRequest | string {
  if (params.get('response_type') !== 'code') return 'response_type must be code.';
  if (params.get('client_id') !== clientId) return `No such application: '${params.get('client_id') ?? ''}'.`;
  const scope = params.get('scope') ?? 'read_only';
  if (scope !== 'read_write' && scope !== 'read_only') return `Invalid scope: '${scope}'.`;
  let redirectUri: URL;
  try {
    redirectUri = new URL(params.get('redirect_uri') ?? '');
  } catch {
    return 'Invalid redirect_uri.';
  }
  if (!/^https?:$/.test(redirectUri.protocol) || !isLoopbackHost(redirectUri.hostname))
    return 'The local stand-in only redirects to this machine (localhost, 127.0.0.1 or *.localhost).';
  return { clientId, scope, redirectUri, state: params.get('state') ?? '' };
}

function paginate(
  res: ServerResponse,
  url: URL,
  path: string,
  objects: readonly StripeObject[],
  what: string,
): true {
  const sorted = [...objects].sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  const limitText = url.searchParams.get('limit');
  const limit = limitText === null ? 10 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return apiError(res, 400, 'invalid_request_error', 'limit must be an integer from 1 to 100.');
  const after = url.searchParams.get('starting_after');
  const before = url.searchParams.get('ending_before');
  let from = 0;
  let to = sorted.length;
  const cursor = after ?? before;
  if (cursor !== null) {
    const index = sorted.findIndex((o) => o.id === cursor);
    if (index < 0) return apiError(res, 400, 'invalid_request_error', `No such ${what}: '${cursor}'`);
    if (after !== null) from = index + 1;
    else to = index;
  }
  const data =
    before !== null && after === null
      ? sorted.slice(Math.max(from, to - limit), to)
      : sorted.slice(from, from + limit);
  const hasMore = before !== null && after === null ? to - limit > from : from + limit < to;
  return sendJson(res, 200, { object: 'list', data, has_more: hasMore, url: path });
}

const expansions = (url: URL): Set<string> =>
  new Set(
    [...url.searchParams.entries()].filter(([key]) => /^expand(\[\d*\])?$/.test(key)).map(([, v]) => v),
  );

/** Subscriptions as Stripe lists them: discounts as ids unless expanded; cancelled ones only on request. */
function listSubscriptions(res: ServerResponse, url: URL, subscriptions: readonly StripeObject[]): true {
  const status = url.searchParams.get('status');
  const expand = expansions(url);
  const chosen = subscriptions.filter((s) =>
    status === 'all' ? true : status === null ? s.status !== 'canceled' : s.status === status,
  );
  const shaped = chosen.map((s) => {
    const discounts = s.discounts as { id: string }[];
    const items = s.items as { data: { discounts: { id: string }[] }[] };
    return {
      ...s,
      discounts: expand.has('data.discounts') ? discounts : discounts.map((d) => d.id),
      items: {
        ...items,
        data: items.data.map((item) => ({
          ...item,
          discounts: expand.has('data.items.data.discounts')
            ? item.discounts
            : item.discounts.map((d) => d.id),
        })),
      },
    };
  });
  return paginate(res, url, '/v1/subscriptions', shaped, 'subscription');
}

function couponObject(c: DemoCoupon, expandAppliesTo: boolean, created: number) {
  return {
    id: c.id,
    object: 'coupon',
    name: c.name,
    percent_off: c.percent_off,
    amount_off: c.amount_off,
    currency: c.currency,
    duration: c.duration,
    duration_in_months: c.duration_in_months,
    max_redemptions: null,
    redeem_by: null,
    times_redeemed: 1,
    valid: true,
    livemode: false,
    metadata: {},
    created,
    ...(expandAppliesTo && c.products ? { applies_to: { products: c.products } } : {}),
  };
}

/** The platform account's events: one by id, or the list as Stripe filters and pages it. */
function platformEvents(
  res: ServerResponse,
  url: URL,
  events: LocalStripeEvents,
  id: string | undefined,
): true {
  if (id !== undefined) {
    const event = events.get(id);
    return event
      ? sendJson(res, 200, event)
      : apiError(res, 404, 'invalid_request_error', `No such event: '${id}'`, 'resource_missing');
  }
  if (events.refusesLists)
    return apiError(res, 500, 'api_error', 'The local stand-in fails event lists on demand (a local fault).');
  const selected = events.select(url.searchParams);
  if (typeof selected === 'string') return apiError(res, 400, 'invalid_request_error', selected);
  return paginate(res, url, '/v1/events', selected as StripeObject[], 'event');
}

// ---------------------------------------------------------------- the route

interface IssuedCode {
  scope: string;
  issuedAt: number;
  used: boolean;
}

/** The local Stripe stand-in, served by the local gateway (see the module comment). */
export function localStripeStandInRoute(
  home: Omit<LocalHome, 'stop'>,
  events: LocalStripeEvents,
): ExtraRoute {
  const codes = new Map<string, IssuedCode>();
  const refreshTokens = new Set<string>();
  const connected = new Set<string>();
  const clientId = home.env.STRIPE_CONNECT_CLIENT_ID ?? LOCAL_CONNECT_CLIENT_ID;
  const secretKey = home.env.STRIPE_SECRET_KEY ?? LOCAL_STRIPE_SECRET_KEY;

  // The demo data is built once an hour: list pages read in a row see the same objects.
  let cached: { hour: number; account: DemoAccount } | undefined;
  const account = (): DemoAccount => {
    const hour = Math.floor(Date.now() / 3_600_000);
    if (cached?.hour !== hour) cached = { hour, account: demoAccount(new Date(hour * 3_600_000)) };
    return cached.account;
  };

  const authenticated = (req: IncomingMessage) => req.headers.authorization === `Bearer ${secretKey}`;

  const authorizePage = (res: ServerResponse, request: AuthorizeRequest): true =>
    sendHtml(
      res,
      200,
      page(
        'Local Stripe Connect — test mode',
        `<div class="card"><h1>Local Stripe Connect — test mode</h1>
<p>Connect the demo Stripe account <strong>${LOCAL_DEMO_ACCOUNT}</strong> to VC Directory. It holds made-up
subscriptions, charges, refunds and invoices for Business Insights.</p>
<dl><dt>Access requested</dt><dd>${escapeHtml(request.scope)}</dd><dt>Returns to</dt><dd>${escapeHtml(request.redirectUri.origin + request.redirectUri.pathname)}</dd></dl>
<form method="post">
<input type="hidden" name="response_type" value="code">
<input type="hidden" name="client_id" value="${escapeHtml(request.clientId)}">
<input type="hidden" name="scope" value="${escapeHtml(request.scope)}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(request.redirectUri.href)}">
<input type="hidden" name="state" value="${escapeHtml(request.state)}">
<button class="connect" type="submit" name="decision" value="connect">Connect</button>
<button class="cancel" type="submit" name="decision" value="cancel">Cancel</button>
</form></div>`,
      ),
    );

  const redirect = (res: ServerResponse, to: URL): true => {
    res.writeHead(302, { location: to.href, 'cache-control': 'no-store' });
    res.end();
    return true;
  };

  return async (req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();

    if (/^(?:\/api)?\/local\/stripe\/oauth\/authorize$/.test(url.pathname)) {
      const params = method === 'POST' ? new URLSearchParams(body.toString('utf8')) : url.searchParams;
      const request = authorizeRequest(params, clientId);
      if (typeof request === 'string')
        return sendHtml(
          res,
          400,
          page(
            'Connect failed',
            `<div class="card"><h1>Connect failed</h1><p>${escapeHtml(request)}</p></div>`,
          ),
        );
      if (method === 'GET') return authorizePage(res, request);
      if (method !== 'POST') return false;
      const to = new URL(request.redirectUri.href);
      if (params.get('decision') === 'cancel') {
        to.searchParams.set('error', 'access_denied');
        to.searchParams.set('error_description', 'The user denied your request');
      } else {
        const code = `ac_local_${randomBytes(12).toString('hex')}`;
        for (const [old, issued] of codes)
          if (Date.now() - issued.issuedAt > CODE_LIFETIME_MS) codes.delete(old);
        codes.set(code, { scope: request.scope, issuedAt: Date.now(), used: false });
        to.searchParams.set('code', code);
        to.searchParams.set('scope', request.scope);
      }
      if (request.state) to.searchParams.set('state', request.state);
      return redirect(res, to);
    }

    if (method === 'POST' && url.pathname === '/oauth/token') {
      if (!authenticated(req)) return oauthError(res, 401, 'invalid_client', 'Invalid API key provided.');
      const form = new URLSearchParams(body.toString('utf8'));
      const grantType = form.get('grant_type');
      let scope = 'read_write';
      if (grantType === 'refresh_token') {
        const token = form.get('refresh_token') ?? '';
        if (!refreshTokens.has(token))
          return oauthError(res, 400, 'invalid_grant', `Invalid refresh token: ${token}`);
      } else if (grantType === 'authorization_code') {
        const code = form.get('code') ?? '';
        const issued = codes.get(code);
        if (!issued) return oauthError(res, 400, 'invalid_grant', `Invalid authorization code: ${code}`);
        if (issued.used)
          return oauthError(res, 400, 'invalid_grant', `Authorization code already used: ${code}`);
        if (Date.now() - issued.issuedAt > CODE_LIFETIME_MS)
          return oauthError(res, 400, 'invalid_grant', `Authorization code expired: ${code}`);
        issued.used = true;
        scope = issued.scope;
      } else {
        return oauthError(res, 400, 'unsupported_grant_type', `Unsupported grant type: ${grantType ?? ''}`);
      }
      const refreshToken = `rt_local_${randomBytes(12).toString('hex')}`;
      refreshTokens.add(refreshToken);
      connected.add(LOCAL_DEMO_ACCOUNT);
      return sendJson(res, 200, {
        access_token: `sk_test_local_acct_${randomBytes(12).toString('hex')}`,
        refresh_token: refreshToken,
        stripe_user_id: LOCAL_DEMO_ACCOUNT,
        stripe_publishable_key: 'pk_test_local_acct_demo',
        scope,
        livemode: false,
        token_type: 'bearer',
      });
    }

    if (method === 'POST' && url.pathname === '/oauth/deauthorize') {
      if (!authenticated(req)) return oauthError(res, 401, 'invalid_client', 'Invalid API key provided.');
      const form = new URLSearchParams(body.toString('utf8'));
      const requested = form.get('client_id') ?? '';
      const account = form.get('stripe_user_id') ?? '';
      if (requested !== clientId)
        return oauthError(res, 401, 'invalid_client', `No such application: '${requested}'`);
      if (!connected.delete(account))
        return oauthError(
          res,
          401,
          'invalid_client',
          `This application is not connected to stripe account ${account}, or that account does not exist.`,
        );
      return sendJson(res, 200, { stripe_user_id: account });
    }

    if (!url.pathname.startsWith('/v1/')) return false;
    if (!authenticated(req))
      return apiError(res, 401, 'invalid_request_error', 'Invalid API Key provided (local stand-in).');
    const eventMatch = /^\/v1\/events(?:\/([\w-]+))?$/.exec(url.pathname);
    if (eventMatch && method === 'GET' && req.headers['stripe-account'] === undefined)
      return platformEvents(res, url, events, eventMatch[1]);
    const stripeAccount = req.headers['stripe-account'];
    if (stripeAccount !== LOCAL_DEMO_ACCOUNT)
      return apiError(
        res,
        403,
        'invalid_request_error',
        `The provided key does not have access to account '${String(stripeAccount ?? '')}' (or that account does not exist). Application access may have been revoked.`,
        'account_invalid',
      );
    if (method !== 'GET')
      return apiError(
        res,
        405,
        'invalid_request_error',
        'The local stand-in only answers reads of the demo account.',
      );
    const data = account();
    if (url.pathname === '/v1/charges') return paginate(res, url, url.pathname, data.charges, 'charge');
    if (url.pathname === '/v1/refunds') return paginate(res, url, url.pathname, data.refunds, 'refund');
    if (url.pathname === '/v1/invoices') return paginate(res, url, url.pathname, data.invoices, 'invoice');
    if (url.pathname === '/v1/subscriptions') return listSubscriptions(res, url, data.subscriptions);
    const couponMatch = /^\/v1\/coupons\/([\w-]+)$/.exec(url.pathname);
    const found = couponMatch ? DEMO_COUPONS.find((c) => c.id === couponMatch[1]) : undefined;
    if (found) {
      const oldest = data.subscriptions.reduce(
        (min, s) => Math.min(min, s.created),
        Number.POSITIVE_INFINITY,
      );
      return sendJson(res, 200, couponObject(found, expansions(url).has('applies_to'), oldest));
    }
    if (couponMatch)
      return apiError(
        res,
        404,
        'invalid_request_error',
        `No such coupon: '${couponMatch[1]}'`,
        'resource_missing',
      );
    return apiError(res, 404, 'invalid_request_error', `Unrecognized request URL (GET: ${url.pathname}).`);
  };
}
