import * as z from 'zod/mini';
import { CART_STATUSES } from '../cart/cart';
import { PURCHASE_STATES } from '../cart/purchase-state';
import { type UnmatchedPaymentView, unmatchedPaymentSchema } from '../cart/unmatched-payment';
import { fieldMergerActionSchema, mergeableFieldSchema } from '../curation/field-merger';
import { CURATION_JOB_STATUSES, type CurationJob, curationJobSchema } from '../curation/job';
import { curationRuleSchema } from '../curation/rules';
import { profileSheetSchema } from '../investors/profile-facts';
import { contactSheetSchema } from '../investors/provenance';
import { importedInvestorSchema, searchableInvestorSchema } from '../investors/types';
import { profileFactFields, thesisField, websiteField } from './investor-profile';
import { pageQuery } from './paging';
import { singleLine } from './text';

export {
  CURATION_JOB_STATUSES,
  type CurationJob,
  curationJobSchema,
  type UnmatchedPaymentView,
  unmatchedPaymentSchema,
};

/** GET /admin/imported-investors?email=…: the mapping debugger's lookup by email. */
export const importedInvestorByEmailQuery = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
});

export const importedInvestorIdParams = z.object({
  importedInvestorId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an imported investor id')),
});

/**
 * The imported record, the searchable entry it is linked to (null until mapped) and that entry's
 * contact sheet: each value with its source and dates (issue 20; admins only).
 */
export const mappingDebugResponse = z.object({
  importedInvestor: importedInvestorSchema,
  searchableInvestor: z.nullable(searchableInvestorSchema),
  contacts: z._default(z.nullable(contactSheetSchema), null),
  /** The entry's profile facts with their sources and dates (issue 33; admins only). */
  profile: z._default(z.nullable(profileSheetSchema), null),
});

const correctedText = (max: number) =>
  z.string().check(singleLine(), z.trim(), z.minLength(1), z.maxLength(max));
const correctedLink = (field: string) =>
  z
    .url({ protocol: /^https?$/, error: `${field} must be a web address starting with https:// or http://` })
    .check(singleLine());

/** Not in the spec: the answer to a phone number that is not one. */
export const PHONE_MESSAGE = 'phone must be a phone number: digits, spaces and + ( ) - . /';

/**
 * PUT /admin/investors/{investorId}/contacts: an admin's corrections (issue 20). Each field given is
 * set or confirmed (a value) or removed (null) with source 'admin correction'; fields left out stay.
 */
export const contactCorrectionBody = z
  .strictObject({
    email: z.optional(z.nullable(z.email().check(singleLine(), z.maxLength(320)))),
    phone: z.optional(
      z.nullable(
        correctedText(50).check(z.regex(/^\+?[\d\s().\-/]*\d[\d\s().\-/]*$/, { error: PHONE_MESSAGE })),
      ),
    ),
    linkedin: z.optional(z.nullable(correctedLink('linkedin').check(z.maxLength(500)))),
    twitter: z.optional(z.nullable(correctedLink('twitter').check(z.maxLength(500)))),
    crunchbase: z.optional(z.nullable(correctedLink('crunchbase').check(z.maxLength(500)))),
  })
  .check(
    z.refine((body) => Object.keys(body).length > 0, {
      error: 'Give at least one contact field to correct.',
    }),
  );
export type ContactCorrectionBody = z.input<typeof contactCorrectionBody>;

/**
 * PUT /admin/investors/{investorId}/profile: an admin's edit of the profile facts (issue 33). Each
 * fact given is set (a value) or removed (null, or blank) as the admin's; facts left out stay. The
 * sizes are the portal's: thesis ≤ 2,000 characters, ≤ 20 places, ≤ 50 portfolio companies, ≤ 20
 * recent investments.
 */
export const profileEditBody = z
  .strictObject({
    thesis: z.optional(z.nullable(thesisField())),
    website: z.optional(z.nullable(websiteField())),
    leadOrFollow: z.optional(profileFactFields.leadOrFollow),
    typicalCheque: z.optional(profileFactFields.typicalCheque),
    geographicFocus: z.optional(z.nullable(profileFactFields.geographicFocus)),
    portfolio: z.optional(z.nullable(profileFactFields.portfolio)),
    recentInvestments: z.optional(z.nullable(profileFactFields.recentInvestments)),
    fundSize: z.optional(profileFactFields.fundSize),
    vintage: z.optional(profileFactFields.vintage),
  })
  .check(
    z.refine((body) => Object.values(body).some((value) => value !== undefined), {
      error: 'Give at least one profile field to change.',
    }),
  );
export type ProfileEditBody = z.input<typeof profileEditBody>;

/** The edited profile sheet, the sheet before, and the searchable investor as now written. */
export const profileEditResponse = z.object({
  previous: profileSheetSchema,
  profile: profileSheetSchema,
  searchableInvestor: searchableInvestorSchema,
});
export type ProfileEditResponse = z.infer<typeof profileEditResponse>;

