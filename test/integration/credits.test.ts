import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_COLUMN_ORDER, redemptionWrites } from '../../lambdas/lib/credits/redeem-credit';
import { CREDIT_GRANTED_LINE } from '../../lambdas/lib/directory/reports';
import { getCart } from '../../lambdas/lib/table/repositories/carts';
import { spendCredit } from '../../lambdas/lib/table/repositories/credits';
import { getCartDelivery } from '../../lambdas/lib/table/repositories/deliveries';
import { getReport } from '../../lambdas/lib/table/repositories/reports';
import { updateItem } from '../../lambdas/lib/table/table';
import {
  ALREADY_IN_LIBRARY,
  CREDIT_INVESTOR_NOT_FOUND,
  type CreditsResponse,
  NO_CREDITS,
} from '../../shared/api/credits';
import { PATIENCE_MS } from '../support/patience';
import { creditsOf, grantOne, libraryOf } from './support/credits';
import { call, createUser, type TestUser } from './support/home';
import {
  checkoutEvent,
  delivered,
  emailsTo,
  postEvent,
  type StoredEmail,
  savedCart,
  sesRefusesTo,
} from './support/purchases';
import { seedInvestors, unique } from './support/seed';

/**
 * Bounce credits (issue 20): granted once when an admin confirms a bought email bounced within 30
 * days of its purchase; shown with their history; redeemed for one investor's contact, delivered like
 * a purchase (library row, CSV emailed), exactly once whatever crashes, retries or races.
 */

let admin: TestUser;

/** A buyer who bought one fresh investor (by default with the email column), delivered. */
async function buyerOfOne(columns: string[] = ['name', 'email']) {
  const buyer = await createUser();
  const u = unique();
  const cart = await savedCart(buyer, [{ name: `Bounced ${u}`, email: `bounced-${u}@example.com` }], columns);
  await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
  await delivered(cart.id);
  return { buyer, investorId: cart.investorIds[0] ?? '', cartId: cart.id };
}

