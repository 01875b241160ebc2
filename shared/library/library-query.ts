/**
 * The contact library's search, order and pages (issue 32), pure: the server reads the founder's
 * library rows and answers one page of those matching the search, in the order asked. A page ends
 * after a row, and the next page starts after that row in the same order (a keyset), so a purchase
 * landing between two pages neither repeats nor skips a row.
 */
import { foldText as foldSearchText, typoBudget, wordsOfFolded } from '../search/fold';
import { editDistance } from '../search/text-index';

/** The orders of the library: by name, by firm (contacts without one last), by the date bought. */
export const LIBRARY_SORTS = ['name', 'firm', 'bought'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Each order's natural direction: names and firms A–Z, the newest purchase first. */
export const DEFAULT_DIRECTION: Readonly<Record<LibrarySort, SortDirection>> = {
  name: 'asc',
  firm: 'asc',
  bought: 'desc',
};

export const LIBRARY_PAGE_SIZE = 50;
export const LIBRARY_MAX_PAGE_SIZE = 100;
/** The longest search the library takes. */
export const LIBRARY_SEARCH_MAX_LENGTH = 100;

/** What the search and the orders read of a library row. */
export interface LibraryRowKey {
  readonly searchableInvestorId: string;
  readonly name: string;
  readonly firm: string | null;
  readonly purchasedAt: string;
}

export interface LibrarySearchable extends LibraryRowKey {
  readonly email: string | null;
}

/**
 * Text as the library compares it: the directory's search folding (shared/search/fold.ts: case and
 * accents folded, ß → ss, ł → l, spaces collapsed), so "Łukasz Ó  Brien" and "lukasz o brien" match,
 * and "Weiß" finds "Weiss".
 */
export const foldText = foldSearchText;

/**
 * Whether one typed word (folded) is in a row: inside its text (the start of a word, part of an email:
 * "acme.example"), or within the directory search's typo budget of one of its words (issue 50: the
 * same rules, "florain" finds "Florian": from 5 letters one typo, from 9 two).
 */
function wordFound(word: string, haystack: string, words: readonly string[]): boolean {
  if (haystack.includes(word)) return true;
  const budget = typoBudget(word);
  return budget > 0 && words.some((candidate) => editDistance(word, candidate, budget) <= budget);
}

/**
 * Whether a row matches a search: every word of the search is found in the name, the firm or the
 * email (any case, accents folded, a typo forgiven as the directory's search forgives it), so "ada
 * north" finds Ada Lovelace of Northwind and "florain weis" finds Florian Weiß. An empty search
 * matches every row.
 */
export function matchesLibrarySearch(row: LibrarySearchable, search: string): boolean {
  const typed = foldText(search).split(' ').filter(Boolean);
  if (typed.length === 0) return true;
  const haystack = [row.name, row.firm ?? '', row.email ?? ''].map(foldText).join('\n');
  const words = wordsOfFolded(haystack);
  return typed.every((word) => wordFound(word, haystack, words));
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** What the orders compare of a row, folded once (a sort compares each row many times). */
interface OrderKey {
  readonly name: string;
  readonly firm: string;
  readonly at: number;
  readonly id: string;
}

const orderKey = (row: LibraryRowKey): OrderKey => ({
  name: foldText(row.name),
  firm: row.firm ? foldText(row.firm) : '',
  at: new Date(row.purchasedAt).getTime(),
  id: row.searchableInvestorId,
});

function compareKeys(a: OrderKey, b: OrderKey, sort: LibrarySort, direction: SortDirection): number {
  const sign = direction === 'asc' ? 1 : -1;
  const byName = compareText(a.name, b.name) || compareText(a.id, b.id);
  if (sort === 'firm') {
    if (!a.firm !== !b.firm) return a.firm ? -1 : 1;
    return sign * (compareText(a.firm, b.firm) || byName);
  }
  if (sort === 'bought') return sign * (a.at - b.at || byName);
  return sign * byName;
}

/**
 * The library's order: a total order (ties broken by name, then by investor id), so a page boundary
 * is exact. Contacts without a firm come last in the firm order whichever its direction.
 */
export function compareLibraryRows(
  a: LibraryRowKey,
  b: LibraryRowKey,
  sort: LibrarySort,
  direction: SortDirection,
): number {
  return compareKeys(orderKey(a), orderKey(b), sort, direction);
}

export interface LibraryPageRequest {
  readonly search: string;
  readonly sort: LibrarySort;
  readonly direction: SortDirection;
  readonly limit: number;
  /** The last row of the page before (from its cursor); null for the first page. */
  readonly after: LibraryRowKey | null;
}

export interface LibraryPage<T> {
  readonly items: T[];
  /** How many rows match the search, all pages together. */
  readonly matching: number;
  /** The last row of this page when more follow (the next page's cursor), else null. */
  readonly last: LibraryRowKey | null;
}

/** One page of the rows matching the search, in the order asked, after the row `after`. */
export function libraryPage<T extends LibrarySearchable>(
  rows: readonly T[],
  request: LibraryPageRequest,
): LibraryPage<T> {
  const { search, sort, direction, limit, after } = request;
  const matching = rows
    .filter((row) => matchesLibrarySearch(row, search))
    .map((row) => ({ row, key: orderKey(row) }))
    .sort((a, b) => compareKeys(a.key, b.key, sort, direction));
  const afterKey = after ? orderKey(after) : null;
  const rest = afterKey
    ? matching.filter(({ key }) => compareKeys(key, afterKey, sort, direction) > 0)
    : matching;
  const items = rest.slice(0, limit).map(({ row }) => row);
  const lastItem = items.at(-1);
  return {
    items,
    matching: matching.length,
    last:
      rest.length > limit && lastItem
        ? {
            searchableInvestorId: lastItem.searchableInvestorId,
            name: lastItem.name,
            firm: lastItem.firm,
            purchasedAt: lastItem.purchasedAt,
          }
        : null,
  };
}

/** A purchase the library holds: the cart, and when it was paid. */
export interface LibraryCart {
  readonly cartId: string;
  readonly purchasedAt: string;
}

/**
 * The purchases behind a library, newest first: every cart of every row, dated by the row's record
 * of its purchases (issue 30), else by the row it first bought, else by any row it includes.
 */
export function libraryPurchases(
  rows: readonly {
    cartId: string;
    cartIds: readonly string[];
    purchasedAt: string;
    purchases?: Readonly<Record<string, string>>;
  }[],
): LibraryCart[] {
  const paidAt = new Map<string, string>();
  for (const row of rows)
    for (const cartId of new Set([row.cartId, ...row.cartIds]))
      if (!paidAt.has(cartId) || row.cartId === cartId) paidAt.set(cartId, row.purchasedAt);
  for (const row of rows)
    for (const [cartId, at] of Object.entries(row.purchases ?? {})) paidAt.set(cartId, at);
  return [...paidAt]
    .map(([cartId, purchasedAt]) => ({ cartId, purchasedAt }))
    .sort((a, b) => compareText(b.cartId, a.cartId));
}
