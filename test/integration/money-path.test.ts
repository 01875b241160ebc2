import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { stripeEventClaims } from '../../lambdas/lib/purchases/stripe-event-claims';
import { getCart } from '../../lambdas/lib/table/repositories/carts';
import { getCartDelivery } from '../../lambdas/lib/table/repositories/deliveries';
import { updateItem } from '../../lambdas/lib/table/table';
import { adminCartsResponse, unmatchedPaymentsResponse } from '../../shared/api/admin';
import { apiSuccessEnvelope } from '../../shared/api/errors';
import { PATIENCE_MS } from '../support/patience';
import { call, createUser, type TestUser } from './support/home';
import { metricGrowth } from './support/metrics';
import {
  cartOf,
  checkoutEvent,
  delivered,
  emailsTo,
  postEvent,
  savedCart,
  sesRefusesTo,
} from './support/purchases';
import { unique } from './support/seed';

const adminCarts = apiSuccessEnvelope(adminCartsResponse);
const unmatchedPayments = apiSuccessEnvelope(unmatchedPaymentsResponse);

const csvRows = (base64: string) =>
  parse(Buffer.from(base64, 'base64').toString('utf8'), { bom: true }) as string[][];

async function oneInvestorCart(buyer: TestUser, columns: string[] = ['name', 'email']) {
  const u = unique();
  return savedCart(buyer, [{ name: `Money ${u}`, email: `money-${u}@example.com` }], columns);
}

async function adminView(cartId: string) {
  const admin = await createUser({ admin: true });
  const response = await call('GET', '/admin/carts', { token: admin.token });
  const payments = await call('GET', '/admin/unmatched-payments', { token: admin.token });
  const data = adminCarts.parse(response.body).data;
  return {
    admin,
    cart: data.carts.find((c) => c.id === cartId),
    unmatched: unmatchedPayments.parse(payments.body).data.payments,
  };
}

