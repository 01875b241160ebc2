import * as z from 'zod/mini';

/**
 * Lists that grow with users are paged (docs/decisions.md, "Lists that grow are paged"): a request
 * gives `limit` (a page size up to a stated maximum, a stated default without it) and the `cursor`
 * the previous page answered; an answer carries its items and the `cursor` of the next page, null on
 * the last one. A cursor is opaque: the client passes it back unchanged.
 */

/** The answer to a cursor that is not one this list gave (edited, cut, or of another list or order). */
export const INVALID_CURSOR =
  'The cursor is not valid: use the cursor the previous page answered, unchanged, or leave it out for the first page.';

/** The query of a paged list: `cursor` (optional) and `limit`, whole, from 1 to `max`, `size` by default. */
export function pageQuery(size: number, max: number) {
  const message = `limit must be a whole number from 1 to ${max}`;
  return {
    cursor: z.optional(z.string().check(z.maxLength(2048))),
    limit: z._default(
      z.coerce
        .number({ error: message })
        .check(z.int({ error: message }), z.gte(1, { error: message }), z.lte(max, { error: message })),
      size,
    ),
  };
}
