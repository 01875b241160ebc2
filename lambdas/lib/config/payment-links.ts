import * as z from 'zod/mini';
import { readSection } from './section';

/** One hosted payment link per price tier, configured, never hard-coded. */
export const paymentLinksConfig = /* @__PURE__ */ readSection('payment links', () =>
  z.object({
    PAYMENT_LINK_TIER_50: z.url(),
    PAYMENT_LINK_TIER_250: z.url(),
    PAYMENT_LINK_TIER_1000: z.url(),
    PAYMENT_LINK_TIER_2500: z.url(),
  }),
);
