import { randomUUID } from 'node:crypto';
import type { InvestorProfileChanges } from '../../../shared/api/investor-profile';
import {
  type EntryMatch,
  type InvestorSubmission,
  investorReviewMessages as messages,
  type ReviewDecisionResponse,
  type ReviewEntry,
} from '../../../shared/api/investor-review';
import { type EntryFacts, entryChanges } from '../../../shared/investors/entry-changes';
import {
  type InvestorProfileFields,
  investorProfileFieldsSchema,
  submissionProblems,
} from '../../../shared/investors/investor-profile';
import { type ProfileSheet, profileFactsOf } from '../../../shared/investors/profile-facts';
import { CONTACT_KINDS, type ContactSheet, emptyContactSheet } from '../../../shared/investors/provenance';
import type { SearchableInvestor } from '../../../shared/investors/types';
import { siteConfig } from '../config';
import { emailIdentityKey, nameAndFirmIdentityKey, searchableIdsOfKeys } from '../directory/mapping';
import { sendEmail } from '../email';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { logger } from '../observability/logger';
import type { InvestorListing, InvestorProfileItem } from '../table/models';
import { getContactSheet } from '../table/repositories/contacts';
import { curationRuleMaps } from '../table/repositories/curation-rules';
import {
  claimInvestorProfile,
  finishInvestorProfileApproval,
  getInvestorProfile,
  listSubmittedInvestorProfiles,
  putInvestorProfile,
  releaseInvestorProfileClaim,
} from '../table/repositories/investor-accounts';
import {
  getEntryHolder,
  getInvestorListing,
  getWithdrawalMark,
} from '../table/repositories/investor-listings';
import {
  findImportedInvestorByEmail,
  getImportedInvestor,
  getSearchableInvestors,
} from '../table/repositories/investors';
import { getPortal } from '../table/repositories/portals';
import { getProfileSheet } from '../table/repositories/profile-facts';
import { countBuyers } from '../table/repositories/users';
import { entryAfterListing, publishListing, selfSubmittedRecord } from './listing';

/**
 * The admins' review of submitted investor profiles (issues 21 and 30): the queue (paged), approve
 * (optionally with the admin's edits, and the admin's decision to join an existing entry) and reject
 * with a reason emailed to the investor. A decision is made once (a second one is 409) and only on the
 * version the admin read (`updatedAt`): an investor's change made meanwhile is never approved or
 * rejected unseen (409, reload). An approval claims the profile with a lease (`approving`: the
 * investor's saves wait, the queue shows it under way), lists it, then marks it approved; a failure
 * gives it back to the queue, and a claim left by a crashed process lapses after
 * {@link APPROVAL_CLAIM_TTL_MS}. The investor is emailed when listed.
 */

/**
 * How long an approval's claim holds a profile: far longer than an API request can run (API Gateway
 * stops waiting at 30 s), so an older claim is one whose process died, and another approval may take
 * it over (as report resolutions do).
 */
export const APPROVAL_CLAIM_TTL_MS = 5 * 60 * 1000;

/** Whether a claim has lapsed (a profile left `approving` with no claim, from before leases, has). */
export const claimLapsed = (claim: InvestorProfileItem['claim'], now: Date): boolean =>
  !claim || Date.parse(claim.at) < now.getTime() - APPROVAL_CLAIM_TTL_MS;

/** A write time strictly after the stored one, so the version check always sees a change. */
const after = (now: Date, previous: string) => {
  const at = now.toISOString();
  return at <= previous ? new Date(Date.parse(previous) + 1).toISOString() : at;
};

/** What founders see of an entry and can buy from it: the facts an approval may change. */
function factsOf(entry: SearchableInvestor, sheet: ContactSheet, profileSheet: ProfileSheet): EntryFacts {
  const contacts = Object.fromEntries(
    CONTACT_KINDS.map((kind) => [kind, sheet.fields[kind]?.value ?? null]),
  ) as EntryFacts['contacts'];
  return { ...entry, contacts, profile: profileFactsOf(profileSheet) };
}

type Rules = Awaited<ReturnType<typeof curationRuleMaps>>;

