import { useSyncExternalStore } from 'react';
import {
  type AddManyPlan,
  addManyToCart,
  addToCart,
  type Cart,
  type CartInvestor,
  type CartResult,
  parseStoredCart,
  removeFromCart,
} from '../../shared/cart/cart';
import type { ExportColumnKey } from '../../shared/cart/export';

/**
 * The export cart of this browser, kept in local storage until it is saved (spec section 3). Every tab
 * sees the same cart: writes notify this tab's subscribers and the 'storage' event carries them to the
 * others. The cart transitions themselves are the shared domain functions.
 */

export const EXPORT_CART_STORAGE_KEY = 'exportCart';

const listeners = new Set<() => void>();

let cachedRaw: string | null | undefined;
let cachedCart: Cart | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(EXPORT_CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored cart, or null when there is none or it is not a valid cart. */
export function readExportCart(): Cart | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cachedCart = raw === null ? null : parseStoredCart(JSON.parse(raw));
    } catch {
      cachedCart = null;
    }
  }
  return cachedCart;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function writeExportCart(cart: Cart | null): void {
  if (cart === null) window.localStorage.removeItem(EXPORT_CART_STORAGE_KEY);
  else window.localStorage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cart));
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === EXPORT_CART_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current cart, re-rendering on every change (in this tab or another). */
export function useExportCart(): Cart | null {
  return useSyncExternalStore(subscribe, readExportCart, () => null);
}

/**
 * Adds an investor for `userId` (null when nobody is logged in). Returns the domain result, whose
 * message the caller shows when it failed.
 */
export function addInvestorToExportCart(investor: CartInvestor, userId: string | null): CartResult {
  const result = addToCart(readExportCart(), investor, { userId, now: Date.now() });
  if (result.ok) writeExportCart(result.cart);
  return result;
}

/** Adds the investors of a plan ({@link planAddMany}) in one write. */
export function addInvestorsToExportCart(plan: AddManyPlan, userId: string | null): CartResult {
  const result = addManyToCart(readExportCart(), plan, { userId, now: Date.now() });
  if (result.ok) writeExportCart(result.cart);
  return result;
}

export function removeInvestorFromExportCart(investorId: string): void {
  const cart = readExportCart();
  if (cart) writeExportCart(removeFromCart(cart, investorId));
}

/** Takes many investors out in one write (leaving out those without a contact column, or already bought). */
export function removeInvestorsFromExportCart(investorIds: readonly string[]): void {
  const cart = readExportCart();
  if (cart) writeExportCart(investorIds.reduce(removeFromCart, cart));
}

export function setExportCartColumns(columnOrder: readonly ExportColumnKey[]): void {
  const cart = readExportCart();
  if (cart) writeExportCart({ ...cart, columnOrder: [...columnOrder] });
}

/** Empties the cart: nothing is stored any more. */
export function emptyExportCart(): void {
  writeExportCart(null);
}

/** Gives the stored cart the id the server saved it under (a new one when the old id was taken). */
export function setExportCartId(id: string): void {
  const cart = readExportCart();
  if (cart && cart.id !== id) writeExportCart({ ...cart, id });
}
