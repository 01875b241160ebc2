import * as z from 'zod/mini';
import { valueSourceSchema } from '../investors/provenance';
import {
  LIBRARY_MAX_PAGE_SIZE,
  LIBRARY_PAGE_SIZE,
  LIBRARY_SEARCH_MAX_LENGTH,
  LIBRARY_SORTS,
  SORT_DIRECTIONS,
} from '../library/library-query';
import { FREE_UPDATES_ENDED } from './error-messages';
import { pageQuery } from './paging';

export { FREE_UPDATES_ENDED };

/** GET /me: the caller's user record and profile, created on first use. */
export const meResponse = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  verifiedEmail: z.boolean(),
  type: z.nullable(z.string()),
  projects: z.array(z.string()),
  createdAt: z.string(),
  isAdmin: z.boolean(),
  /** The weekly summary of updates to bought contacts (issue 20) is on. */
  updateEmails: z._default(z.boolean(), true),
  /** The daily email of the pipeline's due next steps (issue 36) is on. */
  pipelineReminders: z._default(z.boolean(), true),
  /** The founder's pipeline dates count in investors' response times (issue 52): off by default. */
  shareResponseTimes: z._default(z.boolean(), false),
});
export type MeResponse = z.infer<typeof meResponse>;

/** A bought value that changed since it was bought (free updates, issue 20). */
export const contactUpdateSchema = z.object({
  field: z.enum(['email', 'linkedinUrl', 'phone', 'twitterUrl', 'crunchbaseUrl']),
  /** 'updated': the row's value is the new one; 'removed': the investor no longer has one. */
  status: z.enum(['updated', 'removed']),
  /** The value bought. */
  was: z.string(),
  changedAt: z.string(),
});
export type ContactUpdateResponse = z.infer<typeof contactUpdateSchema>;

/** A contact the caller bought: theirs to see in full. */
export const purchasedContactSchema = z.object({
  searchableInvestorId: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  linkedinUrl: z.nullable(z.string()),
  /** The other contact values bought (issue 20); null when never bought. */
  phone: z._default(z.nullable(z.string()), null),
  twitterUrl: z._default(z.nullable(z.string()), null),
  crunchbaseUrl: z._default(z.nullable(z.string()), null),
  /** The investor's firm (public), as the directory had it when last bought. */
  firm: z._default(z.nullable(z.string()), null),
  /** The first cart that bought it, and when. */
  cartId: z.string(),
  purchasedAt: z.string(),
  /** Every cart of the caller's that included it. */
  cartIds: z.array(z.string()),
  /** When each of those carts was paid (issue 30: each purchase counts its own 12 months). */
  purchases: z._default(z.array(z.object({ cartId: z.string(), purchasedAt: z.string() })), []),
  /**
   * The bought values that changed since (issue 20), while updates are free; the values above are
   * then the new ones (null for a removed one).
   */
  updates: z._default(z.array(contactUpdateSchema), []),
  /** When free updates of this contact end (12 months after the latest purchase of a value it holds). */
  updatesUntil: z.string(),
  /**
   * Issue 50: per value shown, where it came from and the month it was last confirmed ("From an
   * import, Jan 2026"); a value whose source is no longer known (changed after free updates ended) has
   * none.
   */
  sources: z.optional(
    z.object({
      email: z.optional(valueSourceSchema),
      linkedinUrl: z.optional(valueSourceSchema),
      phone: z.optional(valueSourceSchema),
      twitterUrl: z.optional(valueSourceSchema),
      crunchbaseUrl: z.optional(valueSourceSchema),
    }),
  ),
});
export type PurchasedContactResponse = z.infer<typeof purchasedContactSchema>;

/**
 * GET /me/contacts?q=&sort=&order=&limit=&cursor=: one page of the contact library (issue 32): the
 * contacts whose name, firm or email hold every word of `q`, by name (the default), firm or date
 * bought; `order` defaults to A–Z for names and firms and newest first for dates. Paged as every
 * list that grows (`shared/api/paging.ts`).
 */
