import { useSyncExternalStore } from 'react';
import { ApiError } from '../../shared/api/errors';
import type { WorkingCartResponse } from '../../shared/api/working-cart';
import {
  type AddManyPlan,
  addToCart,
  type Cart,
  type CartInvestor,
  type CartResult,
  cartInvestorSchema,
  newCartId,
  parseStoredCart,
  removeFromCart,
  toCartInvestor,
} from '../../shared/cart/cart';
import { DEFAULT_COLUMN_ORDER, type ExportColumnKey } from '../../shared/cart/export';
import { MAX_CART_ITEMS } from '../../shared/cart/pricing';
import { mergeLeftOutMessage, NO_WORKING_CART_VERSION } from '../../shared/cart/working-cart';
import { investorAlreadyInCart, messages } from '../../shared/messages';
import { type WorkingCartApi, workingCartApi } from '../api/working-cart';
import { useAuth } from '../auth/auth-provider';

/**
 * The export cart. Signed out (or before the session is known) it is this browser's, in local storage
 * as before. Signed in (issue 32) it is the founder's working cart on the server, which follows them
 * to any browser: this store keeps a copy in local storage (shared by the tabs, shown at once), applies
 * each change to it at once, and writes the cart to the server naming the version it read. When another
 * tab or browser wrote first (409), it reads the cart again and applies its pending changes again, so
 * no add is lost. At sign-in the browser's cart and an add made while signed out (kept in session
 * storage) are merged into the account's cart.
 */

/** The cart of this browser while nobody is signed in. */
export const EXPORT_CART_STORAGE_KEY = 'exportCart';
/** This browser's copy of a founder's working cart (with the cards it shows), per founder. */
export const accountCartStorageKey = (userId: string) => `exportCart:account:${userId}`;
/** An "Add to Export Cart" made while signed out, completed at sign-in (this tab only). */
export const PENDING_ADD_STORAGE_KEY = 'pendingCartAdd';

/** How many times a write reads the cart again after a conflict before giving up. */
const WRITE_ATTEMPTS = 6;

/** Not in the spec: the card of an investor of the cart who is no longer in the directory. */
export const NOT_IN_DIRECTORY_NAME = 'Investor no longer in the directory';

/** Not in the spec: the account's cart could not be written (the change was taken back). */
export const cartNotSaved = (reason: string) => `Your cart could not be updated: ${reason}`;

