import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getCart, markCartPurchased } from '../../lambdas/lib/table/repositories/carts';
import { writeSearchableInvestors } from '../../lambdas/lib/table/repositories/investors';
import { cartViewSchema } from '../../shared/api/carts';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import { CART_ID_PATTERN, newCartId } from '../../shared/cart/cart';
import { CART_CANNOT_CHANGE } from '../../shared/cart/saved-cart';
import type { SearchableInvestor } from '../../shared/investors/types';
import { messages } from '../../shared/messages';
import { call, createUser, type TestUser } from './support/home';

const cartResponse = apiSuccessEnvelope(cartViewSchema);
const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;

/** Searchable investors written straight to the table, with ids unique to this run. */
async function seedInvestors(count: number): Promise<SearchableInvestor[]> {
  const run = randomUUID().replaceAll('-', '').slice(0, 10);
  const now = new Date().toISOString();
  const investors: SearchableInvestor[] = Array.from({ length: count }, (_, i) => ({
    id: `inv_${run}_${i}`,
    name: `Cart Investor ${run} ${i}`,
    investorRole: 'angel',
    stageFocus: [],
    sectorFocus: [],
    hasEmail: i % 2 === 0,
    hasPhone: false,
    hasLinkedIn: true,
    hasTwitter: false,
    hasCrunchbase: false,
    importedInvestorId: `imp_${run}_${i}`,
    firmName: null,
    title: null,
    cities: [],
    countries: [],
    checkMin: null,
    checkMax: null,
    contactConfirmed: {},
    updatedAt: now,
  }));
  await writeSearchableInvestors(investors.map((after) => ({ before: null, after })));
  return investors;
}

const idsOf = (investors: SearchableInvestor[]) => investors.map((investor) => investor.id);

