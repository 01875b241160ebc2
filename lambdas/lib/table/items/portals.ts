import * as z from 'zod/mini';
import { entryDecisionSchema } from '../../../../shared/api/investor-review';
import {
  INVESTOR_PROFILE_STATUSES,
  investorProfileFieldsSchema,
  profileReviewSchema,
} from '../../../../shared/investors/investor-profile';
import { reminderDueAt, withdrawalSchema } from '../../../../shared/investors/listing';
import { accessPattern, defineModel, type TableKey } from '../model';
import { isoDate, userPartition } from './common';

const PORTALS = 'PORTALS';
export const portalKey = (urlIdentifier: string): TableKey => ({
  pk: `PORTAL#${urlIdentifier}`,
  sk: 'PORTAL',
});

/** A partner firm's branded onboarding page, chosen by the first label of the host name. */
export const investorPortalModel = defineModel(
  'investorPortal',
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    urlIdentifier: z.string(),
    createdAt: isoDate,
    updatedAt: isoDate,
    createdBy: z.string(),
    firm: z.object({ name: z.string(), website: z.string() }),
    fontFamily: z.nullable(z.string()),
  }),
  (v) => ({ ...portalKey(v.urlIdentifier), gsi1pk: PORTALS, gsi1sk: v.urlIdentifier }),
);

/** Every portal, by subdomain (`gsi1`). */
export const portals = accessPattern(
  { index: 'gsi1', params: [], description: 'The portals (a handful)' },
  () => ({ partition: PORTALS }),
);
export type InvestorPortal = z.infer<typeof investorPortalModel.schema>;

/** The admins' review queue (issue 21, second part): submitted profiles, oldest first. */
const INVESTOR_SUBMISSIONS = 'INVESTOR_SUBMISSIONS';

/** The admins' review queue: submitted profiles and approvals under way, by submission (`gsi1`). */
export const submittedInvestorProfiles = accessPattern(
  { index: 'gsi1', params: [], description: "Investors' submitted profiles awaiting review (oldest first)" },
  () => ({ partition: INVESTOR_SUBMISSIONS }),
);

export const investorProfileKey = (userId: string): TableKey => ({
  pk: userPartition(userId),
  sk: 'INVESTOR_PROFILE',
});

/**
 * The profile an investor keeps of themselves: a draft, then submitted for review. Only while
 * submitted (or being approved) is it in the review queue (`gsi1`, sparse).
 */
export const investorProfileModel = defineModel(
  'investorProfile',
  z.object({
    ...investorProfileFieldsSchema.shape,
    userId: z.string(),
    /** The account's email: where the review's answer goes. */
    accountEmail: z.string(),
    portalId: z.string(),
    status: z.enum(INVESTOR_PROFILE_STATUSES),
    createdAt: isoDate,
    updatedAt: isoDate,
    submittedAt: z.nullable(isoDate),
    /** The last review's decision (absent on profiles saved before reviews). */
    review: z.optional(z.nullable(profileReviewSchema)),
    /**
     * While an approval is under way (`approving`): its claim, a lease (issue 30). A failed approval
     * gives it back (`submitted`); one older than 5 minutes has lapsed and may be taken over.
     */
    claim: z.optional(z.nullable(z.object({ id: z.string(), by: z.string(), at: isoDate }))),
  }),
  (v) => ({
    ...investorProfileKey(v.userId),
    // In the queue while waiting and while an approval is under way (shown as such).
    ...((v.status === 'submitted' || v.status === 'approving') && v.submittedAt
      ? { gsi1pk: INVESTOR_SUBMISSIONS, gsi1sk: `${v.submittedAt}#${v.userId}` }
      : {}),
  }),
);
export type InvestorProfileItem = z.infer<typeof investorProfileModel.schema>;

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
