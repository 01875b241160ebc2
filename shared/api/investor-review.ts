import * as z from 'zod/mini';
import { entryChangeSchema } from '../investors/entry-changes';
import { INVESTOR_PROFILE_STATUSES, investorProfileFieldsSchema } from '../investors/investor-profile';
import { saveInvestorProfileBody } from './investor-profile';
import { requestsPageQuery } from './investor-requests';
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
  beingApproved:
    'Another admin is approving this profile right now. Reload the queue in a minute: it will be listed, or back in the queue.',
  claimLost:
    'This approval took too long and another admin took it over. Reload the queue to see where it stands.',
  entryHeld:
    'That directory entry already belongs to another investor account: one account per entry. List this profile as a new entry, or reject it.',
  entryWithdrawn:
    'That directory entry was withdrawn from the directory. Restore it from Withdrawals first if this investor should be listed there again, or list the profile as a new entry.',
  joinGone: 'The entry to join is no longer in the directory. Reload the queue and decide again.',
  joinNotNeeded:
    "This account's verified email is already the email of a directory entry: the profile joins that entry, and no other.",
  alreadyListedAs: 'This investor is already listed as another entry: an update stays on its own entry.',
} as const;

/** GET /admin/investor-submissions?cursor=&limit=: one page of the queue, oldest submission first. */
export const submissionsQuery = requestsPageQuery;
export type SubmissionsQuery = z.input<typeof submissionsQuery>;

export const REJECTION_REASON_MAX_LENGTH = 1000;

export const submissionParams = z.strictObject({
  userId: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/, 'Not a user id')),
});

const updatedAt = z
  .string()
  .check(singleLine(), z.minLength(1, 'Give the updatedAt of the version you reviewed.'));

/**
 * POST /admin/investor-submissions/{userId}/approve: the version reviewed, the admin's edits if any,
 * and the admin's decision to join an existing entry (`joinInvestorId`; absent or null: a new entry,
 * unless the account's verified email is already an entry's email, which it then joins).
 */
export const approveSubmissionBody = z.strictObject({
  updatedAt,
  changes: z.optional(saveInvestorProfileBody),
  joinInvestorId: z.optional(
    z.nullable(
      z
        .string()
        .check(singleLine(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'joinInvestorId is not an investor id')),
    ),
  ),
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

/**
 * How an approval decides which directory entry a profile becomes (docs/decisions.md, "Investor
 * identity and removal"): `listed` its own listing's entry (an update); `verifiedEmail` the entry whose
 * email is the account's verified email; `adminJoin` an entry an admin chose to join; `newEntry` an
 * entry of its own.
 */
export const ENTRY_DECISIONS = ['verifiedEmail', 'adminJoin', 'newEntry'] as const;
export const entryDecisionSchema = z.object({
  how: z.enum(ENTRY_DECISIONS),
  investorId: z.string(),
  decidedBy: z.string(),
  decidedAt: z.string(),
});
export type EntryDecision = z.infer<typeof entryDecisionSchema>;

/** A directory entry as the review shows it beside a profile. */
export const reviewEntrySchema = z.object({
  investorId: z.string(),
  name: z.string(),
  firmName: z.nullable(z.string()),
  /** Where its data came from: import sources, "admin correction", "investor". */
  sources: z.array(z.string()),
  /** How many founders bought it (their libraries would see an approval's changes as updates). */
  buyers: z.int(),
  /** Held by another investor account's listing: it cannot be joined. */
  heldByAnotherAccount: z.boolean(),
  withdrawn: z.boolean(),
});
export type ReviewEntry = z.infer<typeof reviewEntrySchema>;

/**
 * The entry a profile would become or join: `listed` (an update of its listing), `verifiedEmail` (the
 * account's verified email is the entry's: it joins), `possible` (an entry that may be the same person,
 * found by the contact email or by name and firm: it joins only if an admin decides so), `new`.
 */
export const ENTRY_MATCH_KINDS = ['listed', 'verifiedEmail', 'possible', 'new'] as const;
export const entryMatchSchema = z.object({
  kind: z.enum(ENTRY_MATCH_KINDS),
  /** How a possible match was found. */
  foundBy: z.nullable(z.enum(['contactEmail', 'nameAndFirm'])),
  entry: z.nullable(reviewEntrySchema),
  /** What founders would see differently in that entry after the approval (joining it, for `possible`). */
  changes: z.array(entryChangeSchema),
});
export type EntryMatch = z.infer<typeof entryMatchSchema>;

/** An approval under way: who claimed it and when (a claim older than 5 minutes has lapsed). */
export const approvalClaimSchema = z.object({ by: z.string(), at: z.string(), lapsed: z.boolean() });

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
  listed: z.nullable(
    z.object({
      investorId: z.string(),
      profile: investorProfileFieldsSchema,
      decision: z.nullable(entryDecisionSchema),
    }),
  ),
  /** While an approval is under way (status `approving`). */
  claim: z.nullable(approvalClaimSchema),
  /** Which entry the approval would list it as, and what would change there. */
  match: entryMatchSchema,
});
export type InvestorSubmission = z.infer<typeof investorSubmissionSchema>;

export const investorSubmissionsResponse = z.object({
  submissions: z.array(investorSubmissionSchema),
  cursor: z.nullable(z.string()),
});
export type InvestorSubmissionsResponse = z.infer<typeof investorSubmissionsResponse>;

export const reviewDecisionResponse = z.object({
  submission: investorSubmissionSchema,
  /** The searchable investor an approval listed the profile as. */
  investorId: z.nullable(z.string()),
  /** Whether the investor was emailed the decision (false: write to them yourself). */
  emailed: z.nullable(z.boolean()),
});
export type ReviewDecisionResponse = z.infer<typeof reviewDecisionResponse>;
