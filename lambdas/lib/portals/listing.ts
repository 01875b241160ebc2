import { type WithdrawalEvent, withdrawalMessages } from '../../../shared/api/investor-requests';
import {
  type EntryDecision,
  investorReviewMessages as reviewMessages,
} from '../../../shared/api/investor-review';
import { applyRules } from '../../../shared/curation/rules';
import {
  type InvestorProfileFields,
  investorProfileFieldsSchema,
} from '../../../shared/investors/investor-profile';
import { offeredContacts, type Withdrawal, withoutOffers } from '../../../shared/investors/listing';
import { mergeSearchableInvestors } from '../../../shared/investors/merge-searchable';
import {
  applyInvestorProfile,
  emptyProfileSheet,
  type ProfileFacts,
  type ProfileSheet,
  withPublicProfileFacts,
} from '../../../shared/investors/profile-facts';
import {
  applyInvestorContacts,
  type ContactKind,
  type ContactSheet,
  confirmInvestorContacts,
  emptyContactSheet,
  sameContactFields,
  withPublicContactFacts,
} from '../../../shared/investors/provenance';
import {
  type ImportedInvestor,
  type SearchableInvestor,
  toSearchableInvestor,
  uniqueTexts,
} from '../../../shared/investors/types';
import { uniqueTags } from '../../../shared/tags/normalize-tag';
import { aggregationWorkflow } from '../../workflows/start/aggregation';
import { emailIdentityKey, SELF_SUBMITTED_PREFIX, searchableIdsOfKeys } from '../directory/mapping';
import { recordSearchChanges, recordSearchRemovals } from '../directory/search-index';
import { ConflictError, NotFoundError } from '../errors';
import { logger } from '../observability/logger';
import type { InvestorListing, InvestorProfileItem, WithdrawalMark } from '../table/models';
import { getContactSheet, putInvestorContacts } from '../table/repositories/contacts';
import { curationRuleMaps } from '../table/repositories/curation-rules';
import {
  getEntryHolder,
  getInvestorListing,
  getWithdrawalMark,
  holdEntry,
  putInvestorListing,
  putWithdrawalMark,
  withdrawnInvestorIds,
} from '../table/repositories/investor-listings';
import {
  getSearchableInvestors,
  putImportedInvestors,
  SELF_SUBMITTED_SUFFIX,
  writeSearchableInvestors,
} from '../table/repositories/investors';
import { getPortal } from '../table/repositories/portals';
import { getProfileSheet, putProfileSheets } from '../table/repositories/profile-facts';

/**
 * An investor's listing in the directory (issue 21, docs/data-model.md "Investor listings"): an
 * approved profile becomes an imported investor with source "{portal name} (self-submitted)" and is
 * mapped like an import by the account's verified email (issue 30: it joins an existing entry only
 * when that email is the entry's, or when an admin decides so), except that what the investor says
 * of themselves ranks over imports: their contact values (only those founders may buy) enter
 * the contact sheet with source 'investor' and the approval's date, a contact they do not offer
 * leaves it, and their name, firm, role, focus, places and cheque replace the entry's.
 *
 * Not under the `mapping` run lock, like the admin's correction: each write is one investor's, and
 * every write here is idempotent (a retry after a crash writes the same), so the only overlap is a
 * bulk mapping folding an import into the same entry at the same moment, which the next "process
 * all" or recount settles (docs/decisions.md). Withdrawals (the investor's own, or the person
 * listed through "This is me") keep a mark with the entry's copy and history, which an admin's
 * restore writes back.
 */

export const listingMessages = {
  withdrawn: 'You withdrew your profile from the directory. Write to us to list it again.',
  notListed: 'Your profile is not in the directory yet: it is listed once an admin approves it.',
  changedElsewhere: 'Your listing was changed in another window. Reload it and try again.',
} as const;