/** The entry beside the profile: where its data came from, who bought it, who holds it. */
async function reviewEntryOf(
  entry: SearchableInvestor,
  sheet: ContactSheet,
  userId: string,
  withdrawn: boolean,
): Promise<ReviewEntry> {
  const [linked, buyers, holder] = await Promise.all([
    getImportedInvestor(entry.importedInvestorId),
    countBuyers(entry.id),
    getEntryHolder(entry.id),
  ]);
  const heldBy = holder && holder.userId !== userId ? await getInvestorListing(holder.userId) : null;
  const sources = new Set<string>();
  if (linked?.sourceName) sources.add(linked.sourceName);
  for (const kind of CONTACT_KINDS) {
    const name = sheet.fields[kind]?.source.name;
    if (name) sources.add(name);
  }
  return {
    investorId: entry.id,
    name: entry.name,
    firmName: entry.firmName,
    sources: [...sources],
    buyers,
    heldByAnotherAccount: heldBy?.investorId === entry.id,
    withdrawn,
  };
}

/** The changes founders would see in `entry` if the profile were listed on it. */
async function changesOn(
  profile: InvestorProfileItem,
  fields: InvestorProfileFields,
  entry: SearchableInvestor,
  sheet: ContactSheet,
  rules: Rules,
  now: Date,
) {
  const at = now.toISOString();
  // The entry's profile facts (issue 33) as founders see them now: the listing applies the profile's.
  const storedProfile = await getProfileSheet(entry);
  const record = selfSubmittedRecord(fields, {
    id: `preview_${profile.userId}`,
    identityEmail: profile.accountEmail,
    sourceName: '',
    sourceUrl: null,
    at,
    adminUserId: '',
    searchableId: entry.id,
  });
  const listed = entryAfterListing({
    fields,
    record,
    investorId: entry.id,
    before: entry,
    stored: sheet,
    storedProfile,
    rules,
    userId: profile.userId,
    verifiedEmail: profile.accountEmail,
    at,
  });
  return entryChanges(
    factsOf(entry, sheet, storedProfile),
    factsOf(listed.after, listed.sheet, listed.profileSheet),
  );
}

/**
 * Which entry the approval would list the profile as, and what would change there: its listing's
 * (an update); the entry whose email is the account's verified email (it joins); else an entry that
 * may be the same person, found by the contact email typed or by name and firm, which it joins only if
 * the admin decides so; else a new entry.
 */
async function entryMatchOf(
  profile: InvestorProfileItem,
  fields: InvestorProfileFields,
  listing: InvestorListing | null,
  rules: Rules,
  now: Date,
): Promise<EntryMatch> {
  const describe = async (
    kind: EntryMatch['kind'],
    foundBy: EntryMatch['foundBy'],
    entry: SearchableInvestor,
    withdrawn = false,
  ): Promise<EntryMatch> => {
    const sheet = withdrawn ? emptyContactSheet(entry.id, entry.updatedAt) : await getContactSheet(entry);
    return {
      kind,
      foundBy,
      entry: await reviewEntryOf(entry, sheet, profile.userId, withdrawn),
      changes: withdrawn ? [] : await changesOn(profile, fields, entry, sheet, rules, now),
    };
  };
  if (listing && !listing.withdrawnAt) {
    const entry = (await getSearchableInvestors([listing.investorId])).get(listing.investorId);
    return entry
      ? describe('listed', null, entry)
      : { kind: 'listed', foundBy: null, entry: null, changes: [] };
  }
  const contactEmail = fields.contact.email.trim().toLowerCase();
  const byContact = contactEmail && contactEmail !== profile.accountEmail.trim().toLowerCase();
  const importedByContact = byContact ? await findImportedInvestorByEmail(contactEmail) : null;
  // The entries these identities map to (their identity items, issue 48), none created by a review.
  const ownKey = emailIdentityKey(profile.accountEmail);
  const contactKey = byContact ? emailIdentityKey(contactEmail) : null;
  const nameKey = nameAndFirmIdentityKey(fields.name, fields.firm);
  const ids = await searchableIdsOfKeys(
    [ownKey, contactKey, nameKey].filter((key): key is string => key !== null),
    { create: false },
  );
  const ownId = ids.get(ownKey) ?? null;
  const byName = nameKey ? (ids.get(nameKey) ?? null) : null;
  const byContactId = contactKey ? (ids.get(contactKey) ?? null) : null;
  const candidates: [string, NonNullable<EntryMatch['foundBy']>][] = [];
  if (byContactId) candidates.push([byContactId, 'contactEmail']);
  if (importedByContact?.searchableInvestorEntryId)
    candidates.push([importedByContact.searchableInvestorEntryId, 'contactEmail']);
  if (byName) candidates.push([byName, 'nameAndFirm']);
  const found = await getSearchableInvestors([...(ownId ? [ownId] : []), ...candidates.map(([id]) => id)]);
  const own = ownId ? found.get(ownId) : undefined;
  if (own) return describe('verifiedEmail', null, own);
  const mark = ownId ? await getWithdrawalMark(ownId) : null;
  if (mark?.withdrawnAt && mark.entry) return describe('verifiedEmail', null, mark.entry, true);
  for (const [id, foundBy] of candidates) {
    const entry = found.get(id);
    if (entry && id !== ownId) return describe('possible', foundBy, entry);
  }
  return { kind: 'new', foundBy: null, entry: null, changes: [] };
}

