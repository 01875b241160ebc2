import { applyRules } from '../../../shared/curation/rules';
import {
  type InvestorProfileFields,
  investorProfileFieldsSchema,
} from '../../../shared/investors/investor-profile';
import { offeredContacts, type Withdrawal, withoutOffers } from '../../../shared/investors/listing';
import { mergeSearchableInvestors } from '../../../shared/investors/merge-searchable';
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
import { searchableIdFor } from '../directory/mapping';
import { recordSearchChanges, recordSearchRemovals } from '../directory/search-index';
import { ConflictError } from '../errors';
import { logger } from '../observability/logger';
import type { InvestorListing, InvestorProfileItem } from '../table/models';
import { getContactSheet, putInvestorContacts } from '../table/repositories/contacts';
import { curationRuleMaps } from '../table/repositories/curation-rules';
import {
  getInvestorListing,
  putInvestorListing,
  putWithdrawnInvestor,
} from '../table/repositories/investor-listings';
import {
  getSearchableInvestors,
  putImportedInvestors,
  writeSearchableInvestors,
} from '../table/repositories/investors';
import { getPortal } from '../table/repositories/portals';

/**
 * An investor's listing in the directory (issue 21, docs/data-model.md "Investor listings"): an
 * approved profile becomes an imported investor with source "{portal name} (self-submitted)" and is
 * mapped like an import (the same email joins the existing entry), except that what the investor
 * says of themselves ranks over imports: their contact values (only those founders may buy) enter
 * the contact sheet with source 'investor' and the approval's date, a contact they do not offer
 * leaves it, and their name, firm, role, focus, places and cheque replace the entry's.
 *
 * Not under the `mapping` run lock, like the admin's correction: each write is one investor's, and
 * every write here is idempotent (a retry after a crash writes the same), so the only overlap is a
 * bulk mapping folding an import into the same entry at the same moment, which the next "process
 * all" or recount settles (docs/decisions.md).
 */

export const listingMessages = {
  withdrawn: 'You withdrew your profile from the directory. Write to us to list it again.',
  notListed: 'Your profile is not in the directory yet: it is listed once an admin approves it.',
  changedElsewhere: 'Your listing was changed in another window. Reload it and try again.',
} as const;

/** The source name of a portal's self-submitted profiles: "{portal name} (self-submitted)". */
export const selfSubmittedSource = (portalName: string) => `${portalName} (self-submitted)`;

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
      other: profile.links.website.trim() ? [profile.links.website.trim()] : [],
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
    notes: profile.thesis.trim() || null,
    otherMetadata: [],
    sourceName: context.sourceName,
    sourceUrl: context.sourceUrl,
    importedAt: context.at,
    importedByUserId: context.adminUserId,
    status: context.searchableId ? 'mapped' : 'pending',
    fieldStatuses: [],
    updatedAt: context.at,
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
async function aggregateSoon(context: Record<string, unknown>): Promise<void> {
  try {
    await aggregationWorkflow.start({ action: 'aggregate', lockName: null, lockOwner: null });
  } catch (error) {
    logger.error('the aggregation after a listing change did not start', { ...context, error });
  }
}

/** Writes an entry and its sheet: sheet first, then the search change, then the table (as mapping does). */
async function writeEntry(
  before: SearchableInvestor | null,
  after: SearchableInvestor,
  sheet: ContactSheet,
  now: Date,
) {
  await putInvestorContacts([sheet]);
  await recordSearchChanges([after], now);
  await writeSearchableInvestors([{ before, after }]);
}

/**
 * Lists an approved profile (first approval, or an approved update): the self-submitted record, the
 * entry it maps to (the listing's, else the one its identity email maps to), the sheet and the
 * listing, confirmed now. Idempotent: run again after a crash, it writes the same.
 */
export async function publishListing(
  profile: InvestorProfileItem,
  adminUserId: string,
  now: Date,
): Promise<InvestorListing> {
  const existing = await getInvestorListing(profile.userId);
  if (existing?.withdrawnAt) throw new ConflictError(listingMessages.withdrawn);
  const at = now.toISOString();
  const fields = profileFieldsOf(profile);
  const portal = await getPortal(profile.portalId);
  const identityEmail =
    existing?.identityEmail ?? (fields.contact.email.trim() || profile.accountEmail).trim().toLowerCase();
  const recordId = existing?.importedInvestorId ?? `self_${profile.userId}`;
  const draft = selfSubmittedRecord(fields, {
    id: recordId,
    identityEmail,
    sourceName: selfSubmittedSource(portal?.name ?? profile.portalId),
    sourceUrl: portal?.firm.website || null,
    at,
    adminUserId,
    searchableId: null,
  });
  const investorId = existing?.investorId ?? searchableIdFor(draft);
  const record: ImportedInvestor = { ...draft, searchableInvestorEntryId: investorId, status: 'mapped' };

  const [found, rules] = await Promise.all([
    getSearchableInvestors([investorId], { consistent: true }),
    curationRuleMaps(),
  ]);
  const before = found.get(investorId) ?? null;
  const stored = before ? await getContactSheet(before) : emptyContactSheet(investorId, at);
  const sheet = applyInvestorContacts(stored, offeredContacts(fields), profile.userId, at);
  const theirs = toSearchableInvestor(record, investorId);
  let after = before ? ownWord(before, theirs) : theirs;
  after = withPublicContactFacts(
    {
      ...after,
      sectorFocus: applyRules(after.sectorFocus, rules.sectorFocus),
      stageFocus: applyRules(after.stageFocus, rules.stageFocus),
      updatedAt: at,
    },
    sheet,
  );

  await putImportedInvestors([record]);
  await writeEntry(before, after, sheet, now);
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
  };
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
  await changeSheet(listing, (sheet) => confirmInvestorContacts(sheet, userId, at), now);
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
  // The mark first: from then on no mapping writes the entry, so removing it cannot be undone by one.
  await putWithdrawnInvestor(listing.investorId, userId, at);
  const before = (await getSearchableInvestors([listing.investorId], { consistent: true })).get(
    listing.investorId,
  );
  if (before) {
    await recordSearchRemovals([{ ...before, updatedAt: at }], now);
    await writeSearchableInvestors([{ before, after: null }]);
  }
  if (!(await putInvestorListing(next, listing))) throw new ConflictError(listingMessages.changedElsewhere);
  await aggregateSoon({ investorId: listing.investorId });
  return { ...next, version: listing.version + 1 };
}