async function reportBounce(user: TestUser, investorId: string, body: unknown = { reason: 'email_bounced' }) {
  const response = await call('POST', `/investors/${investorId}/reports`, { token: user.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { data: { id: string } }).data.id;
}

const resolve = (reportId: string, body: unknown) =>
  call('POST', `/admin/reports/${reportId}/resolve`, { token: admin.token, body });

async function outcomeEmail(user: TestUser, reportId: string): Promise<StoredEmail & { text?: string }> {
  await expect
    .poll(
      async () => (await emailsTo(user.email)).some((e) => JSON.stringify(e).includes(`Report ${reportId}`)),
      {
        timeout: PATIENCE_MS,
        interval: 100,
      },
    )
    .toBe(true);
  const found = (await emailsTo(user.email)).filter((e) => JSON.stringify(e).includes(`Report ${reportId}`));
  expect(found).toHaveLength(1);
  return found[0] as StoredEmail;
}

/** A fresh investor, searchable, nobody's yet. */
async function freshInvestor(label: string): Promise<{ id: string; name: string; email: string }> {
  const u = unique();
  const tag = `credit-${u}`;
  const name = `${label} ${u}`;
  const email = `${label.toLowerCase().replaceAll(' ', '-')}-${u}@example.com`;
  await seedInvestors([{ name, email, linkedin: `https://www.linkedin.com/in/credit-${u}`, sectors: [tag] }]);
  const found = await call('GET', `/investors?sectorFocus=${tag}`);
  const id = (found.body as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
  expect(id).not.toBe('');
  return { id, name, email };
}

const redeem = (user: TestUser, investorId: string) =>
  call('POST', '/me/credits/redemptions', { token: user.token, body: { investorId } });

const creditEmails = async (user: TestUser) =>
  (await emailsTo(user.email)).filter((e) => e.subject.includes('bought with a credit'));

beforeAll(async () => {
  admin = await createUser({ admin: true });
});

describe('bounce credits: granted (connected)', () => {
  it('grants one credit when an admin removes a bought email reported bounced within 30 days, and says so in the email', async () => {
    const { buyer, investorId } = await buyerOfOne();
    const reportId = await reportBounce(buyer, investorId, { reason: 'email_bounced', note: 'hard bounce' });
    expect((await creditsOf(buyer)).balance).toBe(0);

    const resolved = await resolve(reportId, { action: 'remove', field: 'email' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body).toMatchObject({ data: { resolution: { action: 'remove', creditGranted: true } } });

    const credits = await creditsOf(buyer);
    expect(credits.balance).toBe(1);
    expect(credits.entries).toEqual([
      expect.objectContaining({ kind: 'granted', reportId, investorId, cartId: null }),
    ]);
    const email = await outcomeEmail(buyer, reportId);
    expect(email.subject).toContain('1 credit added');
    expect(JSON.stringify(email)).toContain(CREDIT_GRANTED_LINE.slice(0, 40));

    // Resolved once: the retry is refused and grants nothing more.
    expect((await resolve(reportId, { action: 'remove', field: 'email' })).status).toBe(409);
    expect((await creditsOf(buyer)).balance).toBe(1);
  });

  it('grants a correction of the bounced email too; confirm and dismiss grant nothing', async () => {
    const corrected = await buyerOfOne();
    const id = await reportBounce(corrected.buyer, corrected.investorId);
    const ok = await resolve(id, {
      action: 'correct',
      field: 'email',
      value: `fixed-${unique()}@example.com`,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await creditsOf(corrected.buyer)).balance).toBe(1);

    for (const action of ['confirm', 'dismiss'] as const) {
      const { buyer, investorId } = await buyerOfOne();
      const reportId = await reportBounce(buyer, investorId);
      const response = await resolve(reportId, { action });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toMatchObject({ data: { resolution: { creditGranted: false } } });
      expect(await creditsOf(buyer)).toEqual({ balance: 0, entries: [] });
      expect((await outcomeEmail(buyer, reportId)).subject).not.toContain('credit');
    }
  });

  it('grants no credit more than 30 days after the purchase', async () => {
    const { buyer, investorId, cartId } = await buyerOfOne();
    // The purchase was 31 days ago: the library row says when it was bought (each purchase's date).
    const at = new Date(Date.now() - 31 * 24 * 3600_000).toISOString();
    await updateItem({
      Key: { pk: `USER#${buyer.sub}`, sk: `CONTACT#${investorId}` },
      UpdateExpression: 'SET purchasedAt = :at, purchases = :purchases',
      ExpressionAttributeValues: { ':at': at, ':purchases': { [cartId]: at } },
    });
    const reportId = await reportBounce(buyer, investorId);
    const response = await resolve(reportId, { action: 'remove', field: 'email' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ data: { resolution: { creditGranted: false } } });
    expect((await creditsOf(buyer)).balance).toBe(0);
  });

  it('grants no credit to a founder who had not bought the email, nor for another field', async () => {
    const { investorId } = await buyerOfOne();
    const stranger = await createUser();
    const notBought = await reportBounce(stranger, investorId);
    expect((await resolve(notBought, { action: 'remove', field: 'email' })).status).toBe(200);
    expect((await creditsOf(stranger)).balance).toBe(0);

    // Bought the name only: the email was never theirs.
    const nameOnly = await buyerOfOne(['name']);
    const nameReport = await reportBounce(nameOnly.buyer, nameOnly.investorId);
    expect((await resolve(nameReport, { action: 'remove', field: 'email' })).status).toBe(200);
    expect((await creditsOf(nameOnly.buyer)).balance).toBe(0);

    // Bought the email, but the report is about the LinkedIn link, or the admin removed another field.
    const other = await buyerOfOne(['name', 'email', 'linkedinUrl']);
    const linkedin = await reportBounce(other.buyer, other.investorId, {
      reason: 'wrong_person',
      field: 'linkedin',
    });
    expect((await resolve(linkedin, { action: 'remove', field: 'linkedin' })).status).toBe(200);
    const bounce = await reportBounce(other.buyer, other.investorId);
    expect((await resolve(bounce, { action: 'remove', field: 'linkedin' })).status).toBe(200);
    expect((await creditsOf(other.buyer)).balance).toBe(0);
  });

  it('fault: a resolution that died after its correction is taken over later and grants exactly one credit', async () => {
    const { buyer, investorId } = await buyerOfOne();
    const reportId = await reportBounce(buyer, investorId);
    // The first resolution claimed the report and corrected the email, then its process died.
    await updateItem({
      Key: { pk: `REPORT#${reportId}`, sk: 'REPORT' },
      UpdateExpression: 'SET #status = :resolving, claim = :claim',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':resolving': 'resolving',
        ':claim': { id: 'dead', by: admin.sub, at: new Date(Date.now() - 10 * 60_000).toISOString() },
      },
    });
    const [first, second] = await Promise.all([
      resolve(reportId, { action: 'remove', field: 'email' }),
      resolve(reportId, { action: 'remove', field: 'email' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((await resolve(reportId, { action: 'remove', field: 'email' })).status).toBe(409);
    expect(await getReport(reportId)).toMatchObject({
      status: 'resolved',
      resolution: { creditGranted: true },
    });
    expect(await creditsOf(buyer)).toMatchObject({ balance: 1, entries: [{ kind: 'granted', reportId }] });
    await outcomeEmail(buyer, reportId);
  });
});

describe('bounce credits: redeemed (connected)', () => {
  it('adds the chosen investor to the library free and emails the CSV, like a purchase; the credit is spent once', async () => {
    const founder = await createUser();
    await grantOne(founder);
    const chosen = await freshInvestor('Chosen Investor');

    const response = await redeem(founder, chosen.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { redemption, balance } = (
      response.body as { data: { redemption: CreditsResponse['entries'][number]; balance: number } }
    ).data;
    expect(balance).toBe(0);
    expect(redemption).toMatchObject({ kind: 'redeemed', investorId: chosen.id, investorName: chosen.name });
    const cartId = redemption.cartId ?? '';
    await delivered(cartId);
    expect(await getCart(cartId)).toMatchObject({
      paidWithCredit: true,
      status: 'purchased',
      creatorUserId: founder.sub,
    });

    const library = await libraryOf(founder);
    expect(library).toEqual([
      expect.objectContaining({ searchableInvestorId: chosen.id, email: chosen.email, cartIds: [cartId] }),
    ]);
    const emails = await creditEmails(founder);
    expect(emails).toHaveLength(1);
    const csv = parse(Buffer.from(emails[0]?.attachments[0]?.content ?? '', 'base64').toString('utf8'), {
      bom: true,
    }) as string[][];
    expect(csv).toHaveLength(2);
    expect(csv[0]).toHaveLength(CREDIT_COLUMN_ORDER.length);
    expect(csv[0]?.slice(0, 4)).toEqual(['Row Index', 'Name', 'Email', 'LinkedIn URL']);
    expect(csv[1]).toContain(chosen.email);

    // The purchase's CSV is downloadable again from the library, like any purchase.
    expect((await call('GET', `/me/purchases/${cartId}/csv`, { token: founder.token })).status).toBe(200);
    const credits = await creditsOf(founder);
    expect(credits.balance).toBe(0);
    expect(credits.entries.map((e) => e.kind)).toEqual(['redeemed', 'granted']);

    // The same redemption again (a retry): the same redemption, nothing more spent or sent.
    const again = await redeem(founder, chosen.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ data: { redemption: { cartId }, balance: 0 } });
    await delivered(cartId);
    expect(await creditEmails(founder)).toHaveLength(1);
  });

  it('refuses, spending nothing: an investor already in the library, an unknown one, and a founder with no credit', async () => {
    const { buyer, investorId } = await buyerOfOne();
    const mine = await redeem(buyer, investorId);
    expect(mine.status).toBe(409);
    expect(JSON.stringify(mine.body)).toContain(NO_CREDITS);

    await grantOne(buyer);
    const owned = await redeem(buyer, investorId);
    expect(owned.status).toBe(409);
    expect(JSON.stringify(owned.body)).toContain(ALREADY_IN_LIBRARY);
    const unknown = await redeem(buyer, `nobody-${unique()}`);
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.body)).toContain(CREDIT_INVESTOR_NOT_FOUND);
    const bad = await call('POST', '/me/credits/redemptions', {
      token: buyer.token,
      body: { investorId: '' },
    });
    expect(bad.status).toBe(400);
    const extra = await call('POST', '/me/credits/redemptions', {
      token: buyer.token,
      body: { investorId, cartId: 'x' },
    });
    expect(extra.status).toBe(400);
    expect((await creditsOf(buyer)).balance).toBe(1);
  });

  it('fault: two redemptions racing for one credit: one succeeds, the other is refused; one credit spent, one delivery', async () => {
    const founder = await createUser();
    await grantOne(founder);
    const [a, b] = await Promise.all([freshInvestor('Race A'), freshInvestor('Race B')]);

    const responses = await Promise.all([redeem(founder, a.id), redeem(founder, b.id)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = responses.find((r) => r.status === 200);
    const cartId =
      (winner?.body as { data: { redemption: { cartId: string } } } | undefined)?.data.redemption.cartId ??
      '';
    await delivered(cartId);
    expect(await libraryOf(founder)).toHaveLength(1);
    expect(await creditEmails(founder)).toHaveLength(1);
    expect((await creditsOf(founder)).balance).toBe(0);
  });

  it('fault: the same investor redeemed twice at once (a double click) spends one credit and delivers once', async () => {
    const founder = await createUser();
    await grantOne(founder);
    await grantOne(founder);
    const chosen = await freshInvestor('Double Click');

    const responses = await Promise.all([redeem(founder, chosen.id), redeem(founder, chosen.id)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const cartIds = responses.map(
      (r) => (r.body as { data: { redemption: { cartId: string } } }).data.redemption.cartId,
    );
    expect(cartIds[0]).toBe(cartIds[1]);
    await delivered(cartIds[0] ?? '');
    expect(await libraryOf(founder)).toHaveLength(1);
    expect(await creditEmails(founder)).toHaveLength(1);
    expect((await creditsOf(founder)).balance).toBe(1);
  });

  it('fault: a redemption that died after spending the credit, before its delivery started, is delivered by the retry without spending again', async () => {
    const founder = await createUser();
    await grantOne(founder);
    const chosen = await freshInvestor('Crashed Redemption');
    // The spend's transaction committed, then the process died before starting the delivery.
    const now = new Date();
    const { entry, cart } = redemptionWrites({
      userId: founder.sub,
      recipientEmail: founder.email,
      investorId: chosen.id,
      investorName: chosen.name,
      now,
    });
    const cartId = cart.id;
    await spendCredit(entry, cart);
    expect(await libraryOf(founder)).toHaveLength(0);
    expect((await creditsOf(founder)).balance).toBe(0);

    const retried = await redeem(founder, chosen.id);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ data: { redemption: { cartId }, balance: 0 } });
    await delivered(cartId);
    expect(await libraryOf(founder)).toEqual([expect.objectContaining({ searchableInvestorId: chosen.id })]);
    expect(await creditEmails(founder)).toHaveLength(1);
  });

  it('fault: SES refusing the CSV puts the contact in the library, shows the delivery failed, and Redeliver sends it once; the credit is spent once', async () => {
    const founder = await createUser();
    await grantOne(founder);
    const chosen = await freshInvestor('Refused Email');
    await sesRefusesTo([founder.email]);
    let cartId = '';
    try {
      const response = await redeem(founder, chosen.id);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      cartId = (response.body as { data: { redemption: { cartId: string } } }).data.redemption.cartId;
      await expect
        .poll(async () => (await getCartDelivery(cartId))?.failedAt ?? null, {
          timeout: PATIENCE_MS,
          interval: 100,
        })
        .not.toBeNull();
    } finally {
      await sesRefusesTo([founder.email], false);
    }
    expect(await libraryOf(founder)).toEqual([expect.objectContaining({ searchableInvestorId: chosen.id })]);
    expect(await creditEmails(founder)).toHaveLength(0);
    // A retry of the redemption while the delivery is failed spends nothing.
    expect((await redeem(founder, chosen.id)).body).toMatchObject({
      data: { redemption: { cartId }, balance: 0 },
    });

    const redeliver = await call('POST', `/admin/carts/${cartId}/redeliver`, { token: admin.token });
    expect(redeliver.status).toBe(200);
    await delivered(cartId);
    await expect.poll(async () => (await creditEmails(founder)).length, { timeout: PATIENCE_MS }).toBe(1);
    expect((await creditsOf(founder)).balance).toBe(0);
  });

  it("never shows a founder's credits, reports or identity to another founder", async () => {
    const { buyer, investorId } = await buyerOfOne();
    const reportId = await reportBounce(buyer, investorId, {
      reason: 'email_bounced',
      note: `private ${reportIdMark}`,
    });
    expect((await resolve(reportId, { action: 'remove', field: 'email' })).status).toBe(200);
    const chosen = await freshInvestor('Private Choice');
    expect((await redeem(buyer, chosen.id)).status).toBe(200);
    const own = await call('GET', '/me/credits', { token: buyer.token });
    expect(own.text).toContain(reportId);

    const other = await createUser();
    const seen = await Promise.all([
      call('GET', '/me/credits', { token: other.token }),
      call('GET', '/me/contacts', { token: other.token }),
      call('GET', `/investors/${investorId}`, { token: other.token }),
      call('GET', `/investors/${chosen.id}`, { token: other.token }),
      call('POST', '/me/credits/redemptions', { token: other.token, body: { investorId: chosen.id } }),
    ]);
    const text = seen.map((r) => r.text).join('\n');
    for (const secret of [buyer.sub, buyer.email, reportId, reportIdMark]) expect(text).not.toContain(secret);
    expect(seen[0]?.body).toEqual({ data: { balance: 0, entries: [] } });
  });
});

const reportIdMark = `mark-${unique()}`;
