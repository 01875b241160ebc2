import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { redemptionWrites } from '../../lambdas/lib/credits/redeem-credit';
import { addCartToLibrary, buildCartExport, emailCartExport } from '../../lambdas/lib/purchases/delivery';
import {
  getCreditBalance,
  grantUndeliveredCredit,
  spendCredit,
} from '../../lambdas/lib/table/repositories/credits';
import { getCartDelivery } from '../../lambdas/lib/table/repositories/deliveries';
import { deleteItem } from '../../lambdas/lib/table/table';
import { undeliveredCreditLine } from '../../shared/credits/undelivered-credit';
import { creditsOf, grantOne, libraryOf } from './support/credits';
import { call, createUser, type TestUser } from './support/home';
import {
  checkoutEvent,
  delivered,
  emailsTo,
  postEvent,
  type StoredEmail,
  savedCart,
} from './support/purchases';
import { seedInvestors, unique } from './support/seed';

/**
 * A paid cart never silently delivers fewer contacts than paid for: an investor of the cart that is no
 * longer in the directory when the delivery runs (deleted, merged away, withdrawn) is credited to the
 * buyer, once per cart and investor whatever retries, crashes or races, and the delivery email says so.
 */

/** An investor leaving the directory the way a deletion, a merge or a withdrawal leaves it: no card. */
const removeFromDirectory = (investorId: string) => deleteItem(`INVESTOR#${investorId}`, 'INVESTOR');

const csvOf = (email: StoredEmail | undefined) =>
  parse(Buffer.from(email?.attachments[0]?.content ?? '', 'base64').toString('utf8'), {
    bom: true,
  }) as string[][];

const cartEmails = async (user: TestUser, cartId: string) =>
  (await emailsTo(user.email)).filter((e) => JSON.stringify(e).includes(`cart ${cartId}`));

/** A buyer's saved cart of three fresh investors (name and email columns). */
async function cartOfThree() {
  const buyer = await createUser();
  const u = unique();
  const investors = ['First', 'Second', 'Third'].map((label) => ({
    name: `${label} Undelivered ${u}`,
    email: `${label.toLowerCase()}-${u}@example.com`,
  }));
  const cart = await savedCart(buyer, investors, ['name', 'email']);
  return { buyer, cart, investors };
}