/** The corrected sheet and the searchable investor as now written. */
export const contactCorrectionResponse = z.object({
  contacts: contactSheetSchema,
  searchableInvestor: searchableInvestorSchema,
});
export type ContactCorrectionResponse = z.infer<typeof contactCorrectionResponse>;
export type MappingDebugResponse = z.infer<typeof mappingDebugResponse>;

/** POST /admin/field-merger: merge, remove or split values of Sector Focus or Stage Focus. */
export const fieldMergerBody = z.strictObject({
  action: fieldMergerActionSchema,
  field: mergeableFieldSchema,
  selectedValues: z.array(z.string().check(singleLine(), z.maxLength(200))).check(z.maxLength(50)),
  freeFormValue: z.optional(z.nullable(z.string().check(singleLine(), z.maxLength(200)))),
  finalValue: z.optional(z.nullable(z.string().check(singleLine(), z.maxLength(1000)))),
});
export type FieldMergerBody = z.infer<typeof fieldMergerBody>;

/** POST /admin/field-merger: 202 with the run started and how many rules were recorded. */
export const fieldMergerResponse = z.object({ job: curationJobSchema, rules: z.int() });

/** GET /admin/field-merger/jobs/{jobId}: the run as it goes. */
export const curationJobParams = z.object({
  jobId: z.string().check(z.regex(/^cur_[a-z0-9]{1,40}$/, 'Not a field-merger run id')),
});
export const curationJobResponse = z.object({ job: curationJobSchema });

/** GET /admin/curation-rules: every rule of both fields, newest first. */
export const curationRulesResponse = z.object({ rules: z.array(curationRuleSchema) });

/** DELETE /admin/curation-rules?field=&value=: undoes one rule. */
export const curationRuleQuery = z.object({
  field: mergeableFieldSchema,
  value: z.string().check(z.trim(), z.minLength(1), z.maxLength(1000)),
});
export const deleteCurationRuleResponse = z.object({ deleted: z.literal(true) });
export type FieldMergerResponse = z.infer<typeof fieldMergerResponse>;

/**
 * GET /admin/debug-field?targetField=…&value=…: the names holding `value` (the debug page's first
 * selected value, sent whole: a value may contain commas).
 */
export const debugFieldQuery = z.object({
  targetField: mergeableFieldSchema,
  value: z.string().check(z.maxLength(200)),
});

export const debugFieldResponse = z.object({
  field: mergeableFieldSchema,
  value: z.string(),
  investors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type DebugFieldResponse = z.infer<typeof debugFieldResponse>;

/** The function runner's three functions. */
export const ADMIN_FUNCTION_NAMES = ['processUnmapped', 'processAll', 'aggregate'] as const;
export const adminFunctionParams = z.object({ functionName: z.enum(ADMIN_FUNCTION_NAMES) });
export const runFunctionResponse = z.object({
  functionName: z.enum(ADMIN_FUNCTION_NAMES),
  executionArn: z.string(),
});
export type RunFunctionResponse = z.infer<typeof runFunctionResponse>;

/** Admin lists that grow with users are paged (issue 30): the spec's 50 a page, 100 at most. */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** GET /admin/carts?cursor=&limit= and GET /admin/unmatched-payments?cursor=&limit=: one page. */
export const adminPageQuery = z.object(pageQuery(ADMIN_PAGE_SIZE, ADMIN_MAX_PAGE_SIZE));

/** GET /admin/carts: a page of carts, newest first, with each creator's email. */
export const adminCartSchema = z.object({
  id: z.string(),
  creatorUserId: z.string(),
  creatorEmail: z.nullable(z.string()),
  startedDate: z.int(),
  status: z.enum(CART_STATUSES),
  itemCount: z.int(),
  totalX100: z.int(),
  purchasedAt: z.nullable(z.string()),
  flaggedReason: z.nullable(z.string()),
  /**
   * Where the purchase is; 'delayed' (a delivery step failed) and 'stuck' (paid, but no delivery
   * running or finished after a few minutes) offer Redeliver.
   */
  purchaseState: z.enum(PURCHASE_STATES),
  /** Why the last delivery attempt failed, while it is not delivered. */
  deliveryFailure: z.nullable(z.string()),
  /** Contacts the delivery could not deliver (no longer in the directory), each credited to the buyer. */
  undeliveredCredited: z.int(),
});

/** GET /admin/carts: a page of carts, and the cursor of the next page (null at the end). */
export const adminCartsResponse = z.object({
  carts: z.array(adminCartSchema),
  cursor: z.nullable(z.string()),
});
export type AdminCartsResponse = z.infer<typeof adminCartsResponse>;

/** GET /admin/unmatched-payments: a page of unmatched payments, newest first, and the next cursor. */
export const unmatchedPaymentsResponse = z.object({
  payments: z.array(unmatchedPaymentSchema),
  cursor: z.nullable(z.string()),
});
export type UnmatchedPaymentsResponse = z.infer<typeof unmatchedPaymentsResponse>;

/** POST /admin/carts/{cartId}/redeliver: a new delivery execution of a purchased cart. */
export const redeliverResponse = z.object({ cartId: z.string(), executionArn: z.string() });
