import type { CartInvestor } from '../cart/cart';
import type { SearchSort } from './filters';
import { type IndexData, nameKeyOf, stringAt, updatedKeyOf } from './index-data';
import { TIERS } from './match-words';
import { compareStrings } from './text-index';

/**
 * Pages of a search: the orders results are walked in, their keys, and the cursors that carry a
 * page's last key (and tier) to the next page.
 */

export interface SearchPageResult {
  items: CartInvestor[];
  total: number;
  cursor: string | null;
  /**
   * When the typed words matched nothing exactly (no result, or only results with typos): the
   * closest words the directory holds, as a search that finds something without a typo.
   */
  didYouMean?: string | null;
}

export class InvalidSearchCursorError extends Error {
  override readonly name = 'InvalidSearchCursorError';
}

export interface Order {
  /** Ords in this order (null: the ords themselves, the name order). */
  ords: Uint32Array | null;
}

export interface Cursor {
  key: string;
  tier: number;
}

export const encodeCursor = (sort: SearchSort, key: string, tier: number | null): string =>
  encodeURIComponent(JSON.stringify(tier === null ? [sort, key] : [sort, key, tier]));

/** A cursor is the sort key of the page's last investor (and its tier in a ranked search): it stays right when the index is rebuilt between pages. */
export function decodeCursor(cursor: string, sort: SearchSort, ranked: boolean): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(cursor));
  } catch {
    throw new InvalidSearchCursorError('The cursor is not one this search gave.');
  }
  if (!Array.isArray(parsed) || parsed[0] !== sort || typeof parsed[1] !== 'string')
    throw new InvalidSearchCursorError('The cursor does not belong to this search.');
  if (!ranked) {
    if (parsed.length !== 2) throw new InvalidSearchCursorError('The cursor does not belong to this search.');
    return { key: parsed[1], tier: 0 };
  }
  const tier = parsed[2];
  if (parsed.length !== 3 || !Number.isInteger(tier) || tier < 0 || tier >= TIERS)
    throw new InvalidSearchCursorError('The cursor does not belong to this search.');
  return { key: parsed[1], tier: tier as number };
}

/** The order a sort walks: the name order is the ords themselves, "updated" the snapshot's order. */
export function orderOf(data: IndexData, sort: SearchSort): Order {
  return { ords: sort === 'name' ? null : data.updatedOrder };
}

/** The ord at position `pos` of an order. */
export const ordAt = (order: Order, pos: number): number => (order.ords ? (order.ords[pos] as number) : pos);

/** The sort key at position `pos` of a sort's order. */
export function keyAt(data: IndexData, sort: SearchSort, pos: number): string {
  if (sort === 'name') return nameKeyOf(stringAt(data.names, pos), stringAt(data.ids, pos));
  const ord = data.updatedOrder[pos] as number;
  return updatedKeyOf(data.updatedAt[ord] as number, stringAt(data.ids, ord));
}

/** The first position of the order whose key is greater than `key`. */
export function positionAfter(data: IndexData, sort: SearchSort, key: string): number {
  let lo = 0;
  let hi = data.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareStrings(keyAt(data, sort, mid), key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
