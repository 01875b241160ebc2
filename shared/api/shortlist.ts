import * as z from 'zod/mini';
import { cartInvestorSchema } from '../cart/cart';
import { raiseSchema } from '../projects/raise';
import { FIT_BANDS, FIT_CRITERIA } from '../shortlist/fit';
import {
  MAX_PASSES_PER_PROJECT,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_NAME_MAX_LENGTH,
  shortlistMessages,
} from '../shortlist/messages';
import { warmPathSchema } from './network';
import { pageQuery } from './paging';
import { projectIdParams } from './params';
import { chequeRangeInOrder, searchFilterFields, searchFiltersQuery } from './search-filters';
import { singleLine } from './text';

export { MAX_PASSES_PER_PROJECT, MAX_SAVED_SEARCHES, SAVED_SEARCH_NAME_MAX_LENGTH, shortlistMessages };

/**
 * The API contract of shortlists (issue 35): a project's investors ranked by fit, its pass list,
 * saved searches and their weekly alert. Everything here is the caller's own: a project's shortlist
 * only for its creator (anyone else: 404, as for the project), saved searches only for who saved them.
 */

export const SHORTLIST_PAGE_SIZE = 20;
export const SHORTLIST_MAX_PAGE_SIZE = 100;
/** "Add the top N to the cart": N by default, and at most the cart's size. */
export const TOP_N_DEFAULT = 20;

/** How bought and passed investors show: marked as such among the others, or left out. */
export const SHOW_OR_HIDE = ['show', 'hide'] as const;

/**
 * GET /projects/{projectId}/investors?…: the project's shortlist, the usual filters narrowing it,
 * `bought` (the founder's library: shown marked, by default, or left out) and `passed` ("Not a fit":
 * left out by default, or shown marked); paged by cursor (20 a page, 100 at most).
 */
export const shortlistQuery = z
  .object({
    ...searchFilterFields,
    bought: z._default(z.enum(SHOW_OR_HIDE), 'show'),
    passed: z._default(z.enum(SHOW_OR_HIDE), 'hide'),
    /** The rest (investors meeting none of the raise's must-haves): left out by default, or listed last. */
    rest: z._default(z.enum(SHOW_OR_HIDE), 'hide'),
    ...pageQuery(SHORTLIST_PAGE_SIZE, SHORTLIST_MAX_PAGE_SIZE),
  })
  .check(chequeRangeInOrder);
export type ShortlistQuery = z.input<typeof shortlistQuery>;

export const fitReasonSchema = z.object({
  criterion: z.enum(FIT_CRITERIA),
  text: z.string(),
  points: z.int(),
  /** For the investor, or what counts against (a must-have missed or not known). */
  tone: z.enum(['for', 'against']),
});
export type FitReasonView = z.infer<typeof fitReasonSchema>;

/** One investor of a shortlist or an opened saved search. */
export const shortlistItemSchema = z.object({
  investor: cartInvestorSchema,
  /** The fit score and its reasons (a shortlist); null and none for a search. */
  score: z.nullable(z.int()),
  reasons: z.array(fitReasonSchema),
  /** "fit" (every must-have met), "partial" (all but one: `missing` says which), "other" (two or more missing); null for a search. */
  band: z.nullable(z.enum(FIT_BANDS)),
  /** The must-haves missed or not known, in words ("does not invest at Seed", "cheque not known"): one for a partial fit. */
  missing: z.array(z.string()),
  /** In the founder's contact library already. */
  bought: z.boolean(),
  /** Marked "Not a fit" for this project. */
  passed: z.boolean(),
  /** New since the saved search was last opened (always false on a plain shortlist). */
  isNew: z.boolean(),
  /** Who the founder knows near this investor (issue 52): their own connections, for them only; absent without. */
  warmPath: z.optional(z.nullable(warmPathSchema)),
});
export type ShortlistItem = z.infer<typeof shortlistItemSchema>;

export const shortlistProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  sectors: z.array(z.string()),
  raise: z.nullable(raiseSchema),
});

export const shortlistResponse = z.object({
  project: shortlistProjectSchema,
  items: z.array(shortlistItemSchema),
  /** Investors listed: the fits and partial fits, and the rest when shown. */
  total: z.int(),
  /** How many of each band the filters keep. */
  counts: z.object({ fit: z.int(), partial: z.int(), other: z.int() }),
  cursor: z.nullable(z.string()),
});
export type ShortlistResponse = z.infer<typeof shortlistResponse>;

