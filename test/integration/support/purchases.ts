import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { getCartDelivery } from '../../../lambdas/lib/table/repositories/deliveries';
import { PATIENCE_MS } from '../../support/patience';
import { call, localHome, type TestUser } from './home';
import { seedInvestors, unique } from './seed';

/** A purchase as the tests make one: a saved cart of seeded investors, Stripe's events, the local inbox. */

export interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  attachments: { content: string; filename: string; contentType: string }[];
  /** The custom headers the email was sent with (SES v2 `Content.Simple.Headers`), as the inbox keeps them. */
  headers?: { name: string; value: string }[];
}

export async function emailsTo(address: string): Promise<StoredEmail[]> {
  const store = (await (await fetch(`${localHome.urls.sesInbox}/store`)).json()) as { emails: StoredEmail[] };
  return store.emails.filter((e) => e.destination.to.includes(address));
}

/** A Checkout event as Stripe sends it for a session of the cart (by default: paid, the tier-50 Payment Link). */
export function checkoutEvent(
  cartId: string | null,
  amount: number,
  overrides: {
    currency?: string;
    id?: string;
    type?: string;
    sessionId?: string;
    paymentStatus?: 'paid' | 'unpaid';
    paymentLink?: string;
  } = {},
) {
  return {
    id: overrides.id ?? `evt_test_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: overrides.type ?? 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: overrides.sessionId ?? `cs_test_${randomUUID().replaceAll('-', '')}`,
        object: 'checkout.session',
        payment_status: overrides.paymentStatus ?? 'paid',
        status: 'complete',
        amount_subtotal: amount,
        // Tax on top: the subtotal is what is compared with the tier's price.
        amount_total: Math.round(amount * 1.2),
        currency: overrides.currency ?? 'usd',
        client_reference_id: cartId,
        payment_link: overrides.paymentLink ?? 'plink_local_tier_50',
        customer_details: { email: 'payer@example.com' },
      },
    },
  };
}

/** Posts an event to the webhook route, signed with Stripe's own test-header helper. */
export async function postEvent(
  event: object,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ??
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? String(process.env.STRIPE_WEBHOOK_SECRET),
          ...(options.timestamp ? { timestamp: options.timestamp } : {}),
        }));
  return call('POST', '/stripe/webhook', {
    rawBody: payload,
    headers: signature ? { 'stripe-signature': signature } : {},
  });
}

export async function savedCart(
  buyer: TestUser,
  names: { name: string; email: string; linkedin?: string }[],
  columnOrder: string[],
) {
  const tag = `buy-${unique()}`;
  await seedInvestors(names.map((n) => ({ ...n, sectors: [tag] })));
  const found = await call('GET', `/investors?sectorFocus=${tag}&limit=100`);
  const ids = (found.body as { data: { items: { id: string; name: string }[] } }).data.items;
  const ordered = names.map((n) => ids.find((i) => i.name === n.name)?.id ?? '');
  const saved = await call('POST', '/carts', {
    token: buyer.token,
    body: { investorIds: ordered, columnOrder },
  });
  expect(saved.status).toBe(201);
  const data = (saved.body as { data: { id: string; pricing: { totalX100: number } } }).data;
  return { ...data, investorIds: ordered };
}

export const delivered = (cartId: string) =>
  expect
    .poll(async () => (await getCartDelivery(cartId))?.deliveredAt ?? null, {
      timeout: PATIENCE_MS,
      interval: 100,
    })
    .not.toBeNull();

/**
 * Arms (or disarms) the local SES's refusal of the sends to these addresses (infra/local/ses-faults.ts).
 * Only the test's own recipients: test files run at once, and a refusal of every send would refuse
 * their email too.
 */
export async function sesRefusesTo(addresses: readonly string[], refuse = true): Promise<void> {
  const response = await fetch(`${localHome.urls.gateway}/local/faults/ses`, {
    method: 'POST',
    body: JSON.stringify(refuse ? { refuseTo: addresses } : { acceptTo: addresses }),
  });
  expect(response.status).toBe(200);
}

/** The cart as its buyer reads it. */
export async function cartOf(buyer: TestUser, cartId: string) {
  const response = await call('GET', `/carts/${cartId}`, { token: buyer.token });
  expect(response.status).toBe(200);
  return (response.body as { data: Record<string, unknown> & { purchaseState: string; status: string } })
    .data;
}
