import * as z from 'zod/mini';
import { cartInvestorSchema } from '../cart/cart';

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

const tagValue = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/** GET /investors?stageFocus=…|sectorFocus=…&cursor=…&limit=…: exactly one of the two tags. */
export const searchInvestorsQuery = z
  .object({
    stageFocus: z.optional(tagValue),
    sectorFocus: z.optional(tagValue),
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
  .check(
    z.refine((q) => (q.stageFocus === undefined) !== (q.sectorFocus === undefined), {
      message: 'Give exactly one of stageFocus or sectorFocus',
      path: ['stageFocus'],
    }),
  );
export type SearchInvestorsQuery = z.input<typeof searchInvestorsQuery>;

export const searchInvestorsResponse = z.object({
  items: z.array(cartInvestorSchema),
  total: z.int(),
  cursor: z.nullable(z.string()),
});
export type SearchInvestorsResponse = z.infer<typeof searchInvestorsResponse>;

export const investorIdParams = z.object({
  investorId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an investor id')),
});

/**
 * GET /investors/{investorId}: everything public about one investor, for the profile page: the card
 * (which contact fields exist, never their values) and the public facts of the investor's first
 * imported record. Never an email, phone, social link, note or unclaimed source column.
 */
export const investorProfileSchema = z.extend(cartInvestorSchema, {
  otherFirms: z.array(z.string()),
  regions: z.array(z.string()),
  /** The cheque size as the source wrote it ('$250k - $1M'), when it did. */
  checkSizeText: z.nullable(z.string()),
  leadsRounds: z.nullable(z.boolean()),
  selectedInvestments: z.array(z.string()),
  portfolioCompanies: z.array(z.string()),
  updatedAt: z.string(),
});
export type InvestorProfile = z.infer<typeof investorProfileSchema>;
export const getInvestorResponse = investorProfileSchema;

export const portalIdParams = z.object({
  portalId: z.string().check(z.regex(/^[a-z0-9-]{1,63}$/i, 'Not a portal identifier')),
});

export const portalSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  urlIdentifier: z.string(),
  firm: z.object({ name: z.string(), website: z.string() }),
  fontFamily: z.nullable(z.string()),
});
export type Portal = z.infer<typeof portalSchema>;