/** The source name of a portal's self-submitted profiles: "{portal name} (self-submitted)". */
export const selfSubmittedSource = (portalName: string) => `${portalName}${SELF_SUBMITTED_SUFFIX}`;

const profileFieldsOf = (profile: InvestorProfileFields): InvestorProfileFields =>
  investorProfileFieldsSchema.parse(profile);

/**
 * The imported investor an approved profile becomes. Its email is the identity email (what mapping
 * recognises the person by), whether or not founders may buy it: the contact sheet, not this record,
 * decides what is sold. The other contact values are only those offered.
 */
export function selfSubmittedRecord(
  profile: InvestorProfileFields,
  context: {
    id: string;
    identityEmail: string;
    sourceName: string;
    sourceUrl: string | null;
    at: string;
    adminUserId: string;
    searchableId: string | null;
  },
): ImportedInvestor {
  const offered = offeredContacts(profile);
  const firm = profile.firm.trim();
  const hasGeography = profile.cities.length + profile.countries.length + profile.regions.length > 0;
  return {
    id: context.id,
    searchableInvestorEntryId: context.searchableId,
    firstName: null,
    lastName: null,
    fullName: profile.name.trim(),
    photos: [],
    email: context.identityEmail,
    phone: offered.phone,
    social: {
      linkedin: offered.linkedin,
      twitter: offered.twitter,
      crunchbase: offered.crunchbase,
      instagram: null,
      youtube: null,
      tiktok: null,
      other: [],
    },
    title: profile.title.trim() || null,
    investorRole: profile.investorType,
    primaryFirm: firm ? { name: firm } : null,
    otherFirms: [],
    stageFocus: [...profile.stages],
    sectorFocus: [...profile.sectors],
    geographyFocus: hasGeography
      ? { cities: [...profile.cities], countries: [...profile.countries], regions: [...profile.regions] }
      : null,
    checkSize:
      profile.chequeMin === null && profile.chequeMax === null
        ? null
        : {
            min: profile.chequeMin === null ? null : { value: profile.chequeMin },
            max: profile.chequeMax === null ? null : { value: profile.chequeMax },
            bucket: null,
          },
    leadsRounds: profile.leadsRounds,
    selectedInvestments: [],
    portfolioCompanies: [],
    tags: [],
    // The thesis and the website are public profile facts (issue 33), never the admins' notes.
    notes: null,
    otherMetadata: [],
    sourceName: context.sourceName,
    sourceUrl: context.sourceUrl,
    importedAt: context.at,
    importedByUserId: context.adminUserId,
    status: context.searchableId ? 'mapped' : 'pending',
    fieldStatuses: [],
    updatedAt: context.at,
    ...investorProfileFacts(profile),
  };
}

/** The profile facts (issue 33) of a portal profile, as the listing gives them (blank: not given). */
export function investorProfileFacts(profile: InvestorProfileFields): ProfileFacts {
  return {
    thesis: profile.thesis.trim() || null,
    website: profile.links.website.trim() || null,
    leadOrFollow:
      profile.leadOrFollow ??
      (profile.leadsRounds === true ? 'lead' : profile.leadsRounds === false ? 'follow' : null),
    typicalCheque: profile.typicalCheque ?? null,
    geographicFocus: [...(profile.geographicFocus ?? [])],
    portfolio: [...(profile.portfolio ?? [])],
    recentInvestments: [...(profile.recentInvestments ?? [])],
    fundSize: profile.fundSize ?? null,
    vintage: profile.vintage ?? null,
  };
}

