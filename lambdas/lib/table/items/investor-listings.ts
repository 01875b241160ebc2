import * as z from 'zod/mini';
import { entryDecisionSchema } from '../../../../shared/api/investor-review';
import { investorProfileFieldsSchema } from '../../../../shared/investors/investor-profile';
import { reminderDueAt, withdrawalSchema } from '../../../../shared/investors/listing';
import { accessPattern, defineModel, type TableKey } from '../model';
import { isoDate, userPartition } from './common';

/** Listings due a reminder to confirm (issue 21): sparse, by due time. */
const REMINDERS_DUE = 'REMINDERS_DUE';

/** The listings whose reminder is due by an instant (`gsi2`, by due time). */
export const remindersDueBy = accessPattern(
  {
    index: 'gsi2',
    params: ['now'],
    description: 'The listings due a reminder to confirm, by due time (the daily reminders)',
  },
  (now: string) => ({ partition: REMINDERS_DUE, sortAtMost: `${now}#\uffff` }),
);

export const investorListingKey = (userId: string): TableKey => ({
  pk: userPartition(userId),
  sk: 'INVESTOR_LISTING',
});

/**
 * An investor's listing in the directory (issue 21): the profile as approved (narrowed since by the
 * investor's withdrawals), the searchable investor it became, the self-submitted imported record,
 * when the investor last confirmed it, and every withdrawal. In `gsi2` (`REMINDERS_DUE`, by due time)
 * while listed and not yet reminded for its last confirmation.
 */
export const investorListingModel = defineModel(
  'investorListing',
  z.object({
    userId: z.string(),
    portalId: z.string(),
    investorId: z.string(),
    importedInvestorId: z.string(),
    /** The email the listing was mapped by (fixed at the first approval: the entry's identity). */
    identityEmail: z.string(),
    fields: investorProfileFieldsSchema,
    approvedAt: isoDate,
    approvedBy: z.string(),
    /** When the investor (or an approval of what they said) last confirmed the listing. */
    confirmedAt: isoDate,
    withdrawnAt: z.nullable(isoDate),
    withdrawals: z.array(withdrawalSchema),
    /** The `confirmedAt` the last reminder was sent for: at most one reminder per confirmation. */
    reminderFor: z.nullable(isoDate),
    reminderSentAt: z.nullable(isoDate),
    /** How the first approval chose the entry, by whom and when (issue 30; null on older listings). */
    entryDecision: z._default(z.nullable(entryDecisionSchema), null),
    /** Counts the writes: every write is conditional on the version it read. */
    version: z.int(),
  }),
  (v) => ({
    ...investorListingKey(v.userId),
    ...(v.withdrawnAt === null && v.reminderFor !== v.confirmedAt
      ? { gsi2pk: REMINDERS_DUE, gsi2sk: `${reminderDueAt(v.confirmedAt)}#${v.userId}` }
      : {}),
  }),
);
export type InvestorListing = z.infer<typeof investorListingModel.schema>;
