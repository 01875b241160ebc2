import * as z from 'zod/mini';
import { INVESTOR_PROFILE_STATUSES, investorProfileFieldsSchema } from '../investors/investor-profile';
import { saveInvestorProfileBody } from './investor-profile';
import { multiLine, singleLine } from './text';

/**
 * The API contract of the admins' review of investor profiles (issue 21): the queue of submitted
 * profiles, approve (optionally with the admin's edits) and reject with a reason emailed to the
 * investor. A decision names the version it was made on (`updatedAt`).
 */

export const investorReviewMessages = {
  notFound: 'No investor profile of this account.',
  alreadyDecided: 'This submission has already been decided: it is no longer waiting for review.',
  changedSinceRead:
    'The investor changed this profile after you opened it. Reload the queue and review the new version.',
  reasonRequired: 'Give the investor a reason (at most 1000 characters).',
} as const;

export const REJECTION_REASON_MAX_LENGTH = 1000;

export const submissionParams = z.strictObject({
  userId: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/, 'Not a user id')),
});

const updatedAt = z
  .string()
  .check(singleLine(), z.minLength(1, 'Give the updatedAt of the version you reviewed.'));

/** POST /admin/investor-submissions/{userId}/approve: the version reviewed, and the admin's edits if any. */
export const approveSubmissionBody = z.strictObject({
  updatedAt,
  changes: z.optional(saveInvestorProfileBody),
});
export type ApproveSubmissionBody = z.input<typeof approveSubmissionBody>;

/** POST /admin/investor-submissions/{userId}/reject: the version reviewed and the reason for the investor. */
export const rejectSubmissionBody = z.strictObject({
  updatedAt,
  reason: multiLine(
    z
      .string(investorReviewMessages.reasonRequired)
      .check(
        z.trim(),
        z.minLength(1, investorReviewMessages.reasonRequired),
        z.maxLength(REJECTION_REASON_MAX_LENGTH, investorReviewMessages.reasonRequired),
      ),
  ),
});
export type RejectSubmissionBody = z.input<typeof rejectSubmissionBody>;

/** One profile in the queue, as admins see it (contact values included: admins review them). */
export const investorSubmissionSchema = z.object({
  userId: z.string(),
  accountEmail: z.string(),
  portalId: z.string(),
  portalName: z.string(),
  status: z.enum(INVESTOR_PROFILE_STATUSES),
  submittedAt: z.nullable(z.string()),
  updatedAt: z.string(),
  profile: investorProfileFieldsSchema,
  /** What founders see now, for an update of a listed profile; null for a first submission. */
  listed: z.nullable(z.object({ investorId: z.string(), profile: investorProfileFieldsSchema })),
});
export type InvestorSubmission = z.infer<typeof investorSubmissionSchema>;

export const investorSubmissionsResponse = z.object({ submissions: z.array(investorSubmissionSchema) });
export type InvestorSubmissionsResponse = z.infer<typeof investorSubmissionsResponse>;

export const reviewDecisionResponse = z.object({
  submission: investorSubmissionSchema,
  /** The searchable investor an approval listed the profile as. */
  investorId: z.nullable(z.string()),
  /** A rejection: whether the reason was emailed (false: write to the investor yourself). */
  emailed: z.nullable(z.boolean()),
});
export type ReviewDecisionResponse = z.infer<typeof reviewDecisionResponse>;
