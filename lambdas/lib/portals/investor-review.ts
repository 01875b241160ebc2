import type { InvestorProfileChanges } from '../../../shared/api/investor-profile';
import {
  type InvestorSubmission,
  investorReviewMessages as messages,
  type ReviewDecisionResponse,
} from '../../../shared/api/investor-review';
import {
  type InvestorProfileFields,
  investorProfileFieldsSchema,
  submissionProblems,
} from '../../../shared/investors/investor-profile';
import { sendEmail } from '../email';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { logger } from '../observability/logger';
import type { InvestorProfileItem } from '../table/models';
import {
  getInvestorProfile,
  listSubmittedInvestorProfiles,
  putInvestorProfile,
} from '../table/repositories/investor-accounts';
import { getInvestorListing } from '../table/repositories/investor-listings';
import { getPortal } from '../table/repositories/portals';
import { publishListing } from './listing';

/**
 * The admins' review of submitted investor profiles (issue 21): the queue, approve (optionally with
 * the admin's edits) and reject with a reason emailed to the investor. A decision is made once (a
 * second one is 409) and only on the version the admin read (`updatedAt`): an investor's change made
 * meanwhile is never approved or rejected unseen (409, reload). An approval first claims the profile
 * ('approving': the investor's saves wait), then lists it, then marks it approved, so a crash
 * part-way is finished by approving again.
 */

/** A write time strictly after the stored one, so the version check always sees a change. */
const after = (now: Date, previous: string) => {
  const at = now.toISOString();
  return at <= previous ? new Date(Date.parse(previous) + 1).toISOString() : at;
};

async function submissionOf(profile: InvestorProfileItem): Promise<InvestorSubmission> {
  const [portal, listing] = await Promise.all([
    getPortal(profile.portalId),
    getInvestorListing(profile.userId),
  ]);
  return {
    userId: profile.userId,
    accountEmail: profile.accountEmail,
    portalId: profile.portalId,
    portalName: portal?.name ?? profile.portalId,
    status: profile.status,
    submittedAt: profile.submittedAt,
    updatedAt: profile.updatedAt,
    profile: investorProfileFieldsSchema.parse(profile),
    listed:
      listing && !listing.withdrawnAt ? { investorId: listing.investorId, profile: listing.fields } : null,
  };
}

/** GET /admin/investor-submissions: the queue, oldest submission first, with what is listed now. */
export async function listSubmissions(): Promise<InvestorSubmission[]> {
  return Promise.all((await listSubmittedInvestorProfiles()).map(submissionOf));
}

async function submittedProfile(userId: string): Promise<InvestorProfileItem> {
  const profile = await getInvestorProfile(userId);
  if (!profile) throw new NotFoundError(messages.notFound);
  return profile;
}

/** The decided version must be the one the admin read, still waiting for review. */
function checkUndecided(profile: InvestorProfileItem, readUpdatedAt: string) {
  if (profile.status !== 'submitted') throw new ConflictError(messages.alreadyDecided);
  if (profile.updatedAt !== readUpdatedAt) throw new ConflictError(messages.changedSinceRead);
}

/** Test seam: runs between the claim and the listing (a crash there is what the retry test injects). */
export interface ApprovalFaults {
  afterClaim?: () => Promise<void>;
}

/**
 * POST /admin/investor-submissions/{userId}/approve. With `changes`, the admin's edits are made first
 * (checked as the investor's would be). A profile left 'approving' by a failed approval is finished.
 */
export async function approveSubmission(
  userId: string,
  body: { updatedAt: string; changes?: InvestorProfileChanges | undefined },
  adminUserId: string,
  now: Date,
  faults: ApprovalFaults = {},
): Promise<ReviewDecisionResponse> {
  let claimed = await submittedProfile(userId);
  if (claimed.status !== 'approving') {
    checkUndecided(claimed, body.updatedAt);
    const defined = Object.fromEntries(
      Object.entries(body.changes ?? {}).filter(([, value]) => value !== undefined),
    );
    const fields: InvestorProfileFields = { ...investorProfileFieldsSchema.parse(claimed), ...defined };
    const problem = submissionProblems(fields)[0];
    if (problem) throw new BadRequestError(problem);
    const claim: InvestorProfileItem = {
      ...claimed,
      ...fields,
      status: 'approving',
      updatedAt: after(now, claimed.updatedAt),
      review: { decision: 'approved', reason: null, decidedAt: now.toISOString(), decidedBy: adminUserId },
    };
    if (!(await putInvestorProfile(claim, claimed.updatedAt)))
      throw new ConflictError(messages.changedSinceRead);
    claimed = claim;
  }
  await faults.afterClaim?.();
  const listing = await publishListing(claimed, adminUserId, now);
  const approved: InvestorProfileItem = {
    ...claimed,
    status: 'approved',
    updatedAt: after(now, claimed.updatedAt),
  };
  // Nobody else writes an 'approving' profile (the investor's saves wait): this cannot lose a change.
  if (!(await putInvestorProfile(approved, claimed.updatedAt)))
    throw new ConflictError(messages.changedSinceRead);
  return { submission: await submissionOf(approved), investorId: listing.investorId, emailed: null };
}

/** The email telling the investor why their profile was not approved. */
export function rejectionEmail(profile: InvestorProfileItem, portalName: string, reason: string) {
  return {
    to: profile.accountEmail,
    subject: `Your investor profile on ${portalName} was not approved`,
    text: [
      `Thank you for submitting your investor profile through ${portalName}.`,
      '',
      'We could not approve it as it is, for this reason:',
      '',
      reason,
      '',
      'You can change your profile and submit it again at any time.',
    ].join('\n'),
  };
}

/**
 * POST /admin/investor-submissions/{userId}/reject: the profile leaves the queue with the reason
 * (the investor sees it), then the reason is emailed. The decision stands if the email is refused
 * (logged; `emailed: false` tells the admin to write to the investor).
 */
export async function rejectSubmission(
  userId: string,
  body: { updatedAt: string; reason: string },
  adminUserId: string,
  now: Date,
): Promise<ReviewDecisionResponse> {
  const profile = await submittedProfile(userId);
  checkUndecided(profile, body.updatedAt);
  const rejected: InvestorProfileItem = {
    ...profile,
    status: 'rejected',
    updatedAt: after(now, profile.updatedAt),
    review: {
      decision: 'rejected',
      reason: body.reason,
      decidedAt: now.toISOString(),
      decidedBy: adminUserId,
    },
  };
  if (!(await putInvestorProfile(rejected, profile.updatedAt)))
    throw new ConflictError(messages.changedSinceRead);
  const submission = await submissionOf(rejected);
  let emailed = true;
  try {
    await sendEmail(rejectionEmail(rejected, submission.portalName, body.reason));
  } catch (error) {
    emailed = false;
    logger.error('the rejection email was refused', { userId, error });
  }
  return { submission, investorId: null, emailed };
}