/** The entry after the investor's own word: what they say replaces the entry's public facts. */
function ownWord(current: SearchableInvestor, theirs: SearchableInvestor): SearchableInvestor {
  const merged = mergeSearchableInvestors(current, theirs);
  return {
    ...merged,
    name: theirs.name || merged.name,
    investorRole: theirs.investorRole ?? merged.investorRole,
    firmName: theirs.firmName ?? merged.firmName,
    title: theirs.title ?? merged.title,
    stageFocus: theirs.stageFocus.length > 0 ? uniqueTags(theirs.stageFocus) : merged.stageFocus,
    sectorFocus: theirs.sectorFocus.length > 0 ? uniqueTags(theirs.sectorFocus) : merged.sectorFocus,
    cities: theirs.cities.length > 0 ? uniqueTexts(theirs.cities) : merged.cities,
    countries: theirs.countries.length > 0 ? uniqueTexts(theirs.countries) : merged.countries,
    checkMin: theirs.checkMin ?? merged.checkMin,
    checkMax: theirs.checkMax ?? merged.checkMax,
    importedInvestorId: theirs.importedInvestorId,
  };
}

/** Folds the change into combined search and the home page's totals (a failure is logged: the schedule's recount catches up). */
export async function aggregateSoon(context: Record<string, unknown>): Promise<void> {
  try {
    await aggregationWorkflow.start({ action: 'aggregate', lockName: null, lockOwner: null });
  } catch (error) {
    logger.error('the aggregation after a listing change did not start', { ...context, error });
  }
}

/** Writes an entry and its sheets: sheets first, then the search change, then the table (as mapping does). */
async function writeEntry(
  before: SearchableInvestor | null,
  after: SearchableInvestor,
  sheet: ContactSheet,
  now: Date,
  profileSheet?: ProfileSheet,
) {
  await putInvestorContacts([sheet]);
  if (profileSheet) await putProfileSheets([profileSheet]);
  await recordSearchChanges([after], now);
  await writeSearchableInvestors([{ before, after }]);
}

type CurationRules = Awaited<ReturnType<typeof curationRuleMaps>>;

/**
 * The entry and its sheet once the profile is listed on `before` (null: a new entry): what the
 * investor says of themselves replaces its public facts, and the contacts they offer (and only those)
 * enter the sheet from source `investor`. Pure given its reads; the approval writes it, the review
 * shows it beside the entry as it is.
 */
export function entryAfterListing(input: {
  fields: InvestorProfileFields;
  record: ImportedInvestor;
  investorId: string;
  before: SearchableInvestor | null;
  stored: ContactSheet;
  /** The entry's profile sheet (issue 33); an empty one when not given (the review's preview). */
  storedProfile?: ProfileSheet;
  rules: CurationRules;
  userId: string;
  /** The email the investor's account verified: only that value is "confirmed by the investor" (issue 48). */
  verifiedEmail: string;
  at: string;
}): { after: SearchableInvestor; sheet: ContactSheet; profileSheet: ProfileSheet } {
  const { fields, record, investorId, before, rules, at } = input;
  const sheet = applyInvestorContacts(
    input.stored,
    offeredContacts(fields),
    input.userId,
    at,
    input.verifiedEmail,
  );
  const profileSheet = applyInvestorProfile(
    input.storedProfile ?? emptyProfileSheet(investorId, at),
    investorProfileFacts(fields),
    input.userId,
    at,
  );
  const theirs = toSearchableInvestor(record, investorId);
  // A new entry enters the directory now (a saved search's "new since", issue 35).
  const listed = before ? ownWord(before, theirs) : { ...theirs, addedAt: at };
  const after = withPublicProfileFacts(
    withPublicContactFacts(
      {
        ...listed,
        sectorFocus: applyRules(listed.sectorFocus, rules.sectorFocus),
        stageFocus: applyRules(listed.stageFocus, rules.stageFocus),
        updatedAt: at,
      },
      sheet,
    ),
    profileSheet,
  );
  return { after, sheet, profileSheet };
}

/**
 * The searchable id of a profile's own entry: the one its account's verified email maps to (through
 * the email's identity item, issue 48); with `create`, a new random id claimed for the email when it
 * maps to none (so an import of that email later joins it). Null without `create` when there is none.
 */
