import * as z from 'zod/mini';
import { cartInvestorSchema } from '../cart/cart';
import { profileConfirmedSchema, profileFactsSchema } from '../investors/profile-facts';
import { contactSourcesSchema, valueSourceSchema } from '../investors/provenance';
import { responseTimesSchema } from '../pipeline/response-times';
import { FACETS, SEARCH_SORTS } from '../search/filters';
import { investorIdParams, portalIdParams } from './params';
import { chequeRangeInOrder, searchFilterFields, searchFiltersQuery } from './search-filters';

export {
  CHEQUE_MESSAGE,
  CHEQUE_RANGE_MESSAGE,
  CLOSE_MESSAGE,
  chequeRangeInOrder,
  HAS_MESSAGE,
  searchFilterFields,
  searchFiltersOf,
} from './search-filters';
export { investorIdParams, portalIdParams };

/**
 * The API contract of the directory: one zod schema per request and response. Handlers validate
 * with them; the web client takes its types from them.
 */

export const weightedTagSchema = z.object({
  tagKey: z.string(),
  count: z.int(),
  variants: z.array(z.string()),
});

export const directoryMetadataSchema = z.object({
  id: z.string(),
  stageFocus: z.array(z.string()),
  sectorFocus: z.array(z.string()),
  stageFocusWeighted: z.array(weightedTagSchema),
  sectorFocusWeighted: z.array(weightedTagSchema),
  totalInvestors: z.int(),
  totalInvestorsWithEmail: z.int(),
  totalInvestorsWithPhone: z.int(),
  totalInvestorsWithLinkedIn: z.int(),
  totalInvestorsWithTwitter: z.int(),
  totalInvestorsWithCrunchbase: z.int(),
  countsByRole: z.record(z.string(), z.int()),
  createdAt: z.string(),
});
export type DirectoryMetadataResponse = z.infer<typeof directoryMetadataSchema>;

/** GET /directory/metadata: the latest record, or null before the first aggregation. */
export const getDirectoryMetadataResponse = z.nullable(directoryMetadataSchema);

/** GET /directory/role-counts: the number of searchable investors of each of the 8 roles. */
export const roleCountsResponse = z.object({ counts: z.record(z.string(), z.int()) });
export type RoleCountsResponse = z.infer<typeof roleCountsResponse>;

export const SEARCH_PAGE_SIZE = 50;
export const SEARCH_MAX_PAGE_SIZE = 100;

