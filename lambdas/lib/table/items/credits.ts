import * as z from 'zod/mini';
import { CREDIT_KINDS } from '../../../../shared/api/credits';
import { CONTACT_KINDS } from '../../../../shared/investors/provenance';
import { accessPattern, defineModel } from '../model';
import { isoDate, userPartition } from './common';

/**
 * A founder's bounce credits (issue 20): the balance, kept exact by the transactions that grant one
 * (with a report's resolution) and spend one (with the redemption and its cart).
 */
export const creditBalanceModel = defineModel(
  'creditBalance',
  z.object({
    userId: z.string(),
    balance: z.int().check(z.nonnegative()),
    granted: z.int().check(z.nonnegative()),
    redeemed: z.int().check(z.nonnegative()),
  }),
  (v) => ({ pk: userPartition(v.userId), sk: 'CREDITS' }),
);
export type CreditBalance = z.infer<typeof creditBalanceModel.schema>;

/**
 * One line of a founder's credit history. Keyed by what makes it happen once: a grant by its report
 * (`CREDIT#GRANT#<reportId>`), a redemption by its investor (`CREDIT#REDEEM#<investorId>`: an
 * investor already in the library cannot be redeemed again), a contact a paid cart could not deliver
 * by its cart and investor (`CREDIT#GRANT#CART#<cartId>#<investorId>`).
 */
export const creditEntryModel = defineModel(
  'creditEntry',
  z.object({
    userId: z.string(),
    kind: z.enum(CREDIT_KINDS),
    at: isoDate,
    investorId: z.string(),
    investorName: z.string(),
    reportId: z.nullable(z.string()),
    cartId: z.nullable(z.string()),
  }),
  (v) => ({
    pk: userPartition(v.userId),
    sk:
      v.kind === 'granted'
        ? `CREDIT#GRANT#${v.reportId ?? ''}`
        : v.kind === 'undelivered'
          ? `CREDIT#GRANT#CART#${v.cartId ?? ''}#${v.investorId}`
          : `CREDIT#REDEEM#${v.investorId}`,
  }),
);
export type CreditEntry = z.infer<typeof creditEntryModel.schema>;

/** A founder's credit history: grants and redemptions (one Query of their partition). */
export const creditEntriesOf = accessPattern(
  { index: 'table', params: ['userId'], description: "A founder's credit history" },
  (userId: string) => ({ partition: userPartition(userId), sortPrefix: 'CREDIT#' }),
);

/**
 * A bounce credit granted for one purchase of one contact kind of one investor (issue 30): written,
 * conditional on its absence, in the transaction of the grant, so a second report of the same
 * bounced value (however it is resolved) grants nothing more.
 */
export const bounceCreditGuardModel = defineModel(
  'bounceCreditGuard',
  z.object({
    userId: z.string(),
    /** The cart whose purchase gave the reporter the value that bounced. */
    cartId: z.string(),
    investorId: z.string(),
    kind: z.enum(CONTACT_KINDS),
    /** The report whose resolution granted it. */
    reportId: z.string(),
  }),
  (v) => ({ pk: userPartition(v.userId), sk: `BOUNCE_CREDIT#${v.cartId}#${v.investorId}#${v.kind}` }),
);
export type BounceCreditGuard = z.infer<typeof bounceCreditGuardModel.schema>;
