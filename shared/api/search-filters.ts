import * as z from 'zod/mini';
import { INVESTOR_ROLES } from '../investors/roles';
import { HAS_FILTERS, type HasFilter, type SearchFilters } from '../search/filters';

/**
 * The directory's filters as a request carries them (the search, its facets, a shortlist's filters)
 * and a saved search keeps them: a module of their own, so that code which reads saved filters (the
 * weekly alert) does not build every schema of the directory's and the shortlist's API
 * (`./directory.ts`, `./shortlist.ts`, which re-export these).
 */

const tagValue = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));
const placeValue = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

/** Not in the spec: the answers to a bad cheque bound, contact list or range. */
export const CHEQUE_MESSAGE = 'Cheque sizes must be whole amounts from 0 to 100,000,000,000';
export const HAS_MESSAGE = `has must list filters from ${HAS_FILTERS.join(', ')}, separated by commas`;
export const CHEQUE_RANGE_MESSAGE = 'The lowest cheque size must not be above the highest';
/** Not in the spec: the answer to a `close` that is not `include`. */
export const CLOSE_MESSAGE = 'close must be include (also the close matches of the typed words) or absent';

const chequeBound = z.optional(
  z.coerce
    .number({ error: CHEQUE_MESSAGE })
    .check(
      z.int({ error: CHEQUE_MESSAGE }),
      z.gte(0, { error: CHEQUE_MESSAGE }),
      z.lte(100_000_000_000, { error: CHEQUE_MESSAGE }),
    ),
);

/**
 * The directory's filters as the URL and the API carry them: the spec's `stageFocus` and
 * `sectorFocus`, the home page's `role`, and the rest (docs/data-model.md, "Search").
 */
export const searchFilterFields = {
  q: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  role: z.optional(z.enum([...INVESTOR_ROLES, 'unknown'])),
  stageFocus: z.optional(tagValue),
  sectorFocus: z.optional(tagValue),
  country: z.optional(placeValue),
  city: z.optional(placeValue),
  checkMin: chequeBound,
  checkMax: chequeBound,
  has: z.optional(
    z
      .string()
      .check(z.regex(new RegExp(`^(${HAS_FILTERS.join('|')})(,(${HAS_FILTERS.join('|')}))*$`), HAS_MESSAGE)),
  ),
  /** `include`: also the close matches of `q` (the start of a word, a spelling near one), not only the exact ones. */
  close: z.optional(z.literal('include', { error: CLOSE_MESSAGE })),
};

export const chequeRangeInOrder = z.refine<{ checkMin?: number | undefined; checkMax?: number | undefined }>(
  (q) => q.checkMin === undefined || q.checkMax === undefined || q.checkMin <= q.checkMax,
  { message: CHEQUE_RANGE_MESSAGE, path: ['checkMin'] },
);

/** The filters alone: the facets' query, and a saved search's filters. */
export const searchFiltersQuery = z.object(searchFilterFields).check(chequeRangeInOrder);

/** The filters of a parsed query, as the search index takes them. */
export function searchFiltersOf(query: z.infer<typeof searchFiltersQuery>): SearchFilters {
  return {
    ...(query.q !== undefined ? { q: query.q } : {}),
    ...(query.role !== undefined ? { role: query.role } : {}),
    ...(query.stageFocus !== undefined ? { stage: query.stageFocus } : {}),
    ...(query.sectorFocus !== undefined ? { sector: query.sectorFocus } : {}),
    ...(query.country !== undefined ? { country: query.country } : {}),
    ...(query.city !== undefined ? { city: query.city } : {}),
    ...(query.checkMin !== undefined ? { checkMin: query.checkMin } : {}),
    ...(query.checkMax !== undefined ? { checkMax: query.checkMax } : {}),
    ...(query.has !== undefined ? { has: [...new Set(query.has.split(','))] as HasFilter[] } : {}),
    ...(query.close === 'include' && query.q !== undefined ? { close: true } : {}),
  };
}
