import * as z from 'zod/mini';
import {
  INVESTOR_PROFILE_STATUSES,
  investorProfileFieldsSchema,
  profileReviewSchema,
} from '../../../../shared/investors/investor-profile';
import { accessPattern, defineModel, type TableKey } from '../model';
import { isoDate, userPartition } from './common';

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