/** Not in the spec: the cart of this browser went into the account's cart at sign-in. */
export const browserCartMerged = (n: number) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? 'investor' : 'investors'} from this browser's cart ${n === 1 ? 'is' : 'are'} now in your account's cart.`;

/** A message for the founder from the cart's synchronisation (a toast). */
export interface CartNotice {
  message: string;
  variant: 'success' | 'info' | 'warning' | 'danger';
  /** The next step, as a link: "Open your cart". */
  action?: { label: string; to: string };
}

/** The link of a notice about what is in the cart. */
const OPEN_CART = { label: 'Open your cart', to: '/cart' };

/** Key-value storage as the store uses it (the browser's local and session storage). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A pending add: the card chosen while signed out, and where the founder was. */
export interface PendingAdd {
  investor: CartInvestor;
  from: string;
}

type CartChange = (cart: Cart | null) => Cart | null;

interface AccountCopy {
  userId: string;
  /** The version of the server's cart this copy was built on (0: none written yet). */
  version: number;
  cart: Cart | null;
  /**
   * The copy holds changes not yet written (the tab was closed or left mid-write): at the next
   * sign-in they are written, if nobody changed the cart on the server since.
   */
  dirty: boolean;
  /**
   * The id under which the founder saved this cart (here or in another browser), or null: only a
   * saved cart is asked about (bought, at checkout); one never saved would answer 404.
   */
  savedId: string | null;
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  return safely(() => JSON.parse(raw) as unknown, null);
}

function parseAccountCopy(raw: string | null, userId: string): AccountCopy | null {
  const value = parseJson(raw) as {
    version?: unknown;
    cart?: unknown;
    dirty?: unknown;
    savedId?: unknown;
  } | null;
  if (!value || typeof value.version !== 'number' || !Number.isSafeInteger(value.version)) return null;
  const cart = value.cart === null ? null : parseStoredCart(value.cart);
  const savedId = typeof value.savedId === 'string' ? value.savedId : null;
  return { userId, version: value.version, cart, dirty: value.dirty === true, savedId };
}

/** The card shown for an investor of the cart who is no longer in the directory. */
function goneCard(id: string): CartInvestor {
  return {
    id,
    name: NOT_IN_DIRECTORY_NAME,
    investorRole: 'other',
    stageFocus: [],
    sectorFocus: [],
    hasEmail: false,
    hasPhone: false,
    hasLinkedIn: false,
    hasTwitter: false,
    hasCrunchbase: false,
  };
}

/** The server's cart as this browser keeps it: with cards, an id, owned by the founder. */
function cartFromServer(
  server: WorkingCartResponse,
  userId: string,
  previous: Cart | null,
  now: number,
): Cart | null {
  if (server.investorIds.length === 0 && server.cartId === null) return null;
  const cards = new Map(server.items.map((item) => [item.id, item.card]));
  return {
    id: server.cartId ?? previous?.id ?? newCartId(new Date(now)),
    startedDate: previous?.startedDate ?? now,
    items: server.investorIds.map((id) => ({
      id,
      searchableInvestorEntry: cards.get(id) ?? goneCard(id),
    })),
    searchableInvestorEntryIds: [...server.investorIds],
    pricing: null,
    status: 'active',
    creatorUserId: userId,
    columnOrder: [...server.columnOrder],
    exportFormat: 'csv',
  };
}

/** The id the server's cart was saved under, or null when it was never saved. */
const savedIdOf = (server: WorkingCartResponse): string | null => (server.saved ? server.cartId : null);

/** Adds each investor not in the cart yet, while there is room: a re-applied add never refuses. */
function addEach(
  cart: Cart | null,
  investors: readonly CartInvestor[],
  userId: string,
  now: number,
): Cart | null {
  let current = cart;
  for (const investor of investors) {
    if (current && current.searchableInvestorEntryIds.length >= MAX_CART_ITEMS) break;
    const result = addToCart(current, investor, { userId, now });
    if (result.ok) current = result.cart;
  }
  return current;
}

export interface ExportCartStoreOptions {
  local: KeyValueStorage;
  session: KeyValueStorage;
  api: WorkingCartApi;
  now?: () => number;
}

/** The export cart of one tab: see the module's comment. */
export class ExportCartStore {
  private readonly listeners = new Set<() => void>();
  private readonly noticeListeners = new Set<(notice: CartNotice) => void>();
  private account: AccountCopy | null = null;
  /** Changes applied to the copy and not yet written to the server, oldest first. */
  private pending: CartChange[] = [];
  private writing: Promise<void> | null = null;
  private syncing: Promise<void> | null = null;
  /** False while a signed-in founder's cart is not known yet (no copy here, the server not answered). */
  private known = true;
  private cachedLocalRaw: string | null | undefined;
  private cachedLocal: Cart | null = null;
  private readonly now: () => number;

  constructor(private readonly options: ExportCartStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  // --- reading ---------------------------------------------------------------------------------

  /** The cart shown: the account's when a founder is signed in, else this browser's. */
  read = (): Cart | null => (this.account ? this.account.cart : this.readLocal());

  /** Whether the cart shown is known: false only while a founder's cart is first read from the server. */
  isKnown = (): boolean => this.known;

  /**
   * Whether the cart shown was saved (in this browser or another, as the server said): only then can
   * it have been bought or taken to checkout. A cart of this browser (nobody signed in) never is.
   */
  isSaved = (): boolean => {
    const cart = this.account?.cart;
    return cart !== null && cart !== undefined && this.account?.savedId === cart.id;
  };

  /** The signed-in founder whose cart this is, or null (this browser's cart). */
  accountUserId(): string | null {
    return this.account?.userId ?? null;
  }

  private readLocal(): Cart | null {
    const raw = safely(() => this.options.local.getItem(EXPORT_CART_STORAGE_KEY), null);
    if (raw !== this.cachedLocalRaw) {
      this.cachedLocalRaw = raw;
      this.cachedLocal = raw === null ? null : parseStoredCart(parseJson(raw));
    }
    return this.cachedLocal;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onNotice(listener: (notice: CartNotice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private tell(notice: CartNotice): void {
    for (const listener of this.noticeListeners) listener(notice);
  }

  // --- changing --------------------------------------------------------------------------------

  /** Applies a change to the cart shown, and (signed in) writes it to the server. */
  private change(apply: CartChange): void {
    if (!this.account) {
      const next = apply(this.readLocal());
      if (next === null) this.options.local.removeItem(EXPORT_CART_STORAGE_KEY);
      else this.options.local.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(next));
      this.notify();
      return;
    }
    this.pending.push(apply);
    this.setAccountCart(this.account.version, apply(this.account.cart));
    void this.write();
  }

  /** Adds an investor for `userId` (null when nobody is logged in); the result says why when refused. */
  add(investor: CartInvestor, userId: string | null): CartResult {
    const now = this.now();
    const result = addToCart(this.read(), investor, { userId, now });
    if (result.ok && userId) this.change((cart) => addEach(cart, [investor], userId, now));
    return result;
  }

  /** Adds the investors of a plan (`planAddMany`) in one change. */
  addMany(plan: AddManyPlan, userId: string | null): CartResult {
    if (!userId) return { ok: false, code: 'login-required', message: messages.loginToAddToCart };
    const now = this.now();
    this.change((cart) => addEach(cart, plan.toAdd, userId, now));
    const cart = this.read();
    return cart
      ? { ok: true, cart }
      : { ok: false, code: 'login-required', message: messages.loginToAddToCart };
  }

  remove(investorIds: readonly string[]): void {
    this.change((cart) => (cart ? investorIds.reduce(removeFromCart, cart) : cart));
  }

  setColumns(columnOrder: readonly ExportColumnKey[]): void {
    this.change((cart) => (cart ? { ...cart, columnOrder: [...columnOrder] } : cart));
  }

  /** Empties the cart: the next add starts a new one. */
  empty(): void {
    this.change(() => null);
  }

  /** Gives the cart the id the server saved it under (a new one when the old id was taken): it is saved. */
  setId(id: string): void {
    if (this.account) this.account = { ...this.account, savedId: id };
    this.change((cart) => (cart && cart.id !== id ? { ...cart, id } : cart));
  }

  // --- the account's cart ----------------------------------------------------------------------

  /** Sets the account's cart (and, from a server's answer, whether its id was saved). */
  private setAccountCart(version: number, cart: Cart | null, savedId = this.account?.savedId ?? null): void {
    if (!this.account) return;
    const dirty = this.pending.length > 0;
    this.account = { ...this.account, version, cart, dirty, savedId };
    safely(
      () =>
        this.options.local.setItem(
          accountCartStorageKey(this.account?.userId ?? ''),
          JSON.stringify({ version, cart, dirty, savedId }),
        ),
      undefined,
    );
    this.notify();
  }

  private adoptServer(server: WorkingCartResponse): void {
    if (!this.account) return;
    const base = cartFromServer(server, this.account.userId, this.account.cart, this.now());
    this.setAccountCart(server.version, base, savedIdOf(server));
  }

  /** Writes the pending changes, one write at a time; a conflict reads again and re-applies them. */
  private write(): Promise<void> {
    this.writing ??= this.writeLoop().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  private async writeLoop(): Promise<void> {
    let conflicts = 0;
    while (this.account && this.pending.length > 0) {
      const { userId, version, cart } = this.account;
      const sent = this.pending.length;
      try {
        const saved = await this.options.api.put({
          expectedVersion: version,
          investorIds: cart?.searchableInvestorEntryIds ?? [],
          columnOrder: cart?.columnOrder ?? [...DEFAULT_COLUMN_ORDER],
          cartId: cart?.id ?? null,
        });
        if (this.account?.userId !== userId) return;
        this.pending.splice(0, sent);
        this.setAccountCart(saved.version, this.account.cart);
      } catch (error) {
        if (this.account?.userId !== userId) return;
        const conflict = error instanceof ApiError && error.code === 'aborted';
        if (conflict && ++conflicts < WRITE_ATTEMPTS) {
          // Another tab or browser wrote first: start from its cart and apply ours again.
          try {
            const server = await this.options.api.get();
            if (this.account?.userId !== userId) return;
            const base = cartFromServer(server, userId, this.account.cart, this.now());
            this.setAccountCart(
              server.version,
              this.pending.reduce<Cart | null>((c, apply) => apply(c), base),
              savedIdOf(server),
            );
            continue;
          } catch (readError) {
            return this.giveUp(readError);
          }
        }
        return this.giveUp(error);
      }
    }
  }

  /** A write that cannot be made: the changes are taken back and the founder is told why. */
  private async giveUp(error: unknown): Promise<void> {
    this.pending = [];
    const reason =
      error instanceof ApiError && error.message !== error.code ? error.message : messages.somethingWentWrong;
    this.tell({ message: cartNotSaved(reason), variant: 'danger' });
    await this.reload();
  }

  /** Shows the server's cart, unless changes were made meanwhile (their write reads it anyway). */
  private async reload(): Promise<void> {
    const userId = this.account?.userId;
    if (!userId) return;
    try {
      const server = await this.options.api.get();
      if (this.account?.userId === userId && this.pending.length === 0) this.adoptServer(server);
    } catch (error) {
      console.warn('Could not read the cart from the server', error);
    }
  }

  /** Reads the account's cart again (another browser may have changed it), unless a write is under way. */
  async refresh(): Promise<void> {
    if (!this.account || this.pending.length > 0 || this.writing || this.syncing) return;
    await this.reload();
  }

  /**
   * The founder `userId` signed in: their cart becomes the one shown (this browser's copy at once,
   * then the server's), and this browser's cart and a pending add are merged into it.
   */
  signIn(userId: string): Promise<void> {
    if (this.account?.userId === userId) return this.syncing ?? Promise.resolve();
    this.pending = [];
    const stored = parseAccountCopy(
      safely(() => this.options.local.getItem(accountCartStorageKey(userId)), null),
      userId,
    );
    // Without a copy in this browser, nothing is shown as the cart until the server has answered.
    this.known = stored !== null;
    this.account = stored ?? {
      userId,
      version: NO_WORKING_CART_VERSION,
      cart: null,
      dirty: false,
      savedId: null,
    };
    this.notify();
    const syncing = this.mergeAtSignIn(userId).finally(() => {
      if (this.syncing === syncing) this.syncing = null;
      if (this.account?.userId === userId && !this.known) {
        this.known = true;
        this.notify();
      }
    });
    this.syncing = syncing;
    return syncing;
  }

  private async mergeAtSignIn(userId: string): Promise<void> {
    const copy = this.account;
    const browserCart = this.readLocal();
    const pendingAdd = this.pendingAdd();
    const browserIds = browserCart?.searchableInvestorEntryIds ?? [];
    const ids = [...browserIds, ...(pendingAdd ? [pendingAdd.investor.id] : [])];
    try {
      if (ids.length === 0) {
        const server = await this.options.api.get();
        if (this.account?.userId !== userId || this.pending.length > 0 || this.writing) return;
        if (copy?.dirty && server.version === copy.version) {
          // This browser's last changes never reached the server, and nobody wrote since: write them.
          const unsaved = copy.cart;
          this.pending.push(() => unsaved);
          this.setAccountCart(copy.version, unsaved);
          void this.write();
          return;
        }
        this.adoptServer(server);
        return;
      }
      const merged = await this.options.api.merge({ investorIds: ids, cartId: browserCart?.id ?? null });
      if (this.account?.userId !== userId) return;
      this.options.local.removeItem(EXPORT_CART_STORAGE_KEY);
      this.options.session.removeItem(PENDING_ADD_STORAGE_KEY);
      this.adoptServer(merged.cart);
      // Changes made meanwhile in this tab are written on top of the merged cart.
      if (this.pending.length > 0) {
        const base = this.account.cart;
        this.setAccountCart(
          this.account.version,
          this.pending.reduce<Cart | null>((c, apply) => apply(c), base),
        );
        void this.write();
      }
      const inCart = new Set(merged.cart.investorIds);
      const fromBrowser = browserIds.filter((id) => inCart.has(id)).length;
      if (fromBrowser > 0)
        this.tell({ message: browserCartMerged(fromBrowser), variant: 'info', action: OPEN_CART });
      if (pendingAdd) {
        const { investor } = pendingAdd;
        if (!inCart.has(investor.id)) {
          // The cart was full: the left-out message below says so.
        } else if (browserIds.includes(investor.id) || merged.added === 0)
          this.tell({ message: investorAlreadyInCart(investor.name), variant: 'warning' });
        else
          this.tell({
            message: `${investor.name} added to your export cart`,
            variant: 'success',
            action: OPEN_CART,
          });
      }
      const leftOut = mergeLeftOutMessage(merged.leftOut);
      if (leftOut) this.tell({ message: leftOut, variant: 'warning' });
    } catch (error) {
      console.warn('Could not merge the cart into the account', error);
      // The browser's cart and the pending add stay where they are: the next sign-in merges them.
      await this.refresh();
    }
  }

  /** Nobody is signed in any more: this browser's cart is shown, and the founder's copy is forgotten. */
  signOut(): void {
    if (!this.account) return;
    const { userId } = this.account;
    this.account = null;
    this.pending = [];
    this.known = true;
    safely(() => this.options.local.removeItem(accountCartStorageKey(userId)), undefined);
    this.notify();
  }

  /** Another tab changed local storage: show its copy (unless this tab has changes to write). */
  onStorage(key: string | null, value: string | null): void {
    if (key === null || key === EXPORT_CART_STORAGE_KEY) {
      this.notify();
      return;
    }
    if (!this.account || key !== accountCartStorageKey(this.account.userId)) return;
    if (this.pending.length > 0 || this.writing) return;
    const copy = parseAccountCopy(value, this.account.userId);
    if (copy) {
      this.account = copy;
      this.notify();
    }
  }

  // --- an add made while signed out ------------------------------------------------------------

  /** Keeps an add chosen while signed out, to complete at sign-in. */
  keepPendingAdd(investor: CartInvestor, from: string): void {
    const value: PendingAdd = { investor: toCartInvestor(investor), from };
    safely(() => this.options.session.setItem(PENDING_ADD_STORAGE_KEY, JSON.stringify(value)), undefined);
  }

  pendingAdd(): PendingAdd | null {
    const value = parseJson(safely(() => this.options.session.getItem(PENDING_ADD_STORAGE_KEY), null)) as {
      investor?: unknown;
      from?: unknown;
    } | null;
    const parsed = value ? cartInvestorSchema.safeParse(value.investor) : null;
    const investor = parsed?.success ? parsed.data : null;
    return investor && typeof value?.from === 'string' ? { investor, from: value.from } : null;
  }

  /** Whether the store has nothing left to write (tests wait for it). */
  settled(): Promise<void> {
    return Promise.all([this.syncing, this.writing]).then(() => undefined);
  }
}

const browserStorage = (pick: () => Storage): KeyValueStorage => ({
  getItem: (key) => safely(() => pick().getItem(key), null),
  setItem: (key, value) => safely(() => pick().setItem(key, value), undefined),
  removeItem: (key) => safely(() => pick().removeItem(key), undefined),
});

let browserStore: ExportCartStore | null = null;

/** The export cart of this tab (created at first use; other tabs' changes reach it by 'storage' events). */
export function exportCartStore(): ExportCartStore {
  if (!browserStore) {
    const store = new ExportCartStore({
      local: browserStorage(() => window.localStorage),
      session: browserStorage(() => window.sessionStorage),
      api: workingCartApi,
    });
    window.addEventListener('storage', (event) => store.onStorage(event.key, event.newValue));
    browserStore = store;
  }
  return browserStore;
}

/** Test support: a fresh store for the next render (jsdom keeps modules between tests of a file). */
export function resetExportCartStore(): void {
  browserStore = null;
}

/** The current cart, re-rendering on every change (in this tab, another tab or, signed in, another browser). */
export function useExportCart(): Cart | null {
  // A prerendered page is rendered in Node, where no browser store exists: no cart there.
  const store = typeof window === 'undefined' ? null : exportCartStore();
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.read ?? noCart, noCart);
}

/**
 * False while the cart to show is not known yet: while the session is read (a founder's cart is not
 * this browser's, so "No investors in cart." would be wrong for that moment), then while a signed-in
 * founder's cart is first read from the server. `CartSync` hands the store the founder before the
 * page is painted.
 */
export function useExportCartKnown(): boolean {
  const { status } = useAuth();
  const store = typeof window === 'undefined' ? null : exportCartStore();
  const storeKnown = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.isKnown ?? known, known);
  return storeKnown && status !== 'loading';
}

/** Whether the cart shown was saved (see {@link ExportCartStore.isSaved}): only then is it asked about. */
export function useExportCartSaved(): boolean {
  const store = typeof window === 'undefined' ? null : exportCartStore();
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.isSaved ?? notSaved, notSaved);
}

const known = () => true;
const notSaved = () => false;
const noSubscription = () => () => undefined;
const noCart = () => null;

/** The stored cart, or null when there is none (or it is not a valid cart). */
export function readExportCart(): Cart | null {
  return exportCartStore().read();
}

/**
 * Adds an investor for `userId` (null when nobody is logged in). Returns the domain result, whose
 * message the caller shows when it failed.
 */
export function addInvestorToExportCart(investor: CartInvestor, userId: string | null): CartResult {
  return exportCartStore().add(investor, userId);
}

/** Adds the investors of a plan ({@link planAddMany}) in one write. */
export function addInvestorsToExportCart(plan: AddManyPlan, userId: string | null): CartResult {
  return exportCartStore().addMany(plan, userId);
}

export function removeInvestorFromExportCart(investorId: string): void {
  exportCartStore().remove([investorId]);
}

/** Takes many investors out in one write (leaving out those without a contact column, or already bought). */
export function removeInvestorsFromExportCart(investorIds: readonly string[]): void {
  exportCartStore().remove(investorIds);
}

export function setExportCartColumns(columnOrder: readonly ExportColumnKey[]): void {
  exportCartStore().setColumns(columnOrder);
}

/** Empties the cart: nothing is stored any more. */
export function emptyExportCart(): void {
  exportCartStore().empty();
}

/** Gives the stored cart the id the server saved it under (a new one when the old id was taken). */
export function setExportCartId(id: string): void {
  exportCartStore().setId(id);
}