describe('export carts over HTTP', () => {
  let founder: TestUser;
  let otherFounder: TestUser;
  let admin: TestUser;
  let investors: SearchableInvestor[];

  beforeAll(async () => {
    [founder, otherFounder, admin] = await Promise.all([
      createUser(),
      createUser(),
      createUser({ admin: true }),
    ]);
    investors = await seedInvestors(60);
  });

  async function saveCart(user: TestUser, body: Record<string, unknown>) {
    return call('POST', '/carts', { token: user.token, body });
  }

  it('saves a new cart priced by the server and reads it back', async () => {
    const chosen = investors.slice(0, 60).reverse();

    // A client's own price is never read: a body carrying one is refused, like any unknown field.
    const priced = await saveCart(founder, {
      investorIds: idsOf(chosen),
      columnOrder: ['name', 'email'],
      pricing: {
        tierDescription: 'Free',
        totalX100: 0,
        lineItemCount: 60,
        stripePaymentLink: 'https://evil',
      },
    });
    const saved = await saveCart(founder, { investorIds: idsOf(chosen), columnOrder: ['name', 'email'] });

    expect(priced.status).toBe(400);
    expect(errorOf(priced.body).message).toBe("Unknown field 'pricing': this request does not take it");
    expect(saved.status).toBe(201);
    const cart = cartResponse.parse(saved.body).data;
    expect(cart.id).toMatch(CART_ID_PATTERN);
    expect(cart.pricing).toEqual({
      tierDescription: '51 to 250 contacts',
      totalX100: 1500,
      lineItemCount: 60,
      stripePaymentLink: process.env.PAYMENT_LINK_TIER_250,
    });
    expect(cart).toMatchObject({
      status: 'active',
      creatorUserId: founder.sub,
      columnOrder: ['name', 'email'],
      exportFormat: 'csv',
      purchasedAt: null,
      paymentFlagged: false,
      searchableInvestorEntryIds: idsOf(chosen),
    });
    expect(Date.now() - cart.startedDate).toBeLessThan(60_000);
    expect(cart.items.map((item) => item.id)).toEqual(idsOf(chosen));
    expect(cart.items[0]?.searchableInvestorEntry).toEqual({
      id: chosen[0]?.id,
      name: chosen[0]?.name,
      investorRole: 'angel',
      stageFocus: [],
      sectorFocus: [],
      hasEmail: chosen[0]?.hasEmail,
      hasPhone: false,
      hasLinkedIn: true,
      hasTwitter: false,
      hasCrunchbase: false,
      firmName: null,
      title: null,
      cities: [],
      countries: [],
      checkMin: null,
      checkMax: null,
      contactConfirmed: {},
    });
    expect(saved.text).not.toContain('savedAt');
    expect(saved.text).not.toContain('flaggedReason');
    expect(saved.text).not.toContain('importedInvestorId');

    const read = await call('GET', `/carts/${cart.id}`, { token: founder.token });

    expect(read.status).toBe(200);
    expect(cartResponse.parse(read.body).data).toEqual(cart);
  });

  it('prices a small cart at the lowest tier with its own payment link', async () => {
    const saved = await saveCart(founder, {
      investorIds: idsOf(investors.slice(0, 3)),
      columnOrder: ['name'],
    });

    expect(saved.status).toBe(201);
    expect(cartResponse.parse(saved.body).data.pricing).toEqual({
      tierDescription: 'Up to 50 contacts',
      totalX100: 500,
      lineItemCount: 3,
      stripePaymentLink: process.env.PAYMENT_LINK_TIER_50,
    });
  });

  it('creates a cart under the id the browser chose, then re-saves it with 200 and the same start date', async () => {
    const id = newCartId(new Date());
    const first = await saveCart(founder, {
      id,
      investorIds: idsOf(investors.slice(0, 2)),
      columnOrder: ['name'],
    });
    expect(first.status).toBe(201);
    const created = cartResponse.parse(first.body).data;
    expect(created.id).toBe(id);

    const second = await saveCart(founder, {
      id,
      investorIds: idsOf(investors.slice(5, 10)),
      columnOrder: ['rowIndex', 'linkedinUrl'],
    });

    expect(second.status).toBe(200);
    const resaved = cartResponse.parse(second.body).data;
    expect(resaved).toMatchObject({
      id,
      startedDate: created.startedDate,
      searchableInvestorEntryIds: idsOf(investors.slice(5, 10)),
      columnOrder: ['rowIndex', 'linkedinUrl'],
    });
    expect(resaved.pricing.lineItemCount).toBe(5);
    expect((await getCart(id))?.searchableInvestorEntryIds).toEqual(idsOf(investors.slice(5, 10)));
  });

  it('refuses a cart of 2,501 items saying how many a cart can hold', async () => {
    const ids = Array.from({ length: 2501 }, (_, i) => `inv_over_${i}`);

    const response = await saveCart(founder, { investorIds: ids, columnOrder: ['name'] });

    expect(response.status).toBe(400);
    expect(errorOf(response.body)).toEqual({
      code: 'invalid-argument',
      message: 'A cart can hold at most 2,500 contacts.',
    });
  });

  it('refuses an empty cart with the spec message', async () => {
    const response = await saveCart(founder, { investorIds: [], columnOrder: ['name'] });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(messages.noCartToSave);
  });

  it('refuses a cart without export columns with the spec message', async () => {
    const response = await saveCart(founder, { investorIds: idsOf(investors.slice(0, 2)), columnOrder: [] });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(messages.noColumnsSelected);
  });

  it('refuses a cart that lists an investor twice, naming the investor', async () => {
    const [a, b] = idsOf(investors.slice(0, 2));

    const response = await saveCart(founder, { investorIds: [a, b, a], columnOrder: ['name'] });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(`Investor ${a} is in the cart more than once.`);
  });

  it('refuses investor ids that are not in the directory, naming them', async () => {
    const missing = `inv_missing_${randomUUID().slice(0, 8)}`;

    const response = await saveCart(founder, {
      investorIds: [...idsOf(investors.slice(0, 2)), missing],
      columnOrder: ['name'],
    });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(`These investors are not in the directory: ${missing}.`);
  });

  it('names the field of a malformed save request', async () => {
    const badId = await saveCart(founder, { investorIds: ['not an id!'], columnOrder: ['name'] });
    const badColumn = await saveCart(founder, {
      investorIds: idsOf(investors.slice(0, 1)),
      columnOrder: ['name', 'fax'],
    });
    const badCartId = await saveCart(founder, {
      id: 'cart-1',
      investorIds: idsOf(investors.slice(0, 1)),
      columnOrder: ['name'],
    });

    expect(badId.status).toBe(400);
    expect(errorOf(badId.body).message).toContain("'investorIds.0'");
    expect(badColumn.status).toBe(400);
    expect(errorOf(badColumn.body).message).toBe(
      "Invalid body field 'columnOrder.1': Unknown export column 'fax': the columns are rowIndex, name, email, linkedinUrl, phone, twitterUrl, crunchbaseUrl, firm, title, location, chequeSize, chequeMin, chequeMax, typicalCheque, lastConfirmed",
    );
    expect(badCartId.status).toBe(400);
    expect(errorOf(badCartId.body).message).toContain("'id'");
  });

  it("counts, before saving, the cart's investors without each chosen contact column (and only those columns)", async () => {
    const chosen = investors.slice(10, 14);
    const gone = `inv_gone_${randomUUID().slice(0, 8)}`;

    const response = await call('POST', '/carts/preview', {
      token: founder.token,
      body: {
        investorIds: [...idsOf(chosen), gone, chosen[0]?.id],
        columnOrder: ['name', 'phone', 'email', 'firm', 'linkedinUrl', 'lastConfirmed'],
      },
    });

    expect(response.status).toBe(200);
    const preview = (
      response.body as {
        data: {
          items: { id: string }[];
          notInDirectory: string[];
          total: number;
          missing: { column: string; count: number; investorIds: string[] }[];
        };
      }
    ).data;
    // Every other seeded investor has an email; none has a phone; all have LinkedIn.
    const odd = chosen.filter((investor) => !investor.hasEmail);
    expect(preview.items.map((item) => item.id)).toEqual(idsOf(chosen));
    expect(preview.notInDirectory).toEqual([gone]);
    expect(preview.total).toBe(4);
    expect(preview.missing).toEqual([
      { column: 'phone', count: 4, investorIds: idsOf(chosen) },
      { column: 'email', count: 2, investorIds: idsOf(odd) },
      { column: 'linkedinUrl', count: 0, investorIds: [] },
    ]);
  });

  it('refuses a preview naming an unknown column, with the column named', async () => {
    const response = await call('POST', '/carts/preview', {
      token: founder.token,
      body: { investorIds: idsOf(investors.slice(0, 2)), columnOrder: ['name', 'Email Address'] },
    });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toContain("Unknown export column 'Email Address'");
  });

  it('stores the chosen columns, the spec four and the added ones, in their order', async () => {
    const columnOrder = ['chequeSize', 'name', 'phone', 'lastConfirmed', 'email'];
    const saved = await saveCart(founder, { investorIds: idsOf(investors.slice(20, 22)), columnOrder });

    expect(saved.status).toBe(201);
    const cart = cartResponse.parse(saved.body).data;
    expect(cart.columnOrder).toEqual(columnOrder);
    const read = await call('GET', `/carts/${cart.id}`, { token: founder.token });
    expect(cartResponse.parse(read.body).data.columnOrder).toEqual(columnOrder);
  });

  it('hides a cart from another user but shows it to an admin', async () => {
    const saved = await saveCart(founder, {
      investorIds: idsOf(investors.slice(0, 4)),
      columnOrder: ['name'],
    });
    const cart = cartResponse.parse(saved.body).data;

    const byOther = await call('GET', `/carts/${cart.id}`, { token: otherFounder.token });
    const byAdmin = await call('GET', `/carts/${cart.id}`, { token: admin.token });

    expect(byOther.status).toBe(404);
    expect(errorOf(byOther.body)).toEqual({ code: 'not-found', message: 'Cart not found' });
    expect(byAdmin.status).toBe(200);
    expect(cartResponse.parse(byAdmin.body).data).toEqual(cart);
  });

  it('answers a missing cart exactly as a hidden one, and a malformed id with 400', async () => {
    const missing = await call('GET', `/carts/${newCartId(new Date())}`, { token: founder.token });
    const malformed = await call('GET', '/carts/not-a-cart', { token: founder.token });

    expect(missing.status).toBe(404);
    expect(errorOf(missing.body)).toEqual({ code: 'not-found', message: 'Cart not found' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed.body).message).toContain("'cartId'");
  });

  it("refuses to re-save someone else's cart with 409 and leaves it unchanged", async () => {
    const saved = await saveCart(founder, {
      investorIds: idsOf(investors.slice(0, 4)),
      columnOrder: ['name'],
    });
    const cart = cartResponse.parse(saved.body).data;

    const response = await saveCart(otherFounder, {
      id: cart.id,
      investorIds: idsOf(investors.slice(10, 12)),
      columnOrder: ['email'],
    });

    expect(response.status).toBe(409);
    expect(errorOf(response.body)).toEqual({ code: 'aborted', message: CART_CANNOT_CHANGE });
    const stored = await getCart(cart.id);
    expect(stored?.creatorUserId).toBe(founder.sub);
    expect(stored?.searchableInvestorEntryIds).toEqual(idsOf(investors.slice(0, 4)));
  });

  it('refuses to re-save a purchased cart with 409', async () => {
    const saved = await saveCart(founder, {
      investorIds: idsOf(investors.slice(0, 4)),
      columnOrder: ['name'],
    });
    const cart = cartResponse.parse(saved.body).data;
    await markCartPurchased(cart.id, {
      version: 1,
      sessionId: 'cs_test_resave',
      purchasedAt: new Date().toISOString(),
    });

    const response = await saveCart(founder, {
      id: cart.id,
      investorIds: idsOf(investors.slice(0, 5)),
      columnOrder: ['name'],
    });

    expect(response.status).toBe(409);
    expect(errorOf(response.body).code).toBe('aborted');
    const read = cartResponse.parse(
      (await call('GET', `/carts/${cart.id}`, { token: founder.token })).body,
    ).data;
    expect(read.status).toBe('purchased');
    expect(read.searchableInvestorEntryIds).toHaveLength(4);
  });

  it('asks for a login before saving or reading a cart', async () => {
    const save = await call('POST', '/carts', { body: { investorIds: [], columnOrder: ['name'] } });
    const read = await call('GET', `/carts/${newCartId(new Date())}`);

    expect(save.status).toBe(401);
    expect(read.status).toBe(401);
  });
});
