import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCartToLibrary, buildCartExport, emailCartExport } from '../../lambdas/lib/purchases/delivery';
import { getExport } from '../../lambdas/lib/storage';
import { getCart } from '../../lambdas/lib/table/repositories/carts';
import { getCartDelivery } from '../../lambdas/lib/table/repositories/deliveries';
import { getPurchasedContact } from '../../lambdas/lib/table/repositories/users';
import { deleteItem, updateItem } from '../../lambdas/lib/table/table';
import { workflowSchedules } from '../../lambdas/workflows/registry';
import { adminCartsResponse } from '../../shared/api/admin';
import { apiSuccessEnvelope } from '../../shared/api/errors';
import { creditsOf, grantOne, libraryOf } from './support/credits';
import { workflowStartsRefused } from './support/faults';
import { call, createUser, type TestUser } from './support/home';
import { metricGrowth } from './support/metrics';
import {
  cartOf,
  checkoutEvent,
  delivered,
  emailsTo,
  postEvent,
  type StoredEmail,
  savedCart,
} from './support/purchases';
import { seedInvestors, unique } from './support/seed';
import { describeWorkflow, startWorkflow } from './support/workflows';

/**
 * Deliveries happen once, and a paid cart is always delivered or visibly stuck (issue 30, items 3, 9
 * and 10): what a cart delivers is fixed the first time its CSV is built, and every later run (a
 * redelivery, a retry) sends that file, credits nothing new and leaves the library as it was; a
 * delivery whose start failed is started by Stripe's retry; a paid cart without a delivery is shown
 * as stuck, with Redeliver, and counted by the watch's metric; a repeated redemption, concurrent or
 * not, answers the redemption that exists.
 */

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

const adminCarts = apiSuccessEnvelope(adminCartsResponse);

/** An investor leaving the directory the way a withdrawal leaves it: no card. */
const removeFromDirectory = (investorId: string) => deleteItem(`INVESTOR#${investorId}`, 'INVESTOR');

const cartEmails = async (user: TestUser, cartId: string): Promise<StoredEmail[]> =>
  (await emailsTo(user.email)).filter((e) => JSON.stringify(e).includes(`cart ${cartId}`));

const csvOf = (email: StoredEmail | undefined) =>
  parse(Buffer.from(email?.attachments[0]?.content ?? '', 'base64').toString('utf8'), {
    bom: true,
  }) as string[][];

async function ended(executionArn: string): Promise<string> {
  let status = '';
  await expect
    .poll(
      async () => {
        status = (await describeWorkflow(executionArn)).status ?? '';
        return status;
      },
      { timeout: 60_000, interval: 200 },
    )
    .not.toBe('RUNNING');
  return status;
}

