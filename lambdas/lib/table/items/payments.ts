import type * as z from 'zod/mini';
import { unmatchedPaymentSchema } from '../../../../shared/cart/unmatched-payment';
import { accessPattern, defineModel, type TableKey } from '../model';

/**
 * A payment that could not be matched to a cart it pays for (no or an unknown cart reference, or a
 * second payment for a purchased cart): kept for an admin to refund or deliver by hand.
 */
const UNMATCHED_PAYMENTS = 'UNMATCHED_PAYMENTS';
export const unmatchedPaymentKey = (checkoutSessionId: string): TableKey => ({
  pk: `PAYMENT#${checkoutSessionId}`,
  sk: 'UNMATCHED',
});
export const unmatchedPaymentModel = defineModel(
  'unmatchedPayment',
  // The item is what the admin carts page shows (shared/api/admin.ts).
  unmatchedPaymentSchema,
  (v) => ({
    ...unmatchedPaymentKey(v.checkoutSessionId),
    gsi1pk: UNMATCHED_PAYMENTS,
    gsi1sk: `${v.receivedAt}#${v.checkoutSessionId}`,
  }),
);

/** The payments no cart could take, by arrival (`gsi1`; read newest first). */
export const unmatchedPayments = accessPattern(
  { index: 'gsi1', params: [], description: 'The payments no cart could take (newest first)' },
  () => ({ partition: UNMATCHED_PAYMENTS }),
);
export type UnmatchedPayment = z.infer<typeof unmatchedPaymentModel.schema>;