async function submissionOf(
  profile: InvestorProfileItem,
  rules: Rules,
  now: Date,
): Promise<InvestorSubmission> {
  const [portal, listing] = await Promise.all([
    getPortal(profile.portalId),
    getInvestorListing(profile.userId),
  ]);
  const fields = investorProfileFieldsSchema.parse(profile);
  return {
    userId: profile.userId,
    accountEmail: profile.accountEmail,
    portalId: profile.portalId,
    portalName: portal?.name ?? profile.portalId,
    status: profile.status,
    submittedAt: profile.submittedAt,
    updatedAt: profile.updatedAt,
    profile: fields,
    listed:
      listing && !listing.withdrawnAt
        ? { investorId: listing.investorId, profile: listing.fields, decision: listing.entryDecision }
        : null,
    claim:
      profile.status === 'approving'
        ? {
            by: profile.claim?.by ?? '',
            at: profile.claim?.at ?? profile.updatedAt,
            lapsed: claimLapsed(profile.claim, now),
          }
        : null,
    match:
      profile.status === 'submitted' || profile.status === 'approving'
        ? await entryMatchOf(profile, fields, listing, rules, now)
        : { kind: 'new', foundBy: null, entry: null, changes: [] },
  };
}

/**
 * GET /admin/investor-submissions: one page of the queue, oldest submission first, each with what is
 * listed now, an approval under way, and the entry it would become or join with what would change.
 */