describe('contacts a paid cart cannot deliver are credited (connected)', () => {
  it('an investor deleted between the save and the payment: the others delivered, one credit, the email says so', async () => {
    const { buyer, cart, investors } = await cartOfThree();
    const gone = cart.investorIds[1] ?? '';
    await removeFromDirectory(gone);

    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await delivered(cart.id);

    const emails = await cartEmails(buyer, cart.id);
    expect(emails).toHaveLength(1);
    const csv = csvOf(emails[0]);
    expect(csv.slice(1).map((row) => row.find((cell) => cell.includes('@')))).toEqual([
      investors[0]?.email,
      investors[2]?.email,
    ]);
    expect(JSON.stringify(emails[0])).toContain(undeliveredCreditLine(1, false));
    expect(undeliveredCreditLine(1, false)).toContain(
      '1 of the contacts you paid for is no longer in the directory',
    );

    const library = await libraryOf(buyer);
    expect(library.map((c) => c.searchableInvestorId).sort()).toEqual(
      [cart.investorIds[0], cart.investorIds[2]].sort(),
    );

    const credits = await creditsOf(buyer);
    expect(credits.balance).toBe(1);
    expect(credits.entries).toEqual([
      expect.objectContaining({
        kind: 'undelivered',
        investorId: gone,
        investorName: investors[1]?.name,
        cartId: cart.id,
      }),
    ]);
    expect(await getCartDelivery(cart.id)).toMatchObject({ rowCount: 2, undeliveredCredited: 1 });

    // The admin carts page counts it.
    const admin = await createUser({ admin: true });
    const carts = await call('GET', '/admin/carts', { token: admin.token });
    const listed = (carts.body as { data: { carts: { id: string; undeliveredCredited: number }[] } }).data
      .carts;
    expect(listed.find((c) => c.id === cart.id)?.undeliveredCredited).toBe(1);
  });

  it('fault: the delivery steps retried, and run twice at once, still grant one credit per undelivered contact and send one email', async () => {
    const { buyer, cart } = await cartOfThree();
    await removeFromDirectory(cart.investorIds[0] ?? '');
    await removeFromDirectory(cart.investorIds[2] ?? '');
    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await delivered(cart.id);
    expect((await getCreditBalance(buyer.sub)).balance).toBe(2);

    // A retry of every step, then two of each step at once (a redelivery racing a retry).
    await buildCartExport(cart.id);
    await addCartToLibrary(cart.id);
    await emailCartExport(cart.id);
    await Promise.all([buildCartExport(cart.id), buildCartExport(cart.id), buildCartExport(cart.id)]);
    await Promise.all([addCartToLibrary(cart.id), addCartToLibrary(cart.id)]);

    expect(await getCreditBalance(buyer.sub)).toMatchObject({ balance: 2, granted: 2 });
    const credits = await creditsOf(buyer);
    expect(credits.entries.map((e) => e.investorId).sort()).toEqual(
      [cart.investorIds[0], cart.investorIds[2]].sort(),
    );
    expect(await getCartDelivery(cart.id)).toMatchObject({ rowCount: 1, undeliveredCredited: 2 });
    const emails = await cartEmails(buyer, cart.id);
    expect(emails).toHaveLength(1);
    expect(JSON.stringify(emails[0])).toContain(undeliveredCreditLine(2, false));
    expect(await libraryOf(buyer)).toEqual([
      expect.objectContaining({ searchableInvestorId: cart.investorIds[1] }),
    ]);
  });

  it('fault: two first attempts of the CSV step racing on a fresh cart grant each credit once', async () => {
    const { buyer, cart } = await cartOfThree();
    // Purchased but its delivery not started: the steps are run here, twice at once, from the start.
    await removeFromDirectory(cart.investorIds[1] ?? '');
    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await Promise.all([buildCartExport(cart.id), buildCartExport(cart.id)]);
    await delivered(cart.id);
    expect(await getCreditBalance(buyer.sub)).toMatchObject({ balance: 1, granted: 1 });
    expect((await creditsOf(buyer)).entries).toHaveLength(1);
  });

  it('fault: a CSV step that crashed after the first of two grants is made good by its retry: two credits, not three', async () => {
    const { buyer, cart, investors } = await cartOfThree();
    const [first, , third] = cart.investorIds;
    await removeFromDirectory(first ?? '');
    await removeFromDirectory(third ?? '');
    // What the crashed attempt wrote: the first grant, nothing recorded on the delivery.
    expect(
      await grantUndeliveredCredit({
        userId: buyer.sub,
        kind: 'undelivered',
        at: new Date().toISOString(),
        investorId: first ?? '',
        investorName: investors[0]?.name ?? '',
        reportId: null,
        cartId: cart.id,
      }),
    ).toBe(true);
    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await delivered(cart.id);
    expect(await getCreditBalance(buyer.sub)).toMatchObject({ balance: 2, granted: 2 });
    expect(await getCartDelivery(cart.id)).toMatchObject({ undeliveredCredited: 2 });
  });

  it('a redemption whose investor vanished before its delivery gives the credit back', async () => {
    const founder = await createUser();
    await grantOne(founder);
    const u = unique();
    const name = `Vanishing ${u}`;
    await seedInvestors([{ name, email: `vanishing-${u}@example.com`, sectors: [`vanish-${u}`] }]);
    const found = await call('GET', `/investors?sectorFocus=vanish-${u}`);
    const investorId = (found.body as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
    expect(investorId).not.toBe('');

    // The credit spent and the one-investor cart written (as a redemption does), then the investor
    // leaves the directory before the delivery runs; the redemption's retry starts the delivery.
    const now = new Date();
    const { entry, cart } = redemptionWrites({
      userId: founder.sub,
      recipientEmail: founder.email,
      investorId: investorId,
      investorName: name,
      now,
    });
    const cartId = cart.id;
    await spendCredit(entry, cart);
    expect((await getCreditBalance(founder.sub)).balance).toBe(0);
    await removeFromDirectory(investorId);
    const retry = await call('POST', '/me/credits/redemptions', {
      token: founder.token,
      body: { investorId },
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    await delivered(cartId);
    await buildCartExport(cartId);

    const emails = await cartEmails(founder, cartId);
    expect(emails).toHaveLength(1);
    expect(JSON.stringify(emails[0])).toContain(undeliveredCreditLine(1, true));
    expect(await libraryOf(founder)).toEqual([]);
    const credits = await creditsOf(founder);
    expect(credits.balance).toBe(1);
    expect(credits.entries.map((e) => e.kind).sort()).toEqual(['granted', 'redeemed', 'undelivered']);
    expect(credits.entries.find((e) => e.kind === 'undelivered')).toMatchObject({
      investorName: name,
      cartId,
    });
  });

  it('nothing undelivered: no credit and no extra line in the email', async () => {
    const { buyer, cart } = await cartOfThree();
    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await delivered(cart.id);
    const emails = await cartEmails(buyer, cart.id);
    expect(emails).toHaveLength(1);
    expect(csvOf(emails[0])).toHaveLength(4);
    expect(JSON.stringify(emails[0])).not.toContain('no longer in the directory');
    expect(await creditsOf(buyer)).toEqual({ balance: 0, entries: [] });
    expect(await getCartDelivery(cart.id)).toMatchObject({ rowCount: 3, undeliveredCredited: 0 });
  });
});
