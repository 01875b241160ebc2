// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartInvestor } from '../../../shared/cart/cart';
import { MAX_CART_ITEMS } from '../../../shared/cart/pricing';
import { investorAlreadyInCart } from '../../../shared/messages';
import { workingCartApi } from '../../../web/api/working-cart';
import { initRuntimeConfig } from '../../../web/config/runtime-config';
import {
  accountCartStorageKey,
  browserCartMerged,
  type CartNotice,
  cartNotSaved,
  EXPORT_CART_STORAGE_KEY,
  ExportCartStore,
  type KeyValueStorage,
  NOT_IN_DIRECTORY_NAME,
  PENDING_ADD_STORAGE_KEY,
} from '../../../web/stores/export-cart';
import { setSignedInUser } from './support/amplify-auth-mock';
import { cartOf, investor } from './support/investors';
import { answerFetch, TEST_RUNTIME_CONFIG } from './support/render';
import { WorkingCartServer } from './support/working-cart-server';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

/** One tab's storage (each test tab its own, as two browsers; or shared, as two tabs). */
function memoryStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const DIRECTORY = new Map<string, CartInvestor>(
  Array.from({ length: 60 }, (_, i) => [`inv_${i + 1}`, investor(i + 1)] as const),
);

let server: WorkingCartServer;

function tab(storage = memoryStorage(), session = memoryStorage()) {
  const store = new ExportCartStore({ local: storage, session, api: workingCartApi });
  const notices: CartNotice[] = [];
  store.onNotice((notice) => notices.push(notice));
  return { store, storage, session, notices };
}

const ids = (store: ExportCartStore) => store.read()?.searchableInvestorEntryIds ?? [];