export async function ownEntryIdOf(accountEmail: string, create: { at: string } | null = null) {
  const key = emailIdentityKey(accountEmail);
  const ids = await searchableIdsOfKeys([key], create ? { create: true, at: create.at } : { create: false });
  return ids.get(key) ?? null;
}

/** How the approval chose the entry (docs/decisions.md, "Investor identity and removal"). */
interface EntryChoice {
  investorId: string;
  how: EntryDecision['how'];
}

/**
 * Which entry a first approval lists the profile as: the entry whose email is the account's verified
 * email if there is one (it joins); else the entry an admin decided to join (`joinInvestorId`); else
 * an entry of its own (the verified email's id, so an import of that email later joins it). Never the
 * entry of a contact email the investor typed: that is only a contact value.
 */
async function chooseEntry(
  identityEmail: string,
  joinInvestorId: string | null,
  at: string,
): Promise<EntryChoice> {
  const known = await ownEntryIdOf(identityEmail);
  const wanted = joinInvestorId && joinInvestorId !== known ? joinInvestorId : null;
  const ids = [known, wanted].filter((id): id is string => id !== null);
  const found = await getSearchableInvestors(ids, { consistent: true });
  if (known && found.has(known)) {
    if (wanted) throw new ConflictError(reviewMessages.joinNotNeeded);
    return { investorId: known, how: 'verifiedEmail' };
  }
  if (wanted) {
    if (!found.has(wanted)) throw new ConflictError(reviewMessages.joinGone);
    return { investorId: wanted, how: 'adminJoin' };
  }
  // A withdrawn entry of the verified email is refused below (restored by an admin first). A new
  // entry gets the email's id, created now if the email has none.
  const ownId = known ?? (await ownEntryIdOf(identityEmail, { at }));
  if (!ownId) throw new Error('An identity was claimed yet gave no id');
  return { investorId: ownId, how: 'newEntry' };
}

/**
 * Takes the entry for this account (one investor account per entry): refused (409) when another
 * account's listing is that entry. A hold left by an approval that never listed (it failed after
 * holding) is taken over.
 */
async function holdEntryFor(investorId: string, userId: string, at: string): Promise<void> {
  const holder = { investorId, userId, at };
  const standing = await holdEntry(holder);
  if (standing.userId === userId) return;
  const theirs = await getInvestorListing(standing.userId);
  if (theirs?.investorId === investorId) throw new ConflictError(reviewMessages.entryHeld);
  const retaken = await holdEntry(holder, standing.userId);
  if (retaken.userId !== userId) throw new ConflictError(reviewMessages.entryHeld);
}

/**
 * Lists an approved profile (first approval, or an approved update): the self-submitted record, the
 * entry (its listing's; on a first approval the one {@link chooseEntry} decides, held for this account
 * only), the sheet and the listing with the entry decision (who, when), confirmed now. Idempotent:
 * run again after a failure, it writes the same.
 */
