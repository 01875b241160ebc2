import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unmatchedPaymentKey } from '../../lambdas/lib/table/models';
import { getCart } from '../../lambdas/lib/table/repositories/carts';
import { getCartDelivery } from '../../lambdas/lib/table/repositories/deliveries';
import { getItem } from '../../lambdas/lib/table/table';
import { workflowSchedules } from '../../lambdas/workflows/registry';
import { PATIENCE_MS } from '../support/patience';
import { call, createUser, localHome, type TestUser } from './support/home';
import { cartOf, checkoutEvent, delivered, emailsTo, postEvent, savedCart } from './support/purchases';
import { unique } from './support/seed';
import { describeWorkflow, startWorkflow } from './support/workflows';

/**
 * Stripe's own guidance, tested (issue 48): one checkout session under two event ids pays its cart
 * once; the Checkout events act rightly in any order; and the scheduled reconciler replays the events
 * Stripe did not deliver (listed by the local Stripe stand-in) through the webhook's own handling.
 */

async function oneInvestorCart(buyer: TestUser) {
  const u = unique();
  return savedCart(buyer, [{ name: `Stripe ${u}`, email: `stripe-${u}@example.com` }], ['name', 'email']);
}

const newSessionId = () => `cs_test_${randomUUID().replaceAll('-', '')}`;

/** What shows that a payment was taken twice: the cart flagged, or the session kept as unmatched. */
async function paidOnceBy(cartId: string, sessionId: string) {
  const cart = await getCart(cartId);
  expect(cart).toMatchObject({ status: 'purchased', paidSessionId: sessionId, flaggedReason: null });
  expect(await getItem(unmatchedPaymentKey(sessionId))).toBeUndefined();
}

