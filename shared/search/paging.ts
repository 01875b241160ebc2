import type { CartInvestor } from '../cart/cart';
import type { SearchSort } from './filters';
import { type IndexData, nameKeyOf, stringAt, updatedKeyOf } from './index-data';
import { RANKS } from './match-words';
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
  /**
   * Typed words only: how many close matches (the start of a word, a spelling near one) the total
   * leaves out, offered apart ("Also close"); 0 when they are shown or there are none.
   */
  closeMatches?: number;
  /** Typed words only: false when nothing matched exactly and the results are the close matches. */
  exact?: boolean;
}

export class InvalidSearchCursorError extends Error {
  override readonly name = 'InvalidSearchCursorError';
}

/** An order results are walked in: its ords by position, and the sort key at each position (increasing). */
export interface Order {
  /** Ords in this order (null: the ords themselves, the name order). */
  ords: Uint32Array | null;
  key(pos: number): string;
}

export interface Cursor {
  key: string;
  tier: number;
}

export const encodeCursor = (sort: SearchSort, key: string, tier: number | null): string =>
  encodeURIComponent(JSON.stringify(tier === null ? [sort, key] : [sort, key, tier]));

/** A cursor is the sort key of the page's last investor (and its rank in a ranked search: tier × 2 + extra name words): it stays right when the index is rebuilt between pages. */
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
  if (parsed.length !== 3 || !Number.isInteger(tier) || tier < 0 || tier >= RANKS)
    throw new InvalidSearchCursorError('The cursor does not belong to this search.');
  return { key: parsed[1], tier: tier as number };
}

/** The name order: the ords themselves (ords are numbered in it). */
export const nameOrder = (data: IndexData): Order => ({
  ords: null,
  key: (pos) => nameKeyOf(stringAt(data.names, pos), stringAt(data.ids, pos)),
});

/** Most recently updated first (the snapshot's order). */
export const updatedOrder = (data: IndexData): Order => ({
  ords: data.updatedOrder,
  key: (pos) => {
    const ord = data.updatedOrder[pos] as number;
    return updatedKeyOf(data.updatedAt[ord] as number, stringAt(data.ids, ord));
  },
});

/** The highest score of {@link actionable}. */
const MOST_ACTIONABLE = 7;

/**
 * How much of an investor a founder can act on: an email (4), the investor's own confirmation of
 * their entry (2), a phone or LinkedIn (1). The tie-break of "Best match" within a tier.
 */
export function actionable(data: IndexData, ord: number): number {
  const flags = data.flags[ord] as number;
  return (
    ((flags & 1) !== 0 ? 4 : 0) + ((data.marks[ord] as number) !== 0 ? 2 : 0) + ((flags & 6) !== 0 ? 1 : 0)
  );
}

/**
 * "Best match"'s order within a tier: the investors a founder can act on first (an email, confirmed
 * by the investor), then the most recently updated, then the id: a counting sort of the update order
 * by {@link actionable}, made once per index.
 */
export function bestOrder(data: IndexData): Order {
  const n = data.size;
  const scores = new Uint8Array(n);
  const starts = new Uint32Array(MOST_ACTIONABLE + 2);
  for (let ord = 0; ord < n; ord++) {
    const score = actionable(data, ord);
    scores[ord] = score;
    starts[MOST_ACTIONABLE - score + 1] = (starts[MOST_ACTIONABLE - score + 1] as number) + 1;
  }
  for (let b = 1; b < starts.length; b++) starts[b] = (starts[b] as number) + (starts[b - 1] as number);
  const ords = new Uint32Array(n);
  for (let pos = 0; pos < n; pos++) {
    const ord = data.updatedOrder[pos] as number;
    const bucket = MOST_ACTIONABLE - (scores[ord] as number);
    ords[starts[bucket] as number] = ord;
    starts[bucket] = (starts[bucket] as number) + 1;
  }
  return {
    ords,
    key: (pos) => {
      const ord = ords[pos] as number;
      return `${MOST_ACTIONABLE - (scores[ord] as number)}${updatedKeyOf(data.updatedAt[ord] as number, stringAt(data.ids, ord))}`;
    },
  };
}

/** The ord at position `pos` of an order. */
export const ordAt = (order: Order, pos: number): number => (order.ords ? (order.ords[pos] as number) : pos);

/** The first position of the order (of `size` positions) whose key is greater than `key`. */
export function positionAfter(order: Order, size: number, key: string): number {
  let lo = 0;
  let hi = size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareStrings(order.key(mid), key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