export async function publishListing(
  profile: InvestorProfileItem,
  adminUserId: string,
  now: Date,
  options: { joinInvestorId?: string | null; beforeListingWrite?: () => Promise<void> } = {},
): Promise<InvestorListing> {
  const existing = await getInvestorListing(profile.userId);
  if (existing?.withdrawnAt) throw new ConflictError(listingMessages.withdrawn);
  const joinInvestorId = options.joinInvestorId ?? null;
  if (existing && joinInvestorId && joinInvestorId !== existing.investorId)
    throw new ConflictError(reviewMessages.alreadyListedAs);
  const at = now.toISOString();
  const fields = profileFieldsOf(profile);
  const portal = await getPortal(profile.portalId);
  // The account's verified email, never the contact email typed in the profile (issue 30).
  const identityEmail = existing?.identityEmail ?? profile.accountEmail.trim().toLowerCase();
  const recordId = existing?.importedInvestorId ?? `${SELF_SUBMITTED_PREFIX}${profile.userId}`;
  const choice: EntryChoice = existing
    ? { investorId: existing.investorId, how: existing.entryDecision?.how ?? 'verifiedEmail' }
    : await chooseEntry(identityEmail, joinInvestorId, at);
  const { investorId } = choice;
  if ((await withdrawnInvestorIds([investorId])).has(investorId))
    throw new ConflictError(reviewMessages.entryWithdrawn);
  await holdEntryFor(investorId, profile.userId, at);

  const record: ImportedInvestor = {
    ...selfSubmittedRecord(fields, {
      id: recordId,
      identityEmail,
      sourceName: selfSubmittedSource(portal?.name ?? profile.portalId),
      sourceUrl: portal?.firm.website || null,
      at,
      adminUserId,
      searchableId: investorId,
    }),
    status: 'mapped',
  };
  const [found, rules] = await Promise.all([
    getSearchableInvestors([investorId], { consistent: true }),
    curationRuleMaps(),
  ]);
  const before = found.get(investorId) ?? null;
  const [stored, storedProfile] = before
    ? await Promise.all([getContactSheet(before), getProfileSheet(before)])
    : [emptyContactSheet(investorId, at), emptyProfileSheet(investorId, at)];
  const { after, sheet, profileSheet } = entryAfterListing({
    fields,
    record,
    investorId,
    before,
    stored,
    storedProfile,
    rules,
    userId: profile.userId,
    verifiedEmail: identityEmail,
    at,
  });

  await putImportedInvestors([record]);
  await writeEntry(before, after, sheet, now, profileSheet);
  const listing: Omit<InvestorListing, 'version'> = {
    userId: profile.userId,
    portalId: profile.portalId,
    investorId,
    importedInvestorId: recordId,
    identityEmail,
    fields,
    approvedAt: at,
    approvedBy: adminUserId,
    confirmedAt: at,
    withdrawnAt: null,
    withdrawals: existing?.withdrawals ?? [],
    reminderFor: existing?.reminderFor ?? null,
    reminderSentAt: existing?.reminderSentAt ?? null,
    entryDecision: existing
      ? existing.entryDecision
      : { how: choice.how, investorId, decidedBy: adminUserId, decidedAt: at },
  };
  await options.beforeListingWrite?.();
  if (!(await putInvestorListing(listing, existing)))
    throw new ConflictError(listingMessages.changedElsewhere);
  await aggregateSoon({ investorId });
  return { ...listing, version: (existing?.version ?? 0) + 1 };
}

/** The caller's listing, still in the directory; 409 when never listed or withdrawn. */
async function activeListing(userId: string): Promise<InvestorListing> {
  const listing = await getInvestorListing(userId);
  if (!listing) throw new ConflictError(listingMessages.notListed);
  if (listing.withdrawnAt) throw new ConflictError(listingMessages.withdrawn);
  return listing;
}

/** The entry and its sheet after `change`, written; nothing when the entry is gone. */
async function changeSheet(
  listing: InvestorListing,
  change: (sheet: ContactSheet) => ContactSheet,
  now: Date,
): Promise<void> {
  const before = (await getSearchableInvestors([listing.investorId], { consistent: true })).get(
    listing.investorId,
  );
  if (!before) return;
  const stored = await getContactSheet(before);
  const sheet = change(stored);
  if (sameContactFields(stored, sheet)) return; // Nothing founders see changes: nothing to write.
  const after = withPublicContactFacts({ ...before, updatedAt: now.toISOString() }, sheet);
  await writeEntry(before, after, sheet, now);
  await aggregateSoon({ investorId: listing.investorId });
}

/**
 * "Confirm my profile is still right": the listing and every contact value the investor gave are
 * confirmed now, without review (nothing founders see changes but the dates). The next reminder is
 * due 6 months on.
 */
