import {
  type MergeWorkingCartBody,
  mergeWorkingCartResponse,
  type PutWorkingCartBody,
  putWorkingCartResponse,
  workingCartResponse,
} from '../../shared/api/working-cart';
import { apiRequest } from './client';

/**
 * The signed-in founder's working cart on the server (issue 32). Read and written by the export-cart
 * store (web/stores/export-cart.ts), which keeps this browser's copy in step; pages use the store.
 */

/** GET /me/cart: the cart, with each investor's card (null when no longer in the directory). */
export function getWorkingCart() {
  return apiRequest(workingCartResponse, '/me/cart', { auth: true });
}

/** PUT /me/cart: replaces the cart if it is still at `expectedVersion`; a 409 ('aborted') otherwise. */
export function putWorkingCart(body: PutWorkingCartBody) {
  return apiRequest(putWorkingCartResponse, '/me/cart', { method: 'PUT', body, auth: true });
}

/** POST /me/cart/merge: adds investors (each once, up to 2,500) and says what was left out. */
export function mergeWorkingCart(body: MergeWorkingCartBody) {
  return apiRequest(mergeWorkingCartResponse, '/me/cart/merge', { method: 'POST', body, auth: true });
}

export const workingCartApi = { get: getWorkingCart, put: putWorkingCart, merge: mergeWorkingCart };
export type WorkingCartApi = typeof workingCartApi;
