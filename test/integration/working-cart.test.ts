import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeSearchableInvestors } from '../../lambdas/lib/table/repositories/investors';
import { apiErrorEnvelopeSchema, apiSuccessEnvelope } from '../../shared/api/errors';
import {
  mergeWorkingCartResponse,
  putWorkingCartResponse,
  workingCartResponse,
} from '../../shared/api/working-cart';
import { newCartId } from '../../shared/cart/cart';
import { DEFAULT_COLUMN_ORDER } from '../../shared/cart/export';
import { MAX_CART_ITEMS } from '../../shared/cart/pricing';
import { CART_TOO_LARGE } from '../../shared/cart/saved-cart';
import { mergeLeftOutMessage, WORKING_CART_CHANGED } from '../../shared/cart/working-cart';
import type { SearchableInvestor } from '../../shared/investors/types';
import { call, createUser, type TestUser } from './support/home';

const getResponse = apiSuccessEnvelope(workingCartResponse);
const putResponse = apiSuccessEnvelope(putWorkingCartResponse);
const mergeResponse = apiSuccessEnvelope(mergeWorkingCartResponse);
const errorOf = (body: unknown) => apiErrorEnvelopeSchema.parse(body).error;

/** Searchable investors written straight to the table, with ids unique to this run. */
async function seedInvestors(count: number): Promise<SearchableInvestor[]> {
  const run = randomUUID().replaceAll('-', '').slice(0, 10);
  const now = new Date().toISOString();
  const investors: SearchableInvestor[] = Array.from({ length: count }, (_, i) => ({
    id: `wc_${run}_${i}`,
    name: `Working Cart Investor ${run} ${i}`,
    investorRole: 'vc',
    stageFocus: ['seed'],
    sectorFocus: [],
    hasEmail: true,
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

/** Ids of the longest length the API takes (64 characters), none of them in the directory. */
const longIds = (count: number, prefix = randomUUID().replaceAll('-', '')) =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(32, '0')}`.slice(0, 64));

const getCart = async (user: TestUser) =>
  getResponse.parse((await call('GET', '/me/cart', { token: user.token })).body).data;

const putCart = (
  user: TestUser,
  expectedVersion: number,
  investorIds: string[],
  cartId: string | null = null,
) =>
  call('PUT', '/me/cart', {
    token: user.token,
    body: { expectedVersion, investorIds, columnOrder: [...DEFAULT_COLUMN_ORDER], cartId },
  });

describe('the working cart, kept on the server (GET/PUT /me/cart, POST /me/cart/merge)', () => {
  let investors: SearchableInvestor[];
  beforeAll(async () => {
    investors = await seedInvestors(6);
  });
  const id = (i: number) => investors[i]?.id ?? '';

  it('is empty at version 0 before the first write, then follows every write with a new version', async () => {
    const founder = await createUser();
    const empty = await getCart(founder);
    expect(empty).toMatchObject({ version: 0, investorIds: [], cartId: null, items: [] });
    expect(empty.columnOrder).toEqual([...DEFAULT_COLUMN_ORDER]);

    const cartId = newCartId(new Date());
    const first = await putCart(founder, 0, [id(0), id(1)], cartId);
    expect(first.status).toBe(200);
    expect(putResponse.parse(first.body).data).toMatchObject({
      version: 1,
      investorIds: [id(0), id(1)],
      cartId,
    });

    const second = await putCart(founder, 1, [id(1)], cartId);
    expect(putResponse.parse(second.body).data.version).toBe(2);

    // Read back (as another browser would): the ids in order, with each investor's public card.
    const read = await getCart(founder);
    expect(read).toMatchObject({ version: 2, investorIds: [id(1)], cartId });
    expect(read.items).toEqual([
      { id: id(1), card: expect.objectContaining({ id: id(1), name: investors[1]?.name }) },
    ]);
  });

  it('refuses a write naming a stale version with 409 and the plain message, and changes nothing', async () => {
    const founder = await createUser();
    await putCart(founder, 0, [id(0)]);
    await putCart(founder, 1, [id(0), id(1)]);

    const stale = await putCart(founder, 1, [id(2)]);
    expect(stale.status).toBe(409);
    expect(errorOf(stale.body)).toEqual({ code: 'aborted', message: WORKING_CART_CHANGED });
    // A "first" write when a cart exists is stale too.
    const again = await putCart(founder, 0, [id(3)]);
    expect(again.status).toBe(409);

    expect(await getCart(founder)).toMatchObject({ version: 2, investorIds: [id(0), id(1)] });
  });

  it('lets exactly one of two writes of the same version through: the other is told to read again', async () => {
    const founder = await createUser();
    await putCart(founder, 0, [id(0)]);
    const [a, b] = await Promise.all([
      putCart(founder, 1, [id(0), id(1)]),
      putCart(founder, 1, [id(0), id(2)]),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? [id(0), id(1)] : [id(0), id(2)];
    expect(await getCart(founder)).toMatchObject({ version: 2, investorIds: winner });
  });

  it('loses no add when two tabs merge at once: each reads again and merges again', async () => {
    const founder = await createUser();
    await putCart(founder, 0, [id(0)]);
    const adds = [id(1), id(2), id(3), id(4), id(5)];
    const results = await Promise.all(
      adds.map((investorId) =>
        call('POST', '/me/cart/merge', { token: founder.token, body: { investorIds: [investorId] } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const cart = await getCart(founder);
    expect([...cart.investorIds].sort()).toEqual([id(0), ...adds].sort());
    expect(cart.investorIds[0]).toBe(id(0));
    expect(cart.version).toBe(1 + adds.length);
  });

  it("merges a browser's cart at sign-in: the union, each once, the account's cart first", async () => {
    const founder = await createUser();
    await putCart(founder, 0, [id(0), id(1)], newCartId(new Date()));
    const browserCartId = newCartId(new Date());

    const merged = await call('POST', '/me/cart/merge', {
      token: founder.token,
      body: { investorIds: [id(1), id(2), id(2), id(3)], cartId: browserCartId },
    });
    expect(merged.status).toBe(200);
    const data = mergeResponse.parse(merged.body).data;
    expect(data).toMatchObject({ added: 2, alreadyInCart: 2, leftOut: 0, message: null });
    expect(data.cart.investorIds).toEqual([id(0), id(1), id(2), id(3)]);
    expect(data.cart.items.map((item) => item.card?.name)).toEqual(
      [0, 1, 2, 3].map((i) => investors[i]?.name),
    );
    // The account's cart keeps its id; the browser's is used only for a founder who had none.
    expect(data.cart.cartId).not.toBe(browserCartId);

    // Signing in again merges nothing twice: no new version.
    const repeat = mergeResponse.parse(
      (await call('POST', '/me/cart/merge', { token: founder.token, body: { investorIds: [id(2), id(3)] } }))
        .body,
    ).data;
    expect(repeat).toMatchObject({ added: 0, alreadyInCart: 2 });
    expect(repeat.cart.version).toBe(data.cart.version);

    const newcomer = await createUser();
    const first = mergeResponse.parse(
      (
        await call('POST', '/me/cart/merge', {
          token: newcomer.token,
          body: { investorIds: [id(4)], cartId: browserCartId },
        })
      ).body,
    ).data;
    expect(first.cart).toMatchObject({ version: 1, investorIds: [id(4)], cartId: browserCartId });
  });

  it('holds 2,500 investors of the longest ids (inside the 400 KB item limit), and no more: a merge stops there and says so', async () => {
    const founder = await createUser();
    const full = longIds(MAX_CART_ITEMS);
    const written = await putCart(founder, 0, full);
    expect(written.status).toBe(200);
    const read = await getCart(founder);
    expect(read.investorIds).toHaveLength(MAX_CART_ITEMS);
    expect(read.investorIds.at(-1)).toBe(full.at(-1));
    // Ids no longer in the directory keep their place, without a card.
    expect(read.items.every((item) => item.card === null)).toBe(true);

    const tooMany = await putCart(founder, 1, longIds(MAX_CART_ITEMS + 1));
    expect(tooMany.status).toBe(400);
    expect(errorOf(tooMany.body).message).toContain(CART_TOO_LARGE);

    const merged = mergeResponse.parse(
      (
        await call('POST', '/me/cart/merge', {
          token: founder.token,
          body: { investorIds: [id(0), id(1), full[0] ?? ''] },
        })
      ).body,
    ).data;
    expect(merged).toMatchObject({ added: 0, alreadyInCart: 1, leftOut: 2, message: mergeLeftOutMessage(2) });
    expect(merged.message).toBe(
      'Your cart holds at most 2,500 contacts, so 2 investors from this browser were not added.',
    );
    expect(merged.cart.investorIds).toEqual(full);
  });

  it('refuses an investor listed twice and an id that is not one, with messages naming them', async () => {
    const founder = await createUser();
    const twice = await putCart(founder, 0, [id(0), id(0)]);
    expect(twice.status).toBe(400);
    expect(errorOf(twice.body).message).toBe(
      `Investor ${id(0)} is listed more than once: a cart holds each investor once.`,
    );
    const bad = await putCart(founder, 0, ['not an id!']);
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).message).toContain('Not an investor id');
    expect((await getCart(founder)).version).toBe(0);
  });

  it("is the caller's own: another founder reads and writes only their own cart", async () => {
    const [owner, other] = await Promise.all([createUser(), createUser()]);
    await putCart(owner, 0, [id(0), id(1)]);

    expect(await getCart(other)).toMatchObject({ version: 0, investorIds: [] });
    // The other founder's write (even naming the owner's version) lands in their own cart.
    const write = await putCart(other, 0, [id(5)]);
    expect(write.status).toBe(200);
    await call('POST', '/me/cart/merge', { token: other.token, body: { investorIds: [id(4)] } });

    expect(await getCart(owner)).toMatchObject({ version: 1, investorIds: [id(0), id(1)] });
    expect(await getCart(other)).toMatchObject({ version: 2, investorIds: [id(5), id(4)] });
  });

  it("says whether the founder saved a cart under its id (in any browser), never for another founder's", async () => {
    const [owner, other] = await Promise.all([createUser(), createUser()]);
    const cartId = newCartId(new Date());
    await putCart(owner, 0, [id(0), id(1)], cartId);
    // Never saved: the web app does not ask GET /carts/{cartId} about it (that would answer 404).
    expect(await getCart(owner)).toMatchObject({ cartId, saved: false });

    const saved = await call('POST', '/carts', {
      token: owner.token,
      body: { id: cartId, investorIds: [id(0), id(1)], columnOrder: ['name', 'email'] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(await getCart(owner)).toMatchObject({ cartId, saved: true });
    expect((await call('GET', `/carts/${cartId}`, { token: owner.token })).status).toBe(200);

    // Another founder whose working cart names the same id is not told it is saved (it is not theirs).
    const merged = await call('POST', '/me/cart/merge', {
      token: other.token,
      body: { investorIds: [id(2)], cartId },
    });
    expect(mergeResponse.parse(merged.body).data.cart).toMatchObject({ cartId, saved: false });
    expect(await getCart(other)).toMatchObject({ cartId, saved: false });
  });
});
