import type { Portal } from '../../../shared/api/directory';
import {
  type InvestorListingView,
  type InvestorMembership,
  type InvestorProfileChanges,
  type InvestorProfileResponse,
  investorAccountMessages as messages,
  type WithdrawBody,
} from '../../../shared/api/investor-profile';
import {
  emptyInvestorProfileFields,
  type InvestorProfileFields,
  investorProfileFieldsSchema,
  profileProblems,
  submissionProblems,
} from '../../../shared/investors/investor-profile';
import {
  narrowedContacts,
  needsReview,
  offeredContacts,
  reminderDueAt,
  withoutOffers,
} from '../../../shared/investors/listing';
import { CONTACT_KINDS } from '../../../shared/investors/provenance';
import type { Caller } from '../auth';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { addToInvestorGroup } from '../identity';
import type { InvestorListing, InvestorMember, InvestorProfileItem } from '../table/models';
import { founderRecordKinds } from '../table/repositories/founder-records';
import {
  createInvestorMember,
  getInvestorMember,
  getInvestorProfile,
  putInvestorProfile,
} from '../table/repositories/investor-accounts';
import { getInvestorListing } from '../table/repositories/investor-listings';
import { getPortal } from '../table/repositories/portals';
import { claimLapsed } from './investor-review';
import { confirmListing, listingMessages, withdrawContacts, withdrawProfile } from './listing';

/**
 * Investor accounts (issue 21, first part). A verified user who is not an admin and keeps no founder
 * records joins a partner portal: the membership is written first, then the user is added to the
 * Cognito group `investor`, so a retry after a failed group call finishes the join, and founder
 * routes refuse the account from the first write on. The investor then keeps a profile: a draft,
 * saved as often as they like, then submitted for an admin's review.
 */

/** "projects and saved carts", "projects, saved carts and podcasts". */
const listed = (kinds: readonly string[]) =>
  kinds.length <= 1 ? (kinds[0] ?? '') : `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}`;

const membershipOf = (member: InvestorMember): InvestorMembership => ({
  portalId: member.portalId,
  joinedAt: member.joinedAt,
});

/**
 * Makes the caller an investor of the portal. Idempotent: joining the same portal again answers the
 * same membership (and adds the group again, which finishes a join whose group call failed).
 * Refused: admins (403), accounts with founder records (409), members of another portal (409).
 */
export async function joinPortal(caller: Caller, portalId: string, now: Date): Promise<InvestorMembership> {
  if (caller.isAdmin) throw new ForbiddenError(messages.adminCannotJoin);
  const portal = await getPortal(portalId);
  if (!portal) throw new NotFoundError('Portal not found');

  let member = await getInvestorMember(caller.sub);
  if (!member) {
    const founderRecords = await founderRecordKinds(caller.sub);
    if (founderRecords.length > 0) throw new ConflictError(messages.founderData(listed(founderRecords)));
    const joining: InvestorMember = {
      userId: caller.sub,
      email: caller.email,
      portalId: portal.urlIdentifier,
      joinedAt: now.toISOString(),
    };
    // Two joins at once: one writes, the other reads what it wrote.
    member = (await createInvestorMember(joining)) ? joining : await getInvestorMember(caller.sub);
    if (!member) throw new Error('The investor membership was neither written nor found');
  }
  if (member.portalId !== portal.urlIdentifier) {
    const joined = await getPortal(member.portalId);
    throw new ConflictError(messages.joinedAnotherPortal(joined?.name ?? member.portalId));
  }
  await addToInvestorGroup(caller.sub);
  return membershipOf(member);
}

interface OwnProfile {
  member: InvestorMember;
  stored: InvestorProfileItem | null;
  fields: InvestorProfileFields;
}

/** The caller's membership and profile (stored, or a new empty one); 404 if they never joined. */
async function ownProfile(caller: Caller): Promise<OwnProfile> {
  const [member, stored] = await Promise.all([getInvestorMember(caller.sub), getInvestorProfile(caller.sub)]);
  if (!member) throw new NotFoundError('You have not joined a portal as an investor.');
  const fields = stored
    ? investorProfileFieldsSchema.parse(stored)
    : emptyInvestorProfileFields(member.email);
  return { member, stored, fields };
}

const listingView = (listing: InvestorListing): InvestorListingView => ({
  investorId: listing.investorId,
  approvedAt: listing.approvedAt,
  confirmedAt: listing.confirmedAt,
  reminderDueAt: reminderDueAt(listing.confirmedAt),
  withdrawnAt: listing.withdrawnAt,
  offered: listing.withdrawnAt
    ? []
    : CONTACT_KINDS.filter((kind) => offeredContacts(listing.fields)[kind] !== null),
  withdrawals: listing.withdrawals,
});

async function response(
  own: Omit<OwnProfile, 'fields'>,
  fields: InvestorProfileFields,
): Promise<InvestorProfileResponse> {
  const { member, stored } = own;
  const [portal, listing]: [Portal | null, InvestorListing | null] = await Promise.all([
    getPortal(member.portalId),
    getInvestorListing(member.userId),
  ]);
  const review = stored?.review ?? null;
  return {
    profile: {
      ...fields,
      portalId: member.portalId,
      status: stored?.status ?? 'draft',
      submittedAt: stored?.submittedAt ?? null,
      updatedAt: stored?.updatedAt ?? null,
      review: review
        ? { decision: review.decision, reason: review.reason, decidedAt: review.decidedAt }
        : null,
    },
    portal,
    joinedAt: member.joinedAt,
    listing: listing ? listingView(listing) : null,
  };
}