beforeEach(() => {
  initRuntimeConfig(TEST_RUNTIME_CONFIG);
  setSignedInUser({ sub: 'user-1' });
  server = new WorkingCartServer(DIRECTORY);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const reply = await server.answer(String(input), init);
    if (!reply) throw new Error(`unexpected call ${String(input)}`);
    return answerFetch(() => reply)(input, init);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a signed-in founder's export cart, kept on the server", () => {
  it('loses no add when two tabs add at once: the one that wrote second reads again and adds again', async () => {
    const a = tab();
    const b = tab();
    await Promise.all([a.store.signIn('user-1'), b.store.signIn('user-1')]);

    // Both tabs hold version 0 and write at once: one write is refused (409) and retried.
    expect(a.store.add(investor(1), 'user-1').ok).toBe(true);
    expect(b.store.add(investor(2), 'user-1').ok).toBe(true);
    await Promise.all([a.store.settled(), b.store.settled()]);

    expect([...server.investorIds].sort()).toEqual(['inv_1', 'inv_2']);
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => call.status)).toEqual([
      200, 409, 200,
    ]);
    // The tab that retried shows both; the other shows both once it reads again (back to the front).
    const retried = server.calls.filter((call) => call.method === 'PUT').at(-1)?.body as {
      investorIds: string[];
    };
    expect(retried.investorIds.length).toBe(2);
    await a.store.refresh();
    expect([...ids(a.store)].sort()).toEqual(['inv_1', 'inv_2']);
    expect([...ids(b.store)].sort()).toEqual(['inv_1', 'inv_2']);
    expect(a.notices).toEqual([]);
    expect(b.notices).toEqual([]);
  });

  it('knows the cart is saved once it was saved, here or (as the server says) in another browser; a new cart is not', async () => {
    const here = tab();
    await here.store.signIn('user-1');
    here.store.add(investor(1), 'user-1');
    await here.store.settled();
    // Never saved: nothing to ask the server about (bought, at checkout).
    expect(here.store.isSaved()).toBe(false);

    const cartId = here.store.read()?.id ?? '';
    server.savedCartIds.add(cartId);
    here.store.setId(cartId);
    expect(here.store.isSaved()).toBe(true);
    await here.store.settled();

    const elsewhere = tab();
    await elsewhere.store.signIn('user-1');
    expect(elsewhere.store.read()?.id).toBe(cartId);
    expect(elsewhere.store.isSaved()).toBe(true);

    // Emptied, the next add starts a new cart: not saved.
    here.store.empty();
    here.store.add(investor(2), 'user-1');
    await here.store.settled();
    expect(here.store.read()?.id).not.toBe(cartId);
    expect(here.store.isSaved()).toBe(false);
  });

  it('writes a run of changes in order, each naming the version the last one made', async () => {
    const { store } = tab();
    await store.signIn('user-1');
    store.add(investor(1), 'user-1');
    store.add(investor(2), 'user-1');
    store.setColumns(['name', 'email']);
    store.remove(['inv_1']);
    expect(ids(store)).toEqual(['inv_2']);
    await store.settled();
    expect(server.investorIds).toEqual(['inv_2']);
    expect(server.columnOrder).toEqual(['name', 'email']);
    expect(server.calls.filter((call) => call.status === 409)).toEqual([]);
  });

  it('shows the cart in another browser: the cards from the server, an investor gone from the directory named so', async () => {
    server.investorIds = ['inv_3', 'gone_1'];
    server.version = 4;
    server.cartId = 'cart_20261126-ABCDEFGH';
    const elsewhere = tab();
    await elsewhere.store.signIn('user-1');
    const cart = elsewhere.store.read();
    expect(cart?.id).toBe('cart_20261126-ABCDEFGH');
    expect(cart?.items.map((item) => item.searchableInvestorEntry.name)).toEqual([
      'Investor 03',
      NOT_IN_DIRECTORY_NAME,
    ]);
    // This browser keeps a copy, shown at once next time (before the server answers).
    expect(JSON.parse(elsewhere.storage.getItem(accountCartStorageKey('user-1')) ?? '{}').version).toBe(4);
  });

  it("merges this browser's cart and the add made while signed out at sign-in, then forgets them here", async () => {
    server.investorIds = ['inv_1', 'inv_50'];
    server.version = 2;
    const here = tab();
    here.storage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cartOf(3)));
    here.store.keepPendingAdd(investor(9), '/investors/search?stageFocus=seed');

    await here.store.signIn('user-1');

    expect(server.calls[0]).toMatchObject({
      method: 'POST',
      path: '/me/cart/merge',
      body: { investorIds: ['inv_1', 'inv_2', 'inv_3', 'inv_9'] },
    });
    expect(server.investorIds).toEqual(['inv_1', 'inv_50', 'inv_2', 'inv_3', 'inv_9']);
    expect(ids(here.store)).toEqual(server.investorIds);
    expect(here.storage.getItem(EXPORT_CART_STORAGE_KEY)).toBeNull();
    expect(here.session.getItem(PENDING_ADD_STORAGE_KEY)).toBeNull();
    expect(here.notices).toEqual([
      expect.objectContaining({ message: browserCartMerged(3), variant: 'info' }),
      expect.objectContaining({ message: 'Investor 09 added to your export cart', variant: 'success' }),
    ]);
  });

  it("says so with the spec's message when the add made while signed out was in the account's cart already", async () => {
    server.investorIds = ['inv_9'];
    server.version = 1;
    const here = tab();
    here.store.keepPendingAdd(investor(9), '/investors/inv_9');
    await here.store.signIn('user-1');
    expect(here.notices).toEqual([
      expect.objectContaining({ message: investorAlreadyInCart('Investor 09') }),
    ]);
    expect(server.version).toBe(1);
  });

  it("says plainly what a full account's cart could not take", async () => {
    server.investorIds = Array.from({ length: MAX_CART_ITEMS }, (_, i) => `full_${i}`);
    server.version = 7;
    const here = tab();
    here.storage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cartOf(2)));
    await here.store.signIn('user-1');
    expect(here.notices.map((notice) => notice.message)).toEqual([
      'Your cart holds at most 2,500 contacts, so 2 investors from this browser were not added.',
    ]);
    expect(ids(here.store)).toHaveLength(MAX_CART_ITEMS);
  });

  it('takes back a change the server refuses, and says why', async () => {
    const { store, notices } = tab();
    await store.signIn('user-1');
    server.refuseNextPut = {
      status: 400,
      code: 'invalid-argument',
      message: 'investorIds: Not an investor id',
    };
    store.add(investor(4), 'user-1');
    expect(ids(store)).toEqual(['inv_4']);
    await store.settled();
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toMatchObject({
      message: cartNotSaved('investorIds: Not an investor id'),
      variant: 'danger',
    });
    await vi.waitFor(() => expect(ids(store)).toEqual([]));
    expect(server.investorIds).toEqual([]);
  });

  it('writes at the next sign-in the changes a tab left unwritten (closed mid-write), unless the cart changed since', async () => {
    const unsaved = { ...cartOf(2), creatorUserId: 'user-1' };
    server.investorIds = ['inv_1'];
    server.version = 2;
    const reopened = tab();
    reopened.storage.setItem(
      accountCartStorageKey('user-1'),
      JSON.stringify({ version: 2, cart: unsaved, dirty: true }),
    );
    await reopened.store.signIn('user-1');
    await reopened.store.settled();
    expect(server.investorIds).toEqual(['inv_1', 'inv_2']);
    expect(server.version).toBe(3);
    expect(JSON.parse(reopened.storage.getItem(accountCartStorageKey('user-1')) ?? '{}')).toMatchObject({
      version: 3,
      dirty: false,
    });

    // Another browser wrote meanwhile (version 4): its cart wins; nothing stale is written over it.
    server.investorIds = ['inv_7'];
    server.version = 4;
    const late = tab();
    late.storage.setItem(
      accountCartStorageKey('user-1'),
      JSON.stringify({ version: 3, cart: unsaved, dirty: true }),
    );
    await late.store.signIn('user-1');
    await late.store.settled();
    expect(server.investorIds).toEqual(['inv_7']);
    expect(ids(late.store)).toEqual(['inv_7']);
  });

  it("forgets this browser's copy of the founder's cart at sign-out, and shows this browser's own again", async () => {
    server.investorIds = ['inv_5'];
    server.version = 1;
    const here = tab();
    await here.store.signIn('user-1');
    expect(ids(here.store)).toEqual(['inv_5']);
    here.store.signOut();
    expect(here.store.read()).toBeNull();
    expect(here.storage.getItem(accountCartStorageKey('user-1'))).toBeNull();
    // Signed out, an add is refused with the spec's message (the page keeps it for the sign-in).
    const result = here.store.add(investor(6), null);
    expect(result).toMatchObject({
      ok: false,
      code: 'login-required',
      message: 'Please login to add items to your cart',
    });
  });
});
