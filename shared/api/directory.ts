import * as z from 'zod';
import { cartInvestorSchema } from '../cart/cart';

/**
 * The API contract of the directory: one zod schema per request and response. Handlers validate
 * with them; the web client takes its types from them.
 */

export const weightedTagSchema = z.object({
  tagKey: z.string(),
  count: z.number().int(),
  variants: z.array(z.string()),
});

export const directoryMetadataSchema = z.object({
  id: z.string(),
  stageFocus: z.array(z.string()),
  sectorFocus: z.array(z.string()),
  stageFocusWeighted: z.array(weightedTagSchema),
  sectorFocusWeighted: z.array(weightedTagSchema),
  totalInvestors: z.number().int(),
  totalInvestorsWithEmail: z.number().int(),
  totalInvestorsWithPhone: z.number().int(),
  totalInvestorsWithLinkedIn: z.number().int(),
  totalInvestorsWithTwitter: z.number().int(),
  totalInvestorsWithCrunchbase: z.number().int(),
  countsByRole: z.record(z.string(), z.number().int()),
  createdAt: z.string(),
});
export type DirectoryMetadataResponse = z.infer<typeof directoryMetadataSchema>;

/** GET /directory/metadata: the latest record, or null before the first aggregation. */
export const getDirectoryMetadataResponse = directoryMetadataSchema.nullable();

/** GET /directory/role-counts: the number of searchable investors of each of the 8 roles. */
export const roleCountsResponse = z.object({ counts: z.record(z.string(), z.number().int()) });
export type RoleCountsResponse = z.infer<typeof roleCountsResponse>;

export const SEARCH_PAGE_SIZE = 50;
export const SEARCH_MAX_PAGE_SIZE = 100;

const tagValue = z.string().trim().min(1).max(200);

/** GET /investors?stageFocus=…|sectorFocus=…&cursor=…&limit=…: exactly one of the two tags. */
export const searchInvestorsQuery = z
  .object({
    stageFocus: tagValue.optional(),
    sectorFocus: tagValue.optional(),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
  })
  .refine((q) => (q.stageFocus === undefined) !== (q.sectorFocus === undefined), {
    message: 'Give exactly one of stageFocus or sectorFocus',
    path: ['stageFocus'],
  });
export type SearchInvestorsQuery = z.input<typeof searchInvestorsQuery>;

export const searchInvestorsResponse = z.object({
  items: z.array(cartInvestorSchema),
  total: z.number().int(),
  cursor: z.string().nullable(),
});
export type SearchInvestorsResponse = z.infer<typeof searchInvestorsResponse>;

export const investorIdParams = z.object({
  investorId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an investor id'),
});

/** GET /investors/{investorId}: the public card (no contact details). */
export const getInvestorResponse = cartInvestorSchema;

export const portalIdParams = z.object({
  portalId: z.string().regex(/^[a-z0-9-]{1,63}$/i, 'Not a portal identifier'),
});

export const portalSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  urlIdentifier: z.string(),
  firm: z.object({ name: z.string(), website: z.string() }),
  fontFamily: z.string().nullable(),
});
export type Portal = z.infer<typeof portalSchema>;
