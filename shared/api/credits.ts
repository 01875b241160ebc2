import * as z from 'zod/mini';
import { singleLine } from './text';

/**
 * Bounce credits (issue 20): the founder's balance and history, and the redemption of one credit for
 * one investor's contact, delivered like a purchase. No response names another founder.
 */

export const CREDIT_KINDS = ['granted', 'redeemed', 'undelivered'] as const;

/**
 * One line of the history: a credit granted for a report, redeemed for an investor, or given for a
 * contact a paid cart could not deliver (its investor no longer in the directory).
 */
export const creditEntrySchema = z.object({
  kind: z.enum(CREDIT_KINDS),
  at: z.string(),
  investorId: z.string(),
  investorName: z.string(),
  /** The report that earned the credit (granted only). */
  reportId: z.nullable(z.string()),
  /**
   * The delivery of the redeemed contact, a purchase of its own (redeemed); the paid cart that could
   * not deliver the investor's contact (undelivered).
   */
  cartId: z.nullable(z.string()),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** GET /me/credits: newest first. */
export const creditsResponse = z.object({
  balance: z.int().check(z.nonnegative()),
  entries: z.array(creditEntrySchema),
});
export type CreditsResponse = z.infer<typeof creditsResponse>;

/** POST /me/credits/redemptions. */
export const redeemCreditBody = z.strictObject({
  investorId: z
    .string()
    .check(singleLine(), z.minLength(1, { error: 'Choose an investor.' }), z.maxLength(200)),
});
export type RedeemCreditBody = z.infer<typeof redeemCreditBody>;

export const redeemCreditResponse = z.object({ redemption: creditEntrySchema, balance: z.int() });
export type RedeemCreditResponse = z.infer<typeof redeemCreditResponse>;

export const USE_A_CREDIT = 'Use a credit';
/** 409: no credit left (nothing spent). */
export const NO_CREDITS = 'You have no credits to use.';
/** 409: the investor is already in the library (the credit is not spent). */
export const ALREADY_IN_LIBRARY =
  'This investor is already in your Contact Library: your credit was not used.';
/** 404: an unknown or withdrawn investor (the credit is not spent). */
export const CREDIT_INVESTOR_NOT_FOUND = 'Investor not found: your credit was not used.';