/** Not in the spec: the answer to a page size out of range. */
export const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${SEARCH_MAX_PAGE_SIZE}`;

/** GET /directory/facets?…filters: counts beside each filter value for the current result set. */
export const searchFacetsQuery = searchFiltersQuery;

/**
 * GET /investors?…filters&sort=…&cursor=…&limit=…: any combination of filters, or none (the whole
 * directory). Exactly one of stageFocus or sectorFocus, by name, is the spec's search as it was.
 * Without `sort`: "Best match" when words are typed (`q`), else by name.
 */
export const searchInvestorsQuery = z
  .object({
    ...searchFilterFields,
    sort: z.optional(z.enum(SEARCH_SORTS)),
    cursor: z.optional(z.string().check(z.maxLength(2000))),
    limit: z._default(
      z.coerce
        .number({ error: LIMIT_MESSAGE })
        .check(
          z.int({ error: LIMIT_MESSAGE }),
          z.gte(1, { error: LIMIT_MESSAGE }),
          z.lte(SEARCH_MAX_PAGE_SIZE, { error: LIMIT_MESSAGE }),
        ),
      SEARCH_PAGE_SIZE,
    ),
  })
  .check(chequeRangeInOrder);
export type SearchInvestorsQuery = z.input<typeof searchInvestorsQuery>;

const facetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.int() });
const facetValues = z.array(facetValueSchema);
export type FacetValue = z.infer<typeof facetValueSchema>;

export const searchFacetsResponse = z.object({
  total: z.int(),
  facets: z.object({
    role: facetValues,
    stage: facetValues,
    sector: facetValues,
    country: facetValues,
    city: facetValues,
  }),
  /** Per `has=` filter: the contact kinds, and `deployed` (issue 52; absent from answers cached before it). */
  has: z.object({ email: z.int(), linkedin: z.int(), phone: z.int(), deployed: z._default(z.int(), 0) }),
});
export type SearchFacetsResponse = z.infer<typeof searchFacetsResponse>;

export const searchInvestorsResponse = z.object({
  items: z.array(cartInvestorSchema),
  total: z.int(),
  cursor: z.nullable(z.string()),
  /**
   * When the typed words (`q`) matched nothing exactly (no result, or results through typos only):
   * the closest words the directory holds, as a search that finds something ("Did you mean …").
   */
  didYouMean: z.optional(z.nullable(z.string())),
  /**
   * With `q`: how many close matches (the start of a word, a spelling near one) the total leaves
   * out, offered apart ("Also close"); 0 when they are included or there are none.
   */
  closeMatches: z.optional(z.int()),
  /** With `q`: false when nothing matched exactly and the results are the close matches. */
  exact: z.optional(z.boolean()),
});
export type SearchInvestorsResponse = z.infer<typeof searchInvestorsResponse>;

/** GET /directory/suggestions?q=…: what the box suggests for the words typed so far. */
export const suggestionsQuery = z.object({
  q: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
});

export const SUGGESTION_KINDS = ['investor', 'firm', 'region', ...FACETS] as const;

const suggestionSchema = z.object({
  /** An investor (its profile), a firm or a region (searched by name), or a filter value. */
  kind: z.enum(SUGGESTION_KINDS),
  label: z.string(),
  /** An investor's id, a filter's value (as facets give it), a firm's or a region's name. */
  value: z.string(),
  /** An investor's firm. */
  detail: z.nullable(z.string()),
  /** How many investors it finds. */
  count: z.int(),
});
export type SearchSuggestion = z.infer<typeof suggestionSchema>;

export const suggestionsResponse = z.object({ suggestions: z.array(suggestionSchema) });
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>;

/**
 * GET /investors/{investorId}: everything public about one investor, for the profile page: the card
 * (which contact fields exist, never their values), the public facts of the investor's first
 * imported record, and the profile facts (issue 33: thesis ≤ 2,000 characters, website, lead or
 * follow, typical cheque, geographic focus, ≤ 50 portfolio companies, ≤ 20 recent investments) with,
 * per fact, who gave it (import, admin or the investor) and the month it was last confirmed. Never an
 * email, phone, social link, note, source name or unclaimed source column.
 */
/** Issue 52: is this investor deploying now, computed on the server on the day of the answer. */
export const deployingSchema = z.object({
  /** The date of the last new investment (YYYY, YYYY-MM or YYYY-MM-DD), null without a dated one. */
  lastDeal: z.nullable(z.string()),
  dealsLast12Months: z.int(),
  /** New deals per stage in the last 12 months (the round as given; null: not given), most first. */
  stagesLast12Months: z.array(z.object({ stage: z.nullable(z.string()), count: z.int() })),
  fundSize: z.nullable(z.number()),
  vintage: z.nullable(z.int()),
  noDealIn18Months: z.boolean(),
  /** The fund's latest vintage more than four years ago and no new deal in 18 months. */
  pastInvestmentPeriod: z.boolean(),
});
export type DeployingAnswer = z.infer<typeof deployingSchema>;

export const investorProfileSchema = z.extend(cartInvestorSchema, {
  ...profileFactsSchema.shape,
  // Absent from answers cached before issue 52.
  fundSize: z._default(z.nullable(z.number()), null),
  vintage: z._default(z.nullable(z.int()), null),
  /** Issue 52: the deploying-now facts (null when the data says nothing of them). */
  deploying: z._default(z.nullable(deployingSchema), null),
  profileConfirmed: profileConfirmedSchema,
  /**
   * Issue 50: per contact kind with a value, the kind of source that gave it and the month it was last
   * confirmed (never the value, nor the source's name): what a founder reads as "From an import,
   * Jan 2026" before buying. Absent from answers cached before it was kept.
   */
  contactSources: z._default(contactSourcesSchema, {}),
  /**
   * Issue 50: where the card's facts (type, firm, title, places, cheque range, stages, sectors) came
   * from: the investor's own listing or an import, and the month of that record; null when unknown.
   */
  factsSource: z._default(z.nullable(valueSourceSchema), null),
  otherFirms: z.array(z.string()),
  regions: z.array(z.string()),
  /** The cheque size as the source wrote it ('$250k - $1M'), when it did. */
  checkSizeText: z.nullable(z.string()),
  leadsRounds: z.nullable(z.boolean()),
  selectedInvestments: z.array(z.string()),
  portfolioCompanies: z.array(z.string()),
  updatedAt: z.string(),
  /**
   * Issue 52: how fast they answer founders, from the pipelines of at least ten founders who share
   * them (totals only, never who); null below ten.
   */
  responseTimes: z._default(z.nullable(responseTimesSchema), null),
});
export type InvestorProfile = z.infer<typeof investorProfileSchema>;
export const getInvestorResponse = investorProfileSchema;

export const portalSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  urlIdentifier: z.string(),
  firm: z.object({ name: z.string(), website: z.string() }),
  fontFamily: z.nullable(z.string()),
});
export type Portal = z.infer<typeof portalSchema>;