export const passParams = z.extend(projectIdParams, {
  investorId: z.string().check(singleLine(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an investor id')),
});

/** PUT and DELETE /projects/{projectId}/passes/{investorId}: whether the investor is marked "Not a fit" now. */
export const passResponse = z.object({ investorId: z.string(), passed: z.boolean() });

// ---------------------------------------------------------------- saved searches

const filterText = z.string().check(singleLine(), z.maxLength(200));

/** A search's filters as the search page's URL carries them, each a text. */
export const savedFiltersSchema = z
  .strictObject({
    q: z.optional(filterText),
    role: z.optional(filterText),
    stageFocus: z.optional(filterText),
    sectorFocus: z.optional(filterText),
    country: z.optional(filterText),
    city: z.optional(filterText),
    checkMin: z.optional(filterText),
    checkMax: z.optional(filterText),
    has: z.optional(filterText),
  })
  .check(
    z.superRefine((filters, ctx) => {
      // The same rules as the search itself (shared/api/directory.ts), with its messages.
      const given = Object.fromEntries(
        Object.entries(filters).filter(([, value]) => (value ?? '').trim() !== ''),
      );
      const parsed = z.safeParse(savedFiltersQuery, given);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({
            code: 'custom',
            message: issue.message,
            path: issue.path as PropertyKey[],
            input: filters,
          });
    }),
  );
export type SavedFilters = z.infer<typeof savedFiltersSchema>;

/** The search's own query rules, for saved filters. */
/** A saved search's filters: the directory's (`./search-filters.ts`). */
export const savedFiltersQuery = searchFiltersQuery;

const savedSearchName = z
  .string({ error: shortlistMessages.nameRequired })
  .check(
    singleLine(),
    z.trim(),
    z.minLength(1, { error: shortlistMessages.nameRequired }),
    z.maxLength(SAVED_SEARCH_NAME_MAX_LENGTH, { error: shortlistMessages.nameTooLong }),
  );

/**
 * POST /me/saved-searches: a search of the directory (`filters`, what the search page's URL holds),
 * or a project's shortlist (`projectId`, with filters narrowing it), under a name.
 */
export const createSavedSearchBody = z.strictObject({
  name: savedSearchName,
  filters: z._default(savedFiltersSchema, {}),
  projectId: z.optional(z.string().check(singleLine(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a project id'))),
});
export type CreateSavedSearchBody = z.input<typeof createSavedSearchBody>;

/** PATCH /me/saved-searches/{savedSearchId}: a new name. */
export const renameSavedSearchBody = z.strictObject({ name: savedSearchName });

export const savedSearchIdParams = z.object({
  savedSearchId: z.string().check(singleLine(), z.regex(/^ss_[A-Za-z0-9]{1,64}$/, 'Not a saved search id')),
});

export const savedSearchViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['search', 'shortlist']),
  filters: z.record(z.string(), z.string()),
  /** The filters in a founder's words, with the taxonomy's labels (issue 50): ["“acme”", "Seed", "Berlin"]. */
  filterWords: z.array(z.string()),
  projectId: z.nullable(z.string()),
  /** The shortlist's project's name (null for a search, or when the project is gone). */
  projectName: z.nullable(z.string()),
  createdAt: z.string(),
  lastOpenedAt: z.string(),
  /** Investors added to the directory, or newly confirmed by themselves, since it was last opened. */
  newCount: z.int(),
});
export type SavedSearchView = z.infer<typeof savedSearchViewSchema>;

/** GET /me/saved-searches: every saved search (at most 20) with what is new in each, and the alert's switch. */
export const listSavedSearchesResponse = z.object({
  savedSearches: z.array(savedSearchViewSchema),
  max: z.int(),
  alerts: z.boolean(),
});
export type ListSavedSearchesResponse = z.infer<typeof listSavedSearchesResponse>;

/**
 * GET /me/saved-searches/{savedSearchId}/investors?cursor&limit&only=new: opens a saved search: its
 * investors (a search in its order, a shortlist by fit), those new since it was last opened marked
 * (or only those: `only=new`); the first page records the opening, so the next opening counts from
 * now. Its cursor keeps the instant it counted from.
 */
export const openSavedSearchQuery = z.object({
  only: z.optional(z.enum(['new'])),
  ...pageQuery(SHORTLIST_PAGE_SIZE, SHORTLIST_MAX_PAGE_SIZE),
});

export const openSavedSearchResponse = z.object({
  savedSearch: savedSearchViewSchema,
  /** The instant "new" counts from: when it was last opened before this opening. */
  since: z.string(),
  items: z.array(shortlistItemSchema),
  total: z.int(),
  cursor: z.nullable(z.string()),
});
export type OpenSavedSearchResponse = z.infer<typeof openSavedSearchResponse>;

export const deleteSavedSearchResponse = z.object({ deleted: z.literal(true) });

/** PUT /me/search-alerts: the weekly email of new investors in saved searches, on or off. */
export const searchAlertsBody = z.strictObject({ on: z.boolean({ error: 'on must be true or false.' }) });
export const searchAlertsResponse = z.object({ on: z.boolean() });