/** GET /investor/profile. */
export async function readOwnProfile(caller: Caller): Promise<InvestorProfileResponse> {
  const own = await ownProfile(caller);
  return response(own, own.fields);
}

/** A write time strictly after the stored one, so the version check always sees a change. */
const nextUpdatedAt = (now: Date, previous: string | null) => {
  const at = now.toISOString();
  return previous !== null && at <= previous ? new Date(Date.parse(previous) + 1).toISOString() : at;
};

/**
 * PATCH /investor/profile: the fields given replace theirs; the profile must still make sense (a
 * cheque range the right way up, no contact value for sale that is not given). Saving a submitted
 * profile takes it back to a draft, out of the review queue: what is reviewed is what was submitted.
 */
export async function saveOwnProfile(
  caller: Caller,
  changes: InvestorProfileChanges,
  now: Date,
): Promise<InvestorProfileResponse> {
  const own = await ownProfile(caller);
  // An approval under way holds the profile; one whose claim lapsed (its process died) no longer does.
  if (own.stored?.status === 'approving' && !claimLapsed(own.stored.claim, now))
    throw new ConflictError(messages.beingReviewed);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const fields: InvestorProfileFields = { ...own.fields, ...defined };
  const problem = profileProblems(fields)[0];
  if (problem) throw new BadRequestError(problem);
  const listing = await getInvestorListing(caller.sub);
  const listed = listing && !listing.withdrawnAt ? listing : null;
  const previous = own.stored?.updatedAt ?? null;
  const item: InvestorProfileItem = {
    ...fields,
    userId: caller.sub,
    accountEmail: own.member.email,
    portalId: own.member.portalId,
    // A listed profile saved with nothing but withdrawn offers stays approved: nothing waits for review.
    status: listed && !needsReview(listed.fields, fields) ? 'approved' : 'draft',
    createdAt: own.stored?.createdAt ?? now.toISOString(),
    updatedAt: nextUpdatedAt(now, previous),
    submittedAt: null,
    review: own.stored?.review ?? null,
  };
  if (!(await putInvestorProfile(item, previous))) throw new ConflictError(messages.changedElsewhere);
  // Offers taken back apply at once (docs/decisions.md): founders cannot buy them from now on.
  const narrowed = listed ? narrowedContacts(listed.fields, fields) : [];
  if (narrowed.length > 0) await withdrawContacts(caller.sub, narrowed, now);
  return response({ member: own.member, stored: item }, fields);
}

/** POST /investor/profile/confirm: "Confirm my profile is still right" (no review). */
export async function confirmOwnProfile(caller: Caller, now: Date): Promise<InvestorProfileResponse> {
  const own = await ownProfile(caller);
  await confirmListing(caller.sub, now);
  return response(own, own.fields);
}

/**
 * POST /investor/profile/withdraw: the whole profile, or contact details, leave the directory and
 * future exports at once (no review), recorded with who and when. The profile's offers follow.
 */
export async function withdrawOwn(
  caller: Caller,
  body: WithdrawBody,
  now: Date,
): Promise<InvestorProfileResponse> {
  const own = await ownProfile(caller);
  if (body.what === 'profile') {
    await withdrawProfile(caller.sub, now);
    return response(own, own.fields);
  }
  await withdrawContacts(caller.sub, body.kinds, now);
  if (!own.stored) return response(own, own.fields);
  // The profile stops offering them too, so a later submission does not offer them again unseen.
  const fields = withoutOffers(own.fields, body.kinds);
  const item: InvestorProfileItem = {
    ...own.stored,
    ...fields,
    updatedAt: nextUpdatedAt(now, own.stored.updatedAt),
  };
  if (!(await putInvestorProfile(item, own.stored.updatedAt)))
    throw new ConflictError(messages.changedElsewhere);
  return response({ member: own.member, stored: item }, fields);
}

/**
 * POST /investor/profile/submit: a complete draft goes to the review queue with the time it was
 * submitted. A profile already submitted is refused (409); one missing what a founder's search needs
 * is refused with the first thing missing (400).
 */
export async function submitOwnProfile(caller: Caller, now: Date): Promise<InvestorProfileResponse> {
  const own = await ownProfile(caller);
  if (own.stored?.status === 'submitted' || own.stored?.status === 'approving')
    throw new ConflictError(messages.alreadySubmitted);
  const listing = await getInvestorListing(caller.sub);
  if (listing?.withdrawnAt) throw new ConflictError(listingMessages.withdrawn);
  if (listing && !needsReview(listing.fields, own.fields)) throw new ConflictError(messages.nothingToReview);
  const problem = submissionProblems(own.fields)[0];
  if (problem) throw new BadRequestError(problem);
  const previous = own.stored?.updatedAt ?? null;
  const at = nextUpdatedAt(now, previous);
  const item: InvestorProfileItem = {
    ...own.fields,
    userId: caller.sub,
    accountEmail: own.member.email,
    portalId: own.member.portalId,
    status: 'submitted',
    createdAt: own.stored?.createdAt ?? at,
    updatedAt: at,
    submittedAt: at,
    review: own.stored?.review ?? null,
  };
  if (!(await putInvestorProfile(item, previous))) throw new ConflictError(messages.changedElsewhere);
  return response({ member: own.member, stored: item }, own.fields);
}
