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
});
export type MeResponse = z.infer<typeof meResponse>;

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