export async function confirmListing(userId: string, now: Date): Promise<InvestorListing> {
  const listing = await activeListing(userId);
  const at = now.toISOString();
  await changeSheet(
    listing,
    (sheet) => confirmInvestorContacts(sheet, userId, at, listing.identityEmail),
    now,
  );
  const confirmed = { ...listing, confirmedAt: at };
  if (!(await putInvestorListing(confirmed, listing)))
    throw new ConflictError(listingMessages.changedElsewhere);
  return { ...confirmed, version: listing.version + 1 };
}

/**
 * Withdraws contact values at once (no review): founders can no longer buy them (search and the next
 * exports show them gone), the listing no longer offers them, and the withdrawal is recorded.
 */
export async function withdrawContacts(
  userId: string,
  kinds: readonly ContactKind[],
  now: Date,
): Promise<InvestorListing> {
  const listing = await activeListing(userId);
  const at = now.toISOString();
  const withdrawn: Partial<Record<ContactKind, null>> = Object.fromEntries(kinds.map((kind) => [kind, null]));
  // Only what is offered now is withdrawn and recorded: asking again (a retry, or a kind never offered,
  // which the approval already left out of sale) changes nothing and records nothing.
  const offered = kinds.filter((kind) => listing.fields.foundersMayBuy[kind]);
  if (offered.length === 0) {
    await changeSheet(listing, (sheet) => applyInvestorContacts(sheet, withdrawn, userId, at), now);
    return listing;
  }
  // The record first: a crash after it leaves the withdrawal to be carried out by a retry, never unrecorded.
  const record: Withdrawal = { at, by: userId, what: 'contacts', kinds: offered };
  const next = {
    ...listing,
    fields: withoutOffers(listing.fields, kinds),
    withdrawals: [...listing.withdrawals, record],
  };
  if (!(await putInvestorListing(next, listing))) throw new ConflictError(listingMessages.changedElsewhere);
  await changeSheet(listing, (sheet) => applyInvestorContacts(sheet, withdrawn, userId, at), now);
  return { ...next, version: listing.version + 1 };
}

/** Who withdrew an entry, and how (recorded on its withdrawal mark). */
export interface WithdrawalBy {
  by: string;
  via: WithdrawalEvent['via'];
  requestId: string | null;
}

/**
 * Takes an entry out of everything founders see, at once, and keeps it out: the withdrawal mark first
 * (with the entry as it was, for a restore, and the event), so from then on no mapping or import writes
 * it; then the entry, its postings and counts leave the table, a tombstone is recorded for combined
 * search, and the aggregation folds it. Idempotent: an entry already marked is only removed again if a
 * failure left it in the table. `userId`: the investor account whose listing this entry is, if any.
 */
export async function withdrawEntry(
  investorId: string,
  who: WithdrawalBy,
  userId: string | null,
  now: Date,
): Promise<'withdrawn' | 'alreadyWithdrawn'> {
  const at = now.toISOString();
  const [mark, found] = await Promise.all([
    getWithdrawalMark(investorId),
    getSearchableInvestors([investorId], { consistent: true }),
  ]);
  const before = found.get(investorId) ?? null;
  let outcome: 'withdrawn' | 'alreadyWithdrawn' = 'alreadyWithdrawn';
  if (!mark?.withdrawnAt) {
    const next: WithdrawalMark = {
      investorId,
      userId: userId ?? mark?.userId ?? null,
      withdrawnAt: at,
      name: before?.name ?? mark?.name ?? '',
      firmName: before?.firmName ?? mark?.firmName ?? null,
      entry: before ?? mark?.entry ?? null,
      history: [
        ...(mark?.history ?? []),
        { at, action: 'withdrawn', by: who.by, via: who.via, reason: null, requestId: who.requestId },
      ],
    };
    if (await putWithdrawalMark(next, mark)) outcome = 'withdrawn';
    else if (!(await getWithdrawalMark(investorId))?.withdrawnAt)
      throw new ConflictError(listingMessages.changedElsewhere);
  }
  if (before) {
    await recordSearchRemovals([{ ...before, updatedAt: at }], now);
    await writeSearchableInvestors([{ before, after: null }]);
  }
  await aggregateSoon({ investorId });
  return outcome;
}

