import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { PRICE_TIERS } from '../../shared/cart/pricing';
import type { ExtraRoute } from './gateway';
import type { LocalHome } from './home-types';
import type { LocalStripeEvent, LocalStripeEvents } from './stripe-events';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2328}
.badge{display:inline-block;background:#fff3cd;color:#664d03;border:1px solid #ffe69c;border-radius:.5rem;padding:.25rem .6rem;font-size:.85rem}
.card{border:1px solid #d0d7de;border-radius:.75rem;padding:1.5rem;margin-top:1rem}
button{background:#635bff;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.5rem;font-size:1rem;cursor:pointer}
dt{color:#57606a;font-size:.85rem}dd{margin:0 0 .75rem 0;font-weight:600}</style></head>
<body><span class="badge">Local checkout — test mode, no real payment</span>${body}</body></html>`;
}

/** The webhook secret of the local home: made up per start, known only to this process. */
export const localWebhookSecret = () => `whsec_local_${randomUUID().replaceAll('-', '')}`;

/**
 * The local stand-in for a Stripe Payment Link: `/local/checkout/{tierId}` shows the tier's price
 * and a Pay button. Paying builds a real `checkout.session.completed` event for the cart, signs it
 * with the local webhook secret using the stripe library's own test-header helper, and posts it to
 * the product's webhook route — the code path Stripe takes on AWS. Each event is kept in the local
 * account's events (`stripe-events.ts`) with whether its post succeeded, so the stand-in lists it as
 * Stripe lists events; a test can make the post fail for a cart (`POST /local/faults/stripe`), which
 * leaves the event undelivered for the reconciler of Stripe's events to find.
 */
export const localCheckoutRoute =
  (home: Omit<LocalHome, 'stop'>, events: LocalStripeEvents): ExtraRoute =>
  async (req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^(?:\/api)?\/local\/checkout\/(tier-\d+)(\/pay)?$/.exec(url.pathname);
    if (!match) return false;
    const tier = PRICE_TIERS.find((t) => t.id === match[1]);
    const html = (status: number, content: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(content);
    };
    if (!tier) {
      html(404, page('Unknown price', '<p>There is no such price tier.</p>'));
      return true;
    }
    const price = `$${(tier.priceX100 / 100).toFixed(2)}`;

    if (req.method === 'GET' && !match[2]) {
      const cartId = url.searchParams.get('client_reference_id') ?? '';
      const email = url.searchParams.get('prefilled_email') ?? '';
      html(
        200,
        page(
          `Pay ${price}`,
          `<div class="card"><h1>Contact list — ${escapeHtml(tier.tierDescription)}</h1>
<dl><dt>Amount</dt><dd>${price} USD</dd><dt>Cart</dt><dd>${escapeHtml(cartId || 'none')}</dd><dt>Email</dt><dd>${escapeHtml(email || 'none')}</dd></dl>
<form method="post" action="/local/checkout/${tier.id}/pay">
<input type="hidden" name="client_reference_id" value="${escapeHtml(cartId)}">
<input type="hidden" name="email" value="${escapeHtml(email)}">
<button type="submit">Pay ${price}</button></form></div>`,
        ),
      );
      return true;
    }

    if (req.method === 'POST' && match[2]) {
      const form = new URLSearchParams(body.toString('utf8'));
      const cartId = form.get('client_reference_id') ?? '';
      const email = form.get('email') ?? '';
      const sessionId = `cs_test_local_${randomUUID().replaceAll('-', '')}`;
      const created = Math.floor(Date.now() / 1000);
      const event: LocalStripeEvent = {
        id: `evt_local_${randomUUID().replaceAll('-', '')}`,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: 'checkout.session.completed',
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            mode: 'payment',
            status: 'complete',
            payment_status: 'paid',
            amount_subtotal: tier.priceX100,
            amount_total: tier.priceX100,
            currency: 'usd',
            client_reference_id: cartId || null,
            customer_details: { email: email || null },
            customer_email: email || null,
            payment_link: `plink_local_${tier.id.replace('-', '_')}`,
            created,
            livemode: false,
          },
        },
      };
      const payload = JSON.stringify(event);
      const secret = home.env.STRIPE_WEBHOOK_SECRET ?? '';
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      // An armed fault: the post is not made, as when Stripe cannot reach the endpoint.
      const response = events.failsWebhookFor(cartId)
        ? null
        : await fetch(`${home.urls.api}/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          });
      const ok = response?.ok === true;
      events.record(event, ok);
      html(
        ok ? 200 : 502,
        page(
          ok ? 'Payment complete' : 'Payment not recorded',
          ok
            ? `<div class="card"><h1>Payment complete</h1><p>${price} paid for cart ${escapeHtml(cartId)}.</p>
<p>The CSV is on its way to ${escapeHtml(email || 'your email address')}; the contacts will appear in your contact library.</p>
<p><a href="${escapeHtml(home.urls.sesInbox)}">Open the local mail inbox</a></p></div>`
            : `<div class="card"><h1>Payment not recorded</h1><p>${response ? `The webhook answered ${response.status}.` : 'The webhook could not be reached (a local fault).'}</p></div>`,
        ),
      );
      return true;
    }
    return false;
  };
