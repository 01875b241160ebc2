import * as z from 'zod/mini';

/** A payment no cart could take: an admin refunds it in Stripe or delivers by hand. */
export const unmatchedPaymentSchema = z.object({
  checkoutSessionId: z.string(),
  cartId: z.nullable(z.string()),
  amountX100: z.nullable(z.int()),
  currency: z.nullable(z.string()),
  customerEmail: z.nullable(z.string()),
  reason: z.string(),
  receivedAt: z.string(),
});
export type UnmatchedPaymentView = z.infer<typeof unmatchedPaymentSchema>;