describe('the money path: no buyer is charged without getting the contacts', () => {
  it('fault 1: a claim left by a crashed attempt holds only for its lease; Stripe’s retry after it acts, and acting twice is harmless', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    const event = checkoutEvent(cart.id, 500);
    // The handler stopped between claiming the event and acting on it: its "in progress" claim stays,
    // with the lease the crashed invocation had left (here 5 s).
    const { persistenceStore, config, keyPrefix } = stripeEventClaims();
    persistenceStore.configure({ config, keyPrefix });
    await persistenceStore.saveInProgress(event, 5_000);

    const duringLease = await postEvent(event);
    expect(duringLease.status).toBe(409);
    expect(await getCartDelivery(cart.id)).toBeNull();

    await expect
      .poll(async () => (await postEvent(event)).status, { timeout: PATIENCE_MS, interval: 500 })
      .toBe(200);
    await delivered(cart.id);
    const again = await postEvent(
      checkoutEvent(cart.id, 500, { sessionId: (await getCart(cart.id))?.paidSessionId ?? '' }),
    );

    expect(again.body).toEqual({ data: { received: true, outcome: 'delivering' } });
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });

  it('fault 2: a payment that settles later shows "payment pending", then delivers when it succeeds', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    const sessionId = `cs_test_${randomUUID().replaceAll('-', '')}`;

    const completed = await postEvent(checkoutEvent(cart.id, 500, { sessionId, paymentStatus: 'unpaid' }));
    expect(completed.body).toEqual({ data: { received: true, outcome: 'pending' } });
    expect(await cartOf(buyer, cart.id)).toMatchObject({ purchaseState: 'payment-pending', editable: false });
    expect(await getCartDelivery(cart.id)).toBeNull();

    const succeeded = await postEvent(
      checkoutEvent(cart.id, 500, { sessionId, type: 'checkout.session.async_payment_succeeded' }),
    );
    expect(succeeded.body).toEqual({ data: { received: true, outcome: 'delivering' } });
    await delivered(cart.id);
    expect(await cartOf(buyer, cart.id)).toMatchObject({ purchaseState: 'delivered', status: 'purchased' });
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });

  it('fault 2: a delayed payment that fails says so and lets the founder pay again', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    const sessionId = `cs_test_${randomUUID().replaceAll('-', '')}`;
    await postEvent(checkoutEvent(cart.id, 500, { sessionId, paymentStatus: 'unpaid' }));

    const failed = await postEvent(
      checkoutEvent(cart.id, 500, { sessionId, type: 'checkout.session.async_payment_failed' }),
    );
    const reopened = await call('POST', `/carts/${cart.id}/checkout`, { token: buyer.token });

    expect(failed.body).toEqual({ data: { received: true, outcome: 'payment-failed' } });
    expect(reopened.status).toBe(200);
    expect(await getCartDelivery(cart.id)).toBeNull();
    expect(await emailsTo(buyer.email)).toHaveLength(0);
  });

  it('fault 3: a paid session naming no cart, or an unknown one, is kept for admins with its session id and amount', async () => {
    const unknownCart = `cart_20990101-${unique().toUpperCase().slice(0, 8).padEnd(8, 'X')}`;
    const noReference = checkoutEvent(null, 500);
    const unknown = checkoutEvent(unknownCart, 1500);

    const flagged = await metricGrowth('PaymentFlagged', async () => {
      expect((await postEvent(noReference)).body).toEqual({ data: { received: true, outcome: 'unmatched' } });
      expect((await postEvent(unknown)).body).toEqual({ data: { received: true, outcome: 'unmatched' } });
    });

    const { unmatched } = await adminView('none');
    expect(flagged).toBe(2);
    expect(unmatched).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          checkoutSessionId: noReference.data.object.id,
          cartId: null,
          amountX100: 600,
        }),
        expect.objectContaining({
          checkoutSessionId: unknown.data.object.id,
          cartId: unknownCart,
          amountX100: 1800,
          currency: 'usd',
          customerEmail: 'payer@example.com',
        }),
      ]),
    );
  });

  it('fault 4: once the payment page is opened the cart cannot change, and the CSV has exactly the priced rows', async () => {
    const buyer = await createUser();
    const u = unique();
    const cart = await savedCart(
      buyer,
      [
        { name: `Priced A ${u}`, email: `a-${u}@example.com` },
        { name: `Priced B ${u}`, email: `b-${u}@example.com` },
      ],
      ['name'],
    );
    const opened = await call('POST', `/carts/${cart.id}/checkout`, { token: buyer.token });
    const resave = await call('POST', '/carts', {
      token: buyer.token,
      body: { id: cart.id, investorIds: cart.investorIds.slice(0, 1), columnOrder: ['name'] },
    });

    expect(opened.status).toBe(200);
    expect((opened.body as { data: { url: string } }).data.url).toContain(`client_reference_id=${cart.id}`);
    expect(resave.status).toBe(409);
    await postEvent(checkoutEvent(cart.id, 500));
    await delivered(cart.id);
    const [email] = await emailsTo(buyer.email);
    expect(csvRows(email?.attachments[0]?.content ?? '')).toEqual([
      ['Name'],
      [`Priced A ${u}`],
      [`Priced B ${u}`],
    ]);
  });

  it('fault 4: re-saves racing the webhook never deliver other rows than the version that was marked purchased', async () => {
    const buyer = await createUser();
    const u = unique();
    const cart = await savedCart(
      buyer,
      Array.from({ length: 4 }, (_, i) => ({ name: `Race ${i} ${u}`, email: `race-${i}-${u}@example.com` })),
      ['name'],
    );
    const versions = [cart.investorIds.slice(0, 2), cart.investorIds.slice(2), cart.investorIds.slice(1, 3)];

    await Promise.all([
      ...versions.map((ids) =>
        call('POST', '/carts', {
          token: buyer.token,
          body: { id: cart.id, investorIds: ids, columnOrder: ['name'] },
        }),
      ),
      postEvent(checkoutEvent(cart.id, 500)),
    ]);
    await delivered(cart.id);

    const stored = await getCart(cart.id);
    const names = (ids: string[]) => ids.map((id) => `Race ${cart.investorIds.indexOf(id)} ${u}`);
    const [email] = await emailsTo(buyer.email);
    const rows = csvRows(email?.attachments[0]?.content ?? '')
      .slice(1)
      .map((r) => r[0]);
    expect(stored?.status).toBe('purchased');
    expect(rows).toEqual(names(stored?.searchableInvestorEntryIds ?? []));
    expect(stored?.pricing.lineItemCount).toBe(stored?.searchableInvestorEntryIds.length);
  });

  it('fault 5: a payment through another tier’s Payment Link is flagged and delivers nothing; tax on top does not flag', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);

    const wrongLink = await postEvent(checkoutEvent(cart.id, 500, { paymentLink: 'plink_local_tier_250' }));

    expect(wrongLink.body).toEqual({ data: { received: true, outcome: 'flagged' } });
    expect((await adminView(cart.id)).cart?.flaggedReason).toContain('not plink_local_tier_50');
    expect(await getCartDelivery(cart.id)).toBeNull();
    // A flagged cart never changes; a re-save does not clear the flag.
    const resave = await call('POST', '/carts', {
      token: buyer.token,
      body: { id: cart.id, investorIds: cart.investorIds, columnOrder: ['name'] },
    });
    expect(resave.status).toBe(409);
    expect((await getCart(cart.id))?.flaggedReason).not.toBeNull();
  });

  it('fault 5: a second payment for a purchased cart flags it for a refund and is kept for admins', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    await postEvent(checkoutEvent(cart.id, 500));
    await delivered(cart.id);

    const second = checkoutEvent(cart.id, 500);
    const response = await postEvent(second);

    expect(response.body).toEqual({ data: { received: true, outcome: 'unmatched' } });
    const { cart: listed, unmatched } = await adminView(cart.id);
    expect(listed?.flaggedReason).toMatch(/second payment.*refund/i);
    expect(unmatched.find((p) => p.checkoutSessionId === second.data.object.id)?.reason).toMatch(/refund/);
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });

  it('fault 6: SES refusing the send puts the contacts in the library, says the delivery is delayed, and Redeliver sends the CSV', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    await sesRefusesTo([buyer.email]);
    try {
      const failed = await metricGrowth('DeliveryFailed', async () => {
        await postEvent(checkoutEvent(cart.id, 500));
        await expect
          .poll(async () => (await getCartDelivery(cart.id))?.failedAt ?? null, {
            timeout: PATIENCE_MS,
            interval: 100,
          })
          .not.toBeNull();
      });
      expect(failed).toBe(1);
    } finally {
      await sesRefusesTo([buyer.email], false);
    }

    expect(await cartOf(buyer, cart.id)).toMatchObject({ purchaseState: 'delayed' });
    const library = await call('GET', '/me/contacts', { token: buyer.token });
    expect((library.body as { data: { contacts: unknown[] } }).data.contacts).toHaveLength(1);
    expect(await emailsTo(buyer.email)).toHaveLength(0);
    const { admin, cart: listed } = await adminView(cart.id);
    expect(listed).toMatchObject({
      purchaseState: 'delayed',
      deliveryFailure: expect.stringContaining('MessageRejected'),
    });

    const redeliver = await call('POST', `/admin/carts/${cart.id}/redeliver`, { token: admin.token });
    expect(redeliver.status).toBe(200);
    await delivered(cart.id);
    expect(await cartOf(buyer, cart.id)).toMatchObject({ purchaseState: 'delivered' });
    expect(await emailsTo(buyer.email)).toHaveLength(1);
    const again = await call('POST', `/admin/carts/${cart.id}/redeliver`, { token: admin.token });
    expect(again.status).toBe(200);
    await delivered(cart.id);
    expect(await emailsTo(buyer.email)).toHaveLength(1);
  });

  it('fault 7: two purchases overlapping on one investor merge in the library; a Name-only cart adds no email or LinkedIn', async () => {
    const buyer = await createUser();
    const u = unique();
    const withEmail = await savedCart(
      buyer,
      [
        {
          name: `Overlap ${u}`,
          email: `overlap-${u}@example.com`,
          linkedin: `https://www.linkedin.com/in/o-${u}`,
        },
      ],
      ['name', 'email'],
    );
    await postEvent(checkoutEvent(withEmail.id, 500));
    await delivered(withEmail.id);
    const nameOnly = await call('POST', '/carts', {
      token: buyer.token,
      body: { investorIds: withEmail.investorIds, columnOrder: ['name'] },
    });
    const nameOnlyId = (nameOnly.body as { data: { id: string } }).data.id;
    await postEvent(checkoutEvent(nameOnlyId, 500));
    await delivered(nameOnlyId);

    const library = await call('GET', '/me/contacts', { token: buyer.token });
    const [contact] = (library.body as { data: { contacts: Record<string, unknown>[] } }).data.contacts;
    expect(contact).toMatchObject({
      email: `overlap-${u}@example.com`,
      linkedinUrl: null,
      cartId: withEmail.id,
      cartIds: [withEmail.id, nameOnlyId].sort(),
    });

    const other = await createUser();
    const nameOnlyCart = await oneInvestorCart(other, ['name']);
    await postEvent(checkoutEvent(nameOnlyCart.id, 500));
    await delivered(nameOnlyCart.id);
    const otherLibrary = await call('GET', '/me/contacts', { token: other.token });
    expect((otherLibrary.body as { data: { contacts: Record<string, unknown>[] } }).data.contacts).toEqual([
      expect.objectContaining({ email: null, linkedinUrl: null }),
    ]);
  });

  it('emails the CSV to the address verified when the payment page was opened, not the one of the first sign-in', async () => {
    const buyer = await createUser();
    const cart = await oneInvestorCart(buyer);
    // The profile still holds an old address (the founder changed it since).
    await updateItem({
      Key: { pk: `USER#${buyer.sub}`, sk: 'PROFILE' },
      UpdateExpression: 'SET email = :old',
      ExpressionAttributeValues: { ':old': `old-${buyer.email}` },
    });

    await call('POST', `/carts/${cart.id}/checkout`, { token: buyer.token });
    await postEvent(checkoutEvent(cart.id, 500));
    await delivered(cart.id);

    expect(await emailsTo(buyer.email)).toHaveLength(1);
    expect(await emailsTo(`old-${buyer.email}`)).toHaveLength(0);
  });

  it('lets the buyer download a delivered CSV again with a short-lived link, and nobody else', async () => {
    const buyer = await createUser();
    const stranger = await createUser();
    const cart = await oneInvestorCart(buyer);
    await postEvent(checkoutEvent(cart.id, 500));
    await delivered(cart.id);

    const link = await call('GET', `/me/purchases/${cart.id}/csv`, { token: buyer.token });
    const refused = await call('GET', `/me/purchases/${cart.id}/csv`, { token: stranger.token });

    expect(link.status).toBe(200);
    const { url, expiresAt } = (link.body as { data: { url: string; expiresAt: string } }).data;
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const download = Buffer.from(await (await fetch(url)).arrayBuffer());
    const [email] = await emailsTo(buyer.email);
    expect(download.equals(Buffer.from(email?.attachments[0]?.content ?? '', 'base64'))).toBe(true);
    expect(refused.status).toBe(404);
  });
});