async function adminCart(cartId: string) {
  const response = await call('GET', '/admin/carts', { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return adminCarts.parse(response.body).data.carts.find((c) => c.id === cartId);
}

/** A buyer's cart of two fresh investors (name and email), paid and delivered. */
async function deliveredCartOfTwo() {
  const buyer = await createUser();
  const u = unique();
  const investors = ['Kept', 'Leaving'].map((label) => ({
    name: `${label} Once ${u}`,
    email: `${label.toLowerCase()}-once-${u}@example.com`,
  }));
  const cart = await savedCart(buyer, investors, ['name', 'email']);
  await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
  await delivered(cart.id);
  return { buyer, cart, investors };
}

/** The purchase as it would stand `minutes` later: its payment moved back in time (the clock, as data). */
async function paidMinutesAgo(cartId: string, minutes: number): Promise<void> {
  const at = new Date(Date.now() - minutes * 60_000).toISOString();
  await updateItem({
    Key: { pk: `CART#${cartId}`, sk: 'CART' },
    UpdateExpression: 'SET purchasedAt = :at',
    ExpressionAttributeValues: { ':at': at },
  });
  await updateItem({
    Key: { pk: `CART#${cartId}`, sk: 'DELIVERY' },
    UpdateExpression: 'SET purchasedAt = :at, gsi1sk = :sk',
    ConditionExpression: 'attribute_exists(gsi1pk)',
    ExpressionAttributeValues: { ':at': at, ':sk': `${at}#${cartId}` },
  });
}

/** Runs the scheduled watch of paid carts once and returns what it found. */
async function watchDeliveries(): Promise<{ stuck: number; cartIds: string[] }> {
  const executionArn = await startWorkflow('deliveryWatch', workflowSchedules.deliveryWatch.input);
  expect(await ended(executionArn)).toBe('SUCCEEDED');
  return JSON.parse((await describeWorkflow(executionArn)).output ?? '{}');
}

describe('deliveries happen once (connected)', () => {
  it('a re-run after a withdrawal sends the same file, credits nothing and leaves the library as it was', async () => {
    const { buyer, cart, investors } = await deliveredCartOfTwo();
    const [keptId = '', leavingId = ''] = cart.investorIds;
    const first = await getCartDelivery(cart.id);
    const firstCsv = await getExport(first?.csvKey ?? '');
    expect(csvOf((await cartEmails(buyer, cart.id))[0])).toHaveLength(3);
    const libraryBefore = await getPurchasedContact(buyer.sub, keptId);

    // After the delivery: one investor withdraws, the other's email is corrected.
    await removeFromDirectory(leavingId);
    const corrected = await call('PUT', `/admin/investors/${keptId}/contacts`, {
      token: admin.token,
      body: { email: `corrected-${unique()}@example.com` },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);

    // An admin's Redeliver, then every step run again by hand (a retry racing it).
    const redeliver = await call('POST', `/admin/carts/${cart.id}/redeliver`, { token: admin.token });
    expect(redeliver.status, JSON.stringify(redeliver.body)).toBe(200);
    expect(await ended((redeliver.body as { data: { executionArn: string } }).data.executionArn)).toBe(
      'SUCCEEDED',
    );
    await Promise.all([buildCartExport(cart.id), buildCartExport(cart.id)]);
    await addCartToLibrary(cart.id);
    await emailCartExport(cart.id);

    const after = await getCartDelivery(cart.id);
    expect(after).toMatchObject({ csvKey: first?.csvKey, rowCount: 2, undeliveredCredited: 0 });
    expect(await getExport(after?.csvKey ?? '')).toBe(firstCsv);
    expect(firstCsv).toContain(investors[1]?.email);
    expect(await creditsOf(buyer)).toEqual({ balance: 0, entries: [] });
    // The library keeps what was bought: the email then, when it became that value.
    expect(await getPurchasedContact(buyer.sub, keptId)).toEqual(libraryBefore);
    expect(libraryBefore?.email).toBe(investors[0]?.email);
    expect(await getPurchasedContact(buyer.sub, leavingId)).not.toBeNull();
    expect(await cartEmails(buyer, cart.id)).toHaveLength(1);
  });

  it('sends the export email once when two attempts send it at once (a Redeliver overlapping a retry: issue 48)', async () => {
    const { buyer, cart } = await deliveredCartOfTwo();
    expect(await cartEmails(buyer, cart.id)).toHaveLength(1);
    // As a delivery stands before its email step: built, in the library, the email not yet sent.
    await updateItem({
      Key: { pk: `CART#${cart.id}`, sk: 'DELIVERY' },
      UpdateExpression: 'SET emailSentAt = :null',
      ExpressionAttributeValues: { ':null': null },
    });
    const attempts = await Promise.allSettled([emailCartExport(cart.id), emailCartExport(cart.id)]);
    // One sent it; the other found it claimed (its step retries) — never a second email.
    expect(attempts.filter((a) => a.status === 'fulfilled' && a.value.sent)).toHaveLength(1);
    expect(await emailCartExport(cart.id)).toEqual({ sent: false });
    await expect.poll(async () => (await cartEmails(buyer, cart.id)).length).toBe(2);
    expect(await cartEmails(buyer, cart.id)).toHaveLength(2);
    expect((await getCartDelivery(cart.id))?.emailSentAt).not.toBeNull();
  });

  it('a repeated redemption answers the redemption that exists and starts nothing', async () => {
    const founder = await createUser();
    await grantOne(founder);
    const u = unique();
    await seedInvestors([
      { name: `Redeemed Once ${u}`, email: `redeemed-${u}@example.com`, sectors: [`r-${u}`] },
    ]);
    const found = await call('GET', `/investors?sectorFocus=r-${u}`);
    const investorId = (found.body as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
    const first = await call('POST', '/me/credits/redemptions', {
      token: founder.token,
      body: { investorId },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const cartId = (first.body as { data: { redemption: { cartId: string } } }).data.redemption.cartId;
    await delivered(cartId);

    // Were the request to start the delivery again, the refusing workflow service would fail it.
    await workflowStartsRefused('exportDelivery', true);
    try {
      const again = await call('POST', '/me/credits/redemptions', {
        token: founder.token,
        body: { investorId },
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body).toMatchObject({ data: { redemption: { cartId }, balance: 0 } });
    } finally {
      await workflowStartsRefused('exportDelivery', false);
    }
    expect(await cartEmails(founder, cartId)).toHaveLength(1);
  });
});

describe('a paid cart is always delivered or visibly stuck (connected)', () => {
  it('fault: the delivery’s start refused after the cart was marked purchased is started by Stripe’s retry: delivered once', async () => {
    const buyer = await createUser();
    const u = unique();
    const cart = await savedCart(
      buyer,
      [{ name: `Retried ${u}`, email: `retried-${u}@example.com` }],
      ['name', 'email'],
    );
    const event = checkoutEvent(cart.id, cart.pricing.totalX100);

    await workflowStartsRefused('exportDelivery', true);
    try {
      const refused = await postEvent(event);
      expect(refused.status).toBe(500);
    } finally {
      await workflowStartsRefused('exportDelivery', false);
    }
    expect(await getCart(cart.id)).toMatchObject({ status: 'purchased' });
    expect((await getCartDelivery(cart.id))?.startedAt ?? null).toBeNull();
    expect(await libraryOf(buyer)).toEqual([]);

    // Stripe retries the same event.
    const retried = await postEvent(event);
    expect(retried.body).toEqual({ data: { received: true, outcome: 'delivering' } });
    await delivered(cart.id);
    expect(await libraryOf(buyer)).toEqual([
      expect.objectContaining({ searchableInvestorId: cart.investorIds[0] }),
    ]);
    expect(await cartEmails(buyer, cart.id)).toHaveLength(1);

    // A later replay of the event starts nothing more.
    expect((await postEvent(event)).body).toEqual({ data: { received: true, outcome: 'delivering' } });
    await delivered(cart.id);
    expect(await cartEmails(buyer, cart.id)).toHaveLength(1);
    expect(await cartOf(buyer, cart.id)).toMatchObject({ purchaseState: 'delivered' });
  });

  it('fault: a paid cart whose delivery never started shows as stuck with Redeliver, and the watch counts it', async () => {
    const buyer = await createUser();
    const u = unique();
    const cart = await savedCart(
      buyer,
      [{ name: `Stuck ${u}`, email: `stuck-${u}@example.com` }],
      ['name', 'email'],
    );
    await workflowStartsRefused('exportDelivery', true);
    try {
      expect((await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100))).status).toBe(500);
    } finally {
      await workflowStartsRefused('exportDelivery', false);
    }
    // A minute after the payment it is still being delivered, as far as anyone can tell.
    expect(await adminCart(cart.id)).toMatchObject({ purchaseState: 'delivering' });

    // Six minutes after the payment (Stripe's retries not yet come): stuck.
    await paidMinutesAgo(cart.id, 6);
    expect(await adminCart(cart.id)).toMatchObject({ purchaseState: 'stuck' });
    let found = { stuck: 0, cartIds: [] as string[] };
    const counted = await metricGrowth('StuckPaidCarts', async () => {
      found = await watchDeliveries();
    });
    expect(found.cartIds).toContain(cart.id);
    expect(counted).toBe(found.stuck);
    expect(counted).toBeGreaterThanOrEqual(1);

    // The admin redelivers it.
    const redeliver = await call('POST', `/admin/carts/${cart.id}/redeliver`, { token: admin.token });
    expect(redeliver.status, JSON.stringify(redeliver.body)).toBe(200);
    await delivered(cart.id);
    expect(await adminCart(cart.id)).toMatchObject({ purchaseState: 'delivered' });
    expect(await cartEmails(buyer, cart.id)).toHaveLength(1);
    expect((await watchDeliveries()).cartIds).not.toContain(cart.id);
  });
});

describe('repeated redemptions (connected)', () => {
  it('fault: identical redemptions at once, with one credit, all answer the same redemption: one credit spent, one delivery', async () => {
    const founder = await createUser();
    await grantOne(founder);
    const u = unique();
    await seedInvestors([{ name: `Twice ${u}`, email: `twice-${u}@example.com`, sectors: [`t-${u}`] }]);
    const found = await call('GET', `/investors?sectorFocus=t-${u}`);
    const investorId = (found.body as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';

    const redeem = (id = investorId) =>
      call('POST', '/me/credits/redemptions', { token: founder.token, body: { investorId: id } });
    // The handler loaded (an unknown investor: refused, nothing spent), so requests run as they come.
    expect((await redeem(`nobody-${u}`)).status).toBe(404);
    // Two at once, then more close behind, 10 ms apart (a double click, and retries of a slow
    // answer): some of them check the balance just after the first one spent the credit.
    const responses = await Promise.all([
      redeem(),
      redeem(),
      ...Array.from({ length: 18 }, (_, i) =>
        new Promise((done) => setTimeout(done, 10 * i)).then(() => redeem()),
      ),
    ]);

    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    const cartIds = new Set(
      responses.map((r) => (r.body as { data: { redemption: { cartId: string } } }).data.redemption.cartId),
    );
    expect(cartIds.size).toBe(1);
    const [cartId = ''] = cartIds;
    await delivered(cartId);
    expect((await creditsOf(founder)).balance).toBe(0);
    expect(await libraryOf(founder)).toHaveLength(1);
    expect(await cartEmails(founder, cartId)).toHaveLength(1);
  });
});
