import * as z from 'zod/mini';
import { readSection } from './section';

const linkId = () => z.string().check(z.regex(/^plink_\w+$/, 'a Payment Link id, plink_...'));

/** The id (`plink_...`) of each tier's Payment Link: a payment must come from its cart's tier's link. */
export const paymentLinkIdsConfig = /* @__PURE__ */ readSection('payment link ids', () =>
  z.object({
    PAYMENT_LINK_ID_TIER_50: linkId(),
    PAYMENT_LINK_ID_TIER_250: linkId(),
    PAYMENT_LINK_ID_TIER_1000: linkId(),
    PAYMENT_LINK_ID_TIER_2500: linkId(),
  }),
);