export const libraryQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(LIBRARY_SEARCH_MAX_LENGTH))),
  sort: z._default(z.enum(LIBRARY_SORTS), 'name'),
  order: z.optional(z.enum(SORT_DIRECTIONS)),
  ...pageQuery(LIBRARY_PAGE_SIZE, LIBRARY_MAX_PAGE_SIZE),
});
export type LibraryQuery = z.input<typeof libraryQuery>;

/** A purchase the library holds (its "Download CSV again"): the cart, and when it was bought. */
export const libraryPurchaseSchema = z.object({ cartId: z.string(), purchasedAt: z.string() });

/** GET /me/contacts: one page of the contact library. */
export const contactsResponse = z.object({
  contacts: z.array(purchasedContactSchema),
  /** Every contact of the library, whatever the search. */
  total: z._default(z.int(), 0),
  /** The contacts matching the search, all pages together. */
  matching: z._default(z.int(), 0),
  /** The next page's cursor; null on the last page. */
  cursor: z._default(z.nullable(z.string()), null),
  /** Every purchase behind the library, newest first. */
  purchases: z._default(z.array(libraryPurchaseSchema), []),
});
export type ContactsResponse = z.infer<typeof contactsResponse>;

/** GET /me/contacts/{investorId}: the caller's bought values of one investor (404 when not bought). */
export const boughtContactResponse = purchasedContactSchema;

/** GET /me/bought-investors: the ids of every investor in the caller's library (marks on cards and carts). */
export const boughtInvestorsResponse = z.object({ investorIds: z.array(z.string()) });

/** The CRMs whose contact import the library's export speaks (their column names). */
export const CRM_FORMATS = ['hubspot', 'salesforce'] as const;
export type CrmFormat = (typeof CRM_FORMATS)[number];
export const CRM_FORMAT_LABELS: Readonly<Record<CrmFormat, string>> = {
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
};

/** GET /me/crm-export?format=hubspot|salesforce: the whole library as a CSV that CRM imports. */
export const crmExportQuery = z.object({
  format: z._default(z.enum(CRM_FORMATS, { error: 'format must be hubspot or salesforce' }), 'hubspot'),
});

/** A short-lived link to the CRM file, built for this request. */
export const crmExportResponse = z.object({
  url: z.string(),
  fileName: z.string(),
  /** ISO 8601: the link stops working then. */
  expiresAt: z.string(),
  /** How many contacts the file holds. */
  rowCount: z.int(),
});
export type CrmExportResponse = z.infer<typeof crmExportResponse>;

/** GET /me/purchases/{cartId}/csv: a link to download the CSV of a delivered purchase again. */
export const purchaseCsvResponse = z.object({
  url: z.string(),
  /** ISO 8601: the link stops working then. */
  expiresAt: z.string(),
});
export type PurchaseCsvResponse = z.infer<typeof purchaseCsvResponse>;

/** GET /me/purchases/{cartId}/refreshed-csv: the purchase's CSV with today's values (within 12 months). */
export const refreshedCsvResponse = z.object({
  fileName: z.string(),
  csv: z.string(),
});
export type RefreshedCsvResponse = z.infer<typeof refreshedCsvResponse>;

/** PUT /me/update-emails: turns the weekly summary of updates on or off. */
export const updateEmailsBody = z.strictObject({
  enabled: z.boolean({ error: 'Say whether the weekly update emails are on (true or false)' }),
});
export type UpdateEmailsBody = z.infer<typeof updateEmailsBody>;

/** PUT /me/pipeline-reminders: turns the daily next-step reminders of the pipeline on or off. */
export const pipelineRemindersBody = z.strictObject({ enabled: z.boolean() });
/** PUT /me/response-times: share the pipeline's dates in investors' response times (issue 52), or not. */
export const shareResponseTimesBody = z.strictObject({ enabled: z.boolean() });

/**
 * GET /me/moved-investors/{investorId}: the new id of an investor whose old id (of before issue 48)
 * the caller's own data held, so a link of theirs with the old id still finds the profile. Any other
 * id, or an old id the caller did not hold, is an ordinary 404.
 */
export const movedInvestorResponse = z.object({ id: z.string() });
export type MovedInvestorResponse = z.infer<typeof movedInvestorResponse>;
