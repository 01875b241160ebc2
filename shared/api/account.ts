import * as z from 'zod';

/** GET /me: the caller's user record and profile, created on first use. */
export const meResponse = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  verifiedEmail: z.boolean(),
  type: z.string().nullable(),
  projects: z.array(z.string()),
  createdAt: z.string(),
  isAdmin: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponse>;

/** A contact the caller bought: theirs to see in full. */
export const purchasedContactSchema = z.object({
  searchableInvestorId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  cartId: z.string(),
  purchasedAt: z.string(),
});
export type PurchasedContactResponse = z.infer<typeof purchasedContactSchema>;

/** GET /me/contacts: the contact library. */
export const contactsResponse = z.object({ contacts: z.array(purchasedContactSchema) });
