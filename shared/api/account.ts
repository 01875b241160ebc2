import * as z from 'zod/mini';

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
});
export type PurchasedContactResponse = z.infer<typeof purchasedContactSchema>;

/** GET /me/contacts: the contact library. */
export const contactsResponse = z.object({ contacts: z.array(purchasedContactSchema) });

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

/** The message when free updates of a purchase ended. */
export const FREE_UPDATES_ENDED = 'Free updates of this purchase ended 12 months after it was bought.';

/** PUT /me/update-emails: turns the weekly summary of updates on or off. */
export const updateEmailsBody = z.strictObject({
  enabled: z.boolean({ error: 'Say whether the weekly update emails are on (true or false)' }),
});
export type UpdateEmailsBody = z.infer<typeof updateEmailsBody>;