export async function listSubmissions(
  cursor: string | null,
  limit: number,
  now: Date,
): Promise<{ submissions: InvestorSubmission[]; cursor: string | null }> {
  const [page, rules] = await Promise.all([listSubmittedInvestorProfiles(cursor, limit), curationRuleMaps()]);
  return {
    submissions: await Promise.all(page.items.map((profile) => submissionOf(profile, rules, now))),
    cursor: page.cursor,
  };
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

/** Test seams: a fault between the claim and the listing, and one just before the listing's own write. */
export interface ApprovalFaults {
  afterClaim?: () => Promise<void>;
  beforeListingWrite?: () => Promise<void>;
}

/** Why a claim was refused, from the profile as it is now. */
function claimRefusal(current: InvestorProfileItem | null, readUpdatedAt: string, now: Date): ConflictError {
  if (current?.status === 'approving' && !claimLapsed(current.claim, now))
    return new ConflictError(messages.beingApproved);
  if (current?.status !== 'submitted' && current?.status !== 'approving')
    return new ConflictError(messages.alreadyDecided);
  if (current.updatedAt !== readUpdatedAt) return new ConflictError(messages.changedSinceRead);
  return new ConflictError(messages.beingApproved);
}

/** The email telling the investor their profile (or their update of it) is in the directory. */
export function approvalEmail(
  profile: InvestorProfileItem,
  portalName: string,
  investorId: string,
  update: boolean,
) {
  const link = `${siteConfig().SITE_URL}/investors/${encodeURIComponent(investorId)}`;
  return {
    to: profile.accountEmail,
    subject: update
      ? `Your changes to your investor profile on ${portalName} are listed`
      : `Your investor profile on ${portalName} is listed`,
    text: [
      update
        ? `We approved the changes you made to your investor profile through ${portalName}: founders see them from now on.`
        : `We approved the investor profile you submitted through ${portalName}: founders can find you in the directory from now on.`,
      '',
      `Your profile as founders see it: ${link}`,
      '',
      'Founders can buy only the contact details you ticked. You can change your profile, withdraw a contact detail or your whole profile at any time from your investor profile page.',
    ].join('\n'),
  };
}

/**
 * POST /admin/investor-submissions/{userId}/approve. With `changes`, the admin's edits are listed
 * (checked as the investor's would be); with `joinInvestorId`, the admin's decision that the profile
 * joins that existing entry (recorded on the listing with who and when). Claim, list, then approve:
 * a failure after the claim releases it (the profile is back in the queue and the investor can save),
 * and the error is answered; a claim older than {@link APPROVAL_CLAIM_TTL_MS} is taken over.
 */
export async function approveSubmission(
  userId: string,
  body: {
    updatedAt: string;
    changes?: InvestorProfileChanges | undefined;
    joinInvestorId?: string | null | undefined;
  },
  adminUserId: string,
  now: Date,
  faults: ApprovalFaults = {},
): Promise<ReviewDecisionResponse> {
  const profile = await submittedProfile(userId);
  if (profile.status === 'approving' && !claimLapsed(profile.claim, now))
    throw new ConflictError(messages.beingApproved);
  if (profile.status !== 'approving') checkUndecided(profile, body.updatedAt);
  else if (profile.updatedAt !== body.updatedAt) throw new ConflictError(messages.changedSinceRead);
  const defined = Object.fromEntries(
    Object.entries(body.changes ?? {}).filter(([, value]) => value !== undefined),
  );
  const fields: InvestorProfileFields = { ...investorProfileFieldsSchema.parse(profile), ...defined };
  const problem = submissionProblems(fields)[0];
  if (problem) throw new BadRequestError(problem);

  const claim = { id: randomUUID(), by: adminUserId, at: now.toISOString() };
  const claimed = await claimInvestorProfile(
    userId,
    claim,
    body.updatedAt,
    after(now, profile.updatedAt),
    new Date(now.getTime() - APPROVAL_CLAIM_TTL_MS).toISOString(),
  );
  if (!claimed) throw claimRefusal(await getInvestorProfile(userId), body.updatedAt, now);

  let approved: InvestorProfileItem;
  let investorId: string;
  const update = (await getInvestorListing(userId)) !== null;
  try {
    await faults.afterClaim?.();
    const listing = await publishListing({ ...claimed, ...fields }, adminUserId, now, {
      joinInvestorId: body.joinInvestorId ?? null,
      ...(faults.beforeListingWrite ? { beforeListingWrite: faults.beforeListingWrite } : {}),
    });
    investorId = listing.investorId;
    approved = {
      ...claimed,
      ...fields,
      status: 'approved',
      claim: null,
      updatedAt: after(now, claimed.updatedAt),
      review: { decision: 'approved', reason: null, decidedAt: now.toISOString(), decidedBy: adminUserId },
    };
    if (!(await finishInvestorProfileApproval(approved, claim.id)))
      throw new ConflictError(messages.claimLost);
  } catch (error) {
    try {
      const released = await releaseInvestorProfileClaim(userId, claim.id);
      logger.warn('an approval failed; the profile is back in the queue', { userId, released, error });
    } catch (releaseError) {
      // The claim then lapses after APPROVAL_CLAIM_TTL_MS and another approval may take it over.
      logger.error('a failed approval could not release its claim', { userId, releaseError });
    }
    throw error;
  }
  const rules = await curationRuleMaps();
  const submission = await submissionOf(approved, rules, now);
  let emailed = true;
  try {
    await sendEmail(approvalEmail(approved, submission.portalName, investorId, update));
  } catch (error) {
    // The approval stands; `emailed: false` tells the admin to write to the investor.
    emailed = false;
    logger.error('the approval email was refused', { userId, error });
  }
  return { submission, investorId, emailed };
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
 * (logged; `emailed: false` tells the admin to write to the investor). A profile whose approval's
 * claim lapsed may be rejected too (conditioned on the version read: a takeover at the same moment
 * wins or loses whole).
 */
export async function rejectSubmission(
  userId: string,
  body: { updatedAt: string; reason: string },
  adminUserId: string,
  now: Date,
): Promise<ReviewDecisionResponse> {
  const profile = await submittedProfile(userId);
  // An approval under way holds the profile; one whose claim lapsed (its process died) does not.
  if (profile.status === 'approving' && !claimLapsed(profile.claim, now))
    throw new ConflictError(messages.beingApproved);
  if (profile.status === 'approving') {
    if (profile.updatedAt !== body.updatedAt) throw new ConflictError(messages.changedSinceRead);
  } else checkUndecided(profile, body.updatedAt);
  const rejected: InvestorProfileItem = {
    ...profile,
    status: 'rejected',
    claim: null,
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
  const submission = await submissionOf(rejected, await curationRuleMaps(), now);
  let emailed = true;
  try {
    await sendEmail(rejectionEmail(rejected, submission.portalName, body.reason));
  } catch (error) {
    emailed = false;
    logger.error('the rejection email was refused', { userId, error });
  }
  return { submission, investorId: null, emailed };
}