/** The local checkout's Pay button for a one-investor cart (tier 50). */
async function payThroughLocalCheckout(cartId: string, email: string): Promise<Response> {
  return fetch(`${localHome.urls.gateway}/local/checkout/tier-50/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_reference_id: cartId, email }),
  });
}

/** Arms (or lifts) a fault of the local Stripe (infra/local/stripe-events.ts). */
async function stripeFault(fault: {
  failWebhookFor?: string[];
  deliverWebhookFor?: string[];
  refuseEventLists?: boolean;
}): Promise<void> {
  const response = await fetch(`${localHome.urls.gateway}/local/faults/stripe`, {
    method: 'POST',
    body: JSON.stringify(fault),
  });
  expect(response.status).toBe(200);
}

interface ListedEvent {
  id: string;
  type: string;
  pending_webhooks: number;
  data: { object: { id: string; client_reference_id: string | null } };
}

/** The platform's events as the stand-in lists them to a Stripe client (with the secret key). */
async function undeliveredEventsOf(cartId: string): Promise<ListedEvent[]> {
  const response = await fetch(
    `${localHome.urls.gateway}/v1/events?delivery_success=false&limit=100&types[0]=checkout.session.completed`,
    { headers: { authorization: `Bearer ${localHome.env.STRIPE_SECRET_KEY ?? ''}` } },
  );
  expect(response.status).toBe(200);
  const page = (await response.json()) as { data: ListedEvent[] };
  return page.data.filter((e) => e.data.object.client_reference_id === cartId);
}

/** A cart paid through the local checkout whose webhook post failed: its one undelivered event. */
async function paidWithoutWebhook(buyer: TestUser, cartId: string): Promise<ListedEvent> {
  await stripeFault({ failWebhookFor: [cartId] });
  const paid = await payThroughLocalCheckout(cartId, buyer.email);
  expect(paid.status).toBe(502);
  expect(await paid.text()).toContain('The webhook could not be reached');
  const [event, ...others] = await undeliveredEventsOf(cartId);
  expect(others).toHaveLength(0);
  expect(event).toMatchObject({ type: 'checkout.session.completed', pending_webhooks: 1 });
  expect(await getCartDelivery(cartId)).toBeNull();
  return event as ListedEvent;
}

async function ended(executionArn: string): Promise<string> {
  let status = '';
  await expect
    .poll(
      async () => {
        status = (await describeWorkflow(executionArn)).status ?? '';
        return status;
      },
      { timeout: PATIENCE_MS, interval: 200 },
    )
    .not.toBe('RUNNING');
  return status;
}

/** Runs the scheduled reconciler once, as its schedule starts it; its status and output. */
async function reconcile(): Promise<{ status: string; output: Record<string, unknown> }> {
  const executionArn = await startWorkflow('stripeReconcile', workflowSchedules.stripeReconcile.input);
  const status = await ended(executionArn);
  return { status, output: JSON.parse((await describeWorkflow(executionArn)).output ?? '{}') };
}

/** Posts the event as Stripe retries it: again while another attempt holds its claim (409). */
async function postUntilAccepted(event: object) {
  let body: unknown;
  await expect
    .poll(
      async () => {
        const response = await postEvent(event);
        body = response.body;
        return response.status;
      },
      { timeout: PATIENCE_MS, interval: 200 },
    )
    .toBe(200);
  return body;
}

describe('one checkout session under two event ids pays its cart once', () => {
  it('two "completed" events of one session, one after the other: delivered once, nothing flagged', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    const sessionId = newSessionId();

    const first = await postEvent(checkoutEvent(cart.id, 500, { sessionId }));
    await delivered(cart.id);
    const startedAt = (await getCartDelivery(cart.id))?.startedAt;
    const second = await postEvent(checkoutEvent(cart.id, 500, { sessionId }));

    expect(first.body).toEqual({ data: { received: true, outcome: 'delivering' } });
    expect(second.body).toEqual({ data: { received: true, outcome: 'delivering' } });
    await paidOnceBy(cart.id, sessionId);
    expect((await getCartDelivery(cart.id))?.startedAt).toBe(startedAt);
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });

  it('"completed" and "async_payment_succeeded" of one session at once: delivered once, nothing flagged', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    const sessionId = newSessionId();

    const answers = await Promise.all([
      postEvent(checkoutEvent(cart.id, 500, { sessionId })),
      postEvent(checkoutEvent(cart.id, 500, { sessionId, type: 'checkout.session.async_payment_succeeded' })),
    ]);

    for (const answer of answers)
      expect(answer.body).toEqual({ data: { received: true, outcome: 'delivering' } });
    await delivered(cart.id);
    await paidOnceBy(cart.id, sessionId);
    expect(await cartOf(buyer, cart.id)).toMatchObject({ purchaseState: 'delivered' });
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });

  it('another session paying the same cart is still a second payment: flagged and kept for a refund', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    const paying = newSessionId();
    const other = newSessionId();

    await postEvent(checkoutEvent(cart.id, 500, { sessionId: paying }));
    await delivered(cart.id);
    const second = await postEvent(checkoutEvent(cart.id, 500, { sessionId: other }));

    expect(second.body).toEqual({ data: { received: true, outcome: 'unmatched' } });
    expect((await getCart(cart.id))?.flaggedReason).toContain(`A second payment (checkout ${other})`);
    expect(await getItem(unmatchedPaymentKey(other))).toMatchObject({ checkoutSessionId: other });
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });
});

describe('Checkout events in any order', () => {
  it('"async_payment_succeeded" before "completed" (unpaid): delivered once, the late "completed" changes nothing', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    const sessionId = newSessionId();

    const succeeded = await postEvent(
      checkoutEvent(cart.id, 500, { sessionId, type: 'checkout.session.async_payment_succeeded' }),
    );
    await delivered(cart.id);
    const completed = await postEvent(checkoutEvent(cart.id, 500, { sessionId, paymentStatus: 'unpaid' }));

    expect(succeeded.body).toEqual({ data: { received: true, outcome: 'delivering' } });
    expect(completed.body).toEqual({ data: { received: true, outcome: 'delivering' } });
    await paidOnceBy(cart.id, sessionId);
    expect(await cartOf(buyer, cart.id)).toMatchObject({ purchaseState: 'delivered', status: 'purchased' });
    expect((await getCart(cart.id))?.paymentStatus).toBeNull();
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });

  it('"async_payment_succeeded" before "completed" (paid): delivered once', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    const sessionId = newSessionId();

    await postEvent(
      checkoutEvent(cart.id, 500, { sessionId, type: 'checkout.session.async_payment_succeeded' }),
    );
    await delivered(cart.id);
    const startedAt = (await getCartDelivery(cart.id))?.startedAt;
    const completed = await postEvent(checkoutEvent(cart.id, 500, { sessionId }));

    expect(completed.body).toEqual({ data: { received: true, outcome: 'delivering' } });
    await paidOnceBy(cart.id, sessionId);
    expect((await getCartDelivery(cart.id))?.startedAt).toBe(startedAt);
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });

  it('"async_payment_failed" before "completed" (unpaid): the cart stays failed and the founder may pay again', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    const sessionId = newSessionId();

    const failed = await postEvent(
      checkoutEvent(cart.id, 500, { sessionId, type: 'checkout.session.async_payment_failed' }),
    );
    const completed = await postEvent(checkoutEvent(cart.id, 500, { sessionId, paymentStatus: 'unpaid' }));

    expect(failed.body).toEqual({ data: { received: true, outcome: 'payment-failed' } });
    expect(completed.body).toEqual({ data: { received: true, outcome: 'payment-failed' } });
    expect(await cartOf(buyer, cart.id)).toMatchObject({ purchaseState: 'payment-failed' });
    const reopened = await call('POST', `/carts/${cart.id}/checkout`, { token: buyer.token });
    expect(reopened.status).toBe(200);

    // The founder pays again, by another session; the failed session's events change nothing more.
    const again = newSessionId();
    await postEvent(checkoutEvent(cart.id, 500, { sessionId: again }));
    await delivered(cart.id);
    const lateCompleted = await postEvent(
      checkoutEvent(cart.id, 500, { sessionId, paymentStatus: 'unpaid' }),
    );
    expect(lateCompleted.body).toEqual({ data: { received: true, outcome: 'ignored' } });
    await paidOnceBy(cart.id, again);
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });
});

describe('the reconciler of Stripe events', () => {
  it('delivers a paid cart whose webhook post failed, once; a run over handled events changes nothing', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    const event = await paidWithoutWebhook(buyer, cart.id);

    const first = await reconcile();
    expect(first.status).toBe('SUCCEEDED');
    expect(first.output).toMatchObject({ truncated: false });
    await delivered(cart.id);
    await paidOnceBy(cart.id, event.data.object.id);
    const deliveredOnce = await getCartDelivery(cart.id);
    expect(await emailsTo(buyer.email)).toHaveLength(1);

    // Stripe still lists the event as undelivered: the next run replays it, and its claim answers.
    expect(await undeliveredEventsOf(cart.id)).toHaveLength(1);
    const second = await reconcile();
    expect(second.status).toBe('SUCCEEDED');
    expect(await getCartDelivery(cart.id)).toEqual(deliveredOnce);
    await paidOnceBy(cart.id, event.data.object.id);
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });

  it('an undelivered "completed" of a session that another event id already paid for changes nothing', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    const event = await paidWithoutWebhook(buyer, cart.id);
    const sessionId = event.data.object.id;
    await postEvent(
      checkoutEvent(cart.id, 500, { sessionId, type: 'checkout.session.async_payment_succeeded' }),
    );
    await delivered(cart.id);
    const deliveredOnce = await getCartDelivery(cart.id);

    expect((await reconcile()).status).toBe('SUCCEEDED');

    await paidOnceBy(cart.id, sessionId);
    expect(await getCartDelivery(cart.id)).toEqual(deliveredOnce);
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });

  it('a run overlapping a late webhook of the same event delivers once', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    const listed = await paidWithoutWebhook(buyer, cart.id);
    const stored = await fetch(`${localHome.urls.gateway}/v1/events/${listed.id}`, {
      headers: { authorization: `Bearer ${localHome.env.STRIPE_SECRET_KEY ?? ''}` },
    });
    expect(stored.status).toBe(200);
    const event = (await stored.json()) as object;

    const [run, late] = await Promise.all([reconcile(), postUntilAccepted(event)]);

    expect(run.status).toBe('SUCCEEDED');
    expect(late).toEqual({ data: { received: true, outcome: 'delivering' } });
    await delivered(cart.id);
    await paidOnceBy(cart.id, listed.data.object.id);
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });

  it('Stripe refusing the list fails the run visibly, loses nothing, and the next run delivers', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    await paidWithoutWebhook(buyer, cart.id);

    await stripeFault({ refuseEventLists: true });
    try {
      const refused = await reconcile();
      expect(refused.status).toBe('FAILED');
    } finally {
      await stripeFault({ refuseEventLists: false });
    }
    expect(await getCartDelivery(cart.id)).toBeNull();
    expect(await undeliveredEventsOf(cart.id)).toHaveLength(1);

    expect((await reconcile()).status).toBe('SUCCEEDED');
    await delivered(cart.id);
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });
});