/**
 * Withdraws the whole profile at once: the entry leaves search (table, postings, counters and a
 * tombstone for combined search), is marked so no import brings it back, and the withdrawal is
 * recorded. Idempotent: a second call finds the listing withdrawn (409).
 */
export async function withdrawProfile(userId: string, now: Date): Promise<InvestorListing> {
  const listing = await activeListing(userId);
  const at = now.toISOString();
  const next = {
    ...listing,
    withdrawnAt: at,
    withdrawals: [...listing.withdrawals, { at, by: userId, what: 'profile' as const, kinds: [] }],
  };
  await withdrawEntry(listing.investorId, { by: userId, via: 'portal', requestId: null }, userId, now);
  if (!(await putInvestorListing(next, listing))) throw new ConflictError(listingMessages.changedElsewhere);
  return { ...next, version: listing.version + 1 };
}

/**
 * The listing holding an entry, marked withdrawn too when the entry is hidden by the person listed
 * ("This is me", issue 30), so the investor's own page says so and no approval lists it again unseen.
 */
export async function withdrawHoldingListing(
  investorId: string,
  by: string,
  now: Date,
): Promise<string | null> {
  const holder = await getEntryHolder(investorId);
  if (!holder) return null;
  const listing = await getInvestorListing(holder.userId);
  if (!listing || listing.investorId !== investorId) return null;
  if (listing.withdrawnAt) return listing.userId;
  const at = now.toISOString();
  const next = {
    ...listing,
    withdrawnAt: at,
    withdrawals: [...listing.withdrawals, { at, by, what: 'profile' as const, kinds: [] }],
  };
  if (!(await putInvestorListing(next, listing))) throw new ConflictError(listingMessages.changedElsewhere);
  return listing.userId;
}

/**
 * An admin's restore of a withdrawal made in error (issue 30), recorded with who, when and why: the
 * entry as it was withdrawn is written back (its sheet was kept), then the mark says restored (so
 * mapping writes it again), the listing holding it is listed again, and the aggregation folds it into
 * combined search. The entry first: a failure before the mark leaves it withdrawn, to restore again.
 */
export async function restoreWithdrawal(
  investorId: string,
  adminUserId: string,
  reason: string,
  now: Date,
): Promise<WithdrawalMark> {
  const mark = await getWithdrawalMark(investorId);
  if (!mark) throw new NotFoundError(withdrawalMessages.notFound);
  if (!mark.withdrawnAt) throw new ConflictError(withdrawalMessages.notWithdrawn);
  if (!mark.entry) throw new ConflictError(withdrawalMessages.noCopy);
  const at = now.toISOString();
  const before = (await getSearchableInvestors([investorId], { consistent: true })).get(investorId) ?? null;
  const kept = { ...mark.entry, updatedAt: at };
  const after = withPublicContactFacts(kept, await getContactSheet(kept));
  await recordSearchChanges([after], now);
  await writeSearchableInvestors([{ before, after }]);
  const restored: WithdrawalMark = {
    ...mark,
    withdrawnAt: null,
    history: [
      ...mark.history,
      { at, action: 'restored', by: adminUserId, via: 'admin', reason, requestId: null },
    ],
  };
  if (!(await putWithdrawalMark(restored, mark))) throw new ConflictError(withdrawalMessages.changed);
  const holder = await getEntryHolder(investorId);
  const listing = holder ? await getInvestorListing(holder.userId) : null;
  if (listing?.withdrawnAt && listing.investorId === investorId)
    if (!(await putInvestorListing({ ...listing, withdrawnAt: null }, listing)))
      throw new ConflictError(withdrawalMessages.changed);
  await aggregateSoon({ investorId });
  return restored;
}
