import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { applyRules } from '../../../shared/curation/rules';
import { mergeSearchableInvestors } from '../../../shared/investors/merge-searchable';
import {
  derivedProfileSheet,
  emptyProfileSheet,
  foldImportedProfiles,
  type ProfileSheet,
  sameProfileFields,
  withPublicProfileFacts,
} from '../../../shared/investors/profile-facts';
import {
  type ContactSheet,
  derivedContactSheet,
  emptyContactSheet,
  foldImportedRecords,
  sameContactFields,
  withPublicContactFacts,
} from '../../../shared/investors/provenance';
import {
  type ImportedInvestor,
  identityKeyOf,
  investorDisplayName,
  type SearchableInvestor,
  toSearchableInvestor,
} from '../../../shared/investors/types';
import { getInvestorContacts, putInvestorContacts } from '../table/repositories/contacts';
import { curationRuleMaps } from '../table/repositories/curation-rules';
import { putImportOutcomePage } from '../table/repositories/imports';
import { claimIdentity, findIdentityIds, newSearchableId } from '../table/repositories/investor-identities';
import { withdrawnInvestorIds } from '../table/repositories/investor-listings';
import {
  getImportedInvestors,
  getSearchableInvestors,
  listStagedImportedInvestors,
  listUnmappedImportedInvestors,
  markImportedInvestorsMapped,
  type SearchableChange,
  scanImportedInvestors,
  scanImportedInvestorsPage,
  writeSearchableInvestors,
} from '../table/repositories/investors';
import { getProfileSheets, putProfileSheets } from '../table/repositories/profile-facts';
import { loadTaxonomy, recordUnmappedValues, type UnmappedPosting } from '../table/repositories/taxonomy';
import { recordSearchChanges } from './search-index';
import { onTaxonomy } from './taxonomy';

/** The id prefix of an investor's self-submitted record (lambdas/lib/portals/listing.ts). */
export const SELF_SUBMITTED_PREFIX = 'self_';

/**
 * The identity key of an imported record (`email#…`, `name#…#…`, or its own id when it has neither):
 * the same person imported twice has the same key, so maps to the same entry (issue 48: through the
 * key's identity item, never an id computed from it).
 */
export const identityKeyFor = (investor: ImportedInvestor): string =>
  identityKeyOf(investor) ?? `imported#${investor.id}`;

/** The identity key of an email. */
export const emailIdentityKey = (email: string): string =>
  identityKeyOf({ email, fullName: null, firstName: null, lastName: null, primaryFirm: null }) ?? '';

/** The identity key of a name and firm (an entry imported without email), or null without a name. */
export const nameAndFirmIdentityKey = (name: string, firm: string): string | null =>
  identityKeyOf({
    email: null,
    fullName: name,
    firstName: null,
    lastName: null,
    primaryFirm: firm.trim() ? { name: firm } : null,
  });

/**
 * The id an identity key had before issue 48 (`inv_` + its unsalted SHA-256): never given to anyone
 * now. Only to find an entry of before that the migration has not moved yet (so mapping and approvals
 * run between the deployment and the migration join it instead of making a second entry), and by the
 * migration to recognise such entries.
 */
export const legacySearchableIdOfKey = (identity: string): string =>
  `inv_${createHash('sha256').update(identity).digest('hex').slice(0, 24)}`;

/**
 * The searchable ids these identity keys map to: their identity items (one BatchGet), else an entry
 * of before issue 48 not yet migrated (its legacy id, when that entry or its withdrawal mark is
 * there). With `create`, a key that maps to nothing gets a new random id, claimed with a conditional
 * put: of two concurrent claims the first stands and the other reads it back.
 */
export async function searchableIdsOfKeys(
  keys: readonly string[],
  options: { create: false } | { create: true; at: string },
): Promise<Map<string, string>> {
  const unique = [...new Set(keys)];
  const found = await findIdentityIds(unique, { consistent: true });
  const missing = unique.filter((key) => !found.has(key));
  if (missing.length > 0) {
    const legacy = new Map(missing.map((key) => [key, legacySearchableIdOfKey(key)]));
    const ids = [...legacy.values()];
    const [entries, withdrawn] = await Promise.all([
      getSearchableInvestors(ids, { consistent: true }),
      withdrawnInvestorIds(ids),
    ]);
    for (const [key, id] of legacy) if (entries.has(id) || withdrawn.has(id)) found.set(key, id);
  }
  if (options.create) {
    const { at } = options;
    const fresh = unique.filter((key) => !found.has(key));
    const claimed = await Promise.all(fresh.map((key) => claimIdentity(key, newSearchableId(), at)));
    fresh.forEach((key, i) => {
      found.set(key, claimed[i] ?? '');
    });
  }
  return found;
}

/** The searchable id an email maps to, if any (never created). */
export const findSearchableIdOfEmail = async (email: string): Promise<string | null> => {
  const key = emailIdentityKey(email);
  return key ? ((await searchableIdsOfKeys([key], { create: false })).get(key) ?? null) : null;
};

/** The searchable id a name and firm map to (an entry imported without email), if any. */
export async function findSearchableIdOfNameAndFirm(name: string, firm: string): Promise<string | null> {
  const key = nameAndFirmIdentityKey(name, firm);
  return key ? ((await searchableIdsOfKeys([key], { create: false })).get(key) ?? null) : null;
}

/**
 * The searchable ids of imported investors, by imported id (created for keys new to the directory).
 * An investor's self-submitted record keeps the entry its approval decided (the verified email's, or
 * one an admin joined it to: issue 30), whatever its email.
 */
export async function searchableIdsFor(
  investors: readonly ImportedInvestor[],
  at: string,
): Promise<Map<string, string>> {
  const own = (investor: ImportedInvestor) =>
    investor.id.startsWith(SELF_SUBMITTED_PREFIX) ? investor.searchableInvestorEntryId : null;
  const byKey = await searchableIdsOfKeys(
    investors.filter((investor) => !own(investor)).map(identityKeyFor),
    { create: true, at },
  );
  return new Map(
    investors.map((investor) => [investor.id, own(investor) ?? byKey.get(identityKeyFor(investor)) ?? '']),
  );
}

/** The searchable id an imported investor maps to, if it maps to one yet (never created). */
export async function findSearchableIdFor(investor: ImportedInvestor): Promise<string | null> {
  if (investor.id.startsWith(SELF_SUBMITTED_PREFIX) && investor.searchableInvestorEntryId)
    return investor.searchableInvestorEntryId;
  const key = identityKeyFor(investor);
  return (await searchableIdsOfKeys([key], { create: false })).get(key) ?? null;
}

/**
 * True when folding changed nothing but `updatedAt`: the stored investor, its postings and its
 * counters stay as they are (re-importing a list writes only the imported records). `updatedAt` then
 * says when the entry last changed.
 */
function unchanged(before: SearchableInvestor | null, after: SearchableInvestor): boolean {
  return before !== null && isDeepStrictEqual({ ...before, updatedAt: '' }, { ...after, updatedAt: '' });
}

export interface MappingResult {
  mapped: number;
  searchableWritten: number;
}

/**
 * What mapping does with one imported record: adds an investor to the directory, merges into one
 * already there (or into an earlier record of the same batch: same email, or same name and firm),
 * or leaves it out (the investor withdrew their listing).
 */
export interface MappingOutcome {
  importedId: string;
  name: string;
  outcome: 'added' | 'merged' | 'withdrawn';
  /** The investor merged into: the directory's name for them and the imported record behind them. */
  into: { name: string; importedId: string } | null;
}

/** Each record's outcome, from the groups by searchable id and the investors already there. */
function mappingOutcomes(
  groups: ReadonlyMap<string, ImportedInvestor[]>,
  existing: ReadonlyMap<string, SearchableInvestor>,
  withdrawn: ReadonlySet<string>,
): MappingOutcome[] {
  const outcomes: MappingOutcome[] = [];
  for (const [id, members] of groups) {
    const before = existing.get(id);
    // A retried batch finds the investor its own record created: that record still added it.
    const earliest = [...members].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))[0];
    const first = before
      ? { name: before.name, importedId: before.importedInvestorId }
      : { name: earliest ? investorDisplayName(earliest) : '', importedId: earliest?.id ?? '' };
    for (const member of members) {
      const name = investorDisplayName(member);
      if (withdrawn.has(id)) outcomes.push({ importedId: member.id, name, outcome: 'withdrawn', into: null });
      else if (member.id === first.importedId)
        outcomes.push({ importedId: member.id, name, outcome: 'added', into: null });
      else outcomes.push({ importedId: member.id, name, outcome: 'merged', into: first });
    }
  }
  return outcomes;
}

/**
 * Maps one chunk of imported investors: groups them by searchable id, folds each group into the
 * existing searchable investor (if any), applies the curation rules to its focus lists, maps its
 * sectors, stages and places onto the taxonomy (values it does not know go to the unmapped queue,
 * never into the directory: shared/taxonomy), folds the
 * group's contact values into the investor's contact sheet (written when it says more than the
 * linked record: docs/data-model.md, "Provenance") and takes the contact flags and confirmed months
 * from it, writes the searchable investors that changed with their tag postings, then links every
 * imported investor to its entry and takes it out of the pending index.
 */
export async function mapImportedInvestors(
  investors: ImportedInvestor[],
  now: Date,
  options: { onOutcomes?: (outcomes: MappingOutcome[]) => Promise<void> } = {},
): Promise<MappingResult> {
  if (investors.length === 0) return { mapped: 0, searchableWritten: 0 };
  const stamp = now.toISOString();
  const idOf = await searchableIdsFor(investors, stamp);
  const groups = new Map<string, ImportedInvestor[]>();
  for (const investor of investors) {
    const id = idOf.get(investor.id) ?? '';
    groups.set(id, [...(groups.get(id) ?? []), investor]);
  }
  const ids = [...groups.keys()];
  const [existing, rules, storedSheets, storedProfiles, withdrawn, taxonomy] = await Promise.all([
    getSearchableInvestors(ids, { consistent: true }),
    curationRuleMaps(),
    getInvestorContacts(ids, { consistent: true }),
    getProfileSheets(ids, { consistent: true }),
    withdrawnInvestorIds(ids),
    loadTaxonomy(),
  ]);
  // An investor mapped before without a sheet reads it from its linked record, unless that is in the batch.
  const inBatch = new Map(investors.map((investor) => [investor.id, investor]));
  const linkedIds = [...existing.values()]
    .filter(
      (before) =>
        (!storedSheets.has(before.id) || !storedProfiles.has(before.id)) &&
        !inBatch.has(before.importedInvestorId),
    )
    .map((before) => before.importedInvestorId);
  const linked = new Map(
    (linkedIds.length > 0 ? await getImportedInvestors(linkedIds) : []).map((r) => [r.id, r]),
  );
  const recordOf = (id: string) => inBatch.get(id) ?? linked.get(id);
  const changes: SearchableChange[] = [];
  const sheets: ContactSheet[] = [];
  const profiles: ProfileSheet[] = [];
  const unmapped: UnmappedPosting[] = [];
  for (const [id, members] of groups) {
    // An investor who withdrew their profile stays out of the directory, whatever is imported.
    if (withdrawn.has(id)) continue;
    const before = existing.get(id) ?? null;
    let after: SearchableInvestor | null = before;
    for (const member of members) {
      const built = toSearchableInvestor(member, id);
      after = after ? mergeSearchableInvestors(after, built) : built;
    }
    if (!after) continue;
    // A new entry: when it entered the directory (a saved search's "new since", issue 35).
    if (!before) after = { ...after, addedAt: stamp };
    // The field merger's decisions hold: a merged, removed or split value never comes back with a re-map.
    after = {
      ...after,
      sectorFocus: applyRules(after.sectorFocus, rules.sectorFocus),
      stageFocus: applyRules(after.stageFocus, rules.stageFocus),
    };
    // Searchable investors carry taxonomy values only: the rest waits in the admins' queue.
    const onList = onTaxonomy(after, taxonomy);
    after = onList.investor;
    unmapped.push(...onList.unmapped);
    const stored = storedSheets.get(id);
    const linkedRecord = recordOf(after.importedInvestorId);
    const implied = linkedRecord ? derivedContactSheet(id, linkedRecord) : emptyContactSheet(id, stamp);
    const sheet = foldImportedRecords(stored ?? (before ? implied : emptyContactSheet(id, stamp)), members);
    if (!sameContactFields(sheet, stored ?? implied)) sheets.push({ ...sheet, updatedAt: stamp });
    after = withPublicContactFacts(after, sheet);
    // The profile facts (issue 33) are folded the same way, into their own sheet.
    const storedProfile = storedProfiles.get(id);
    const impliedProfile = linkedRecord
      ? derivedProfileSheet(id, linkedRecord)
      : emptyProfileSheet(id, stamp);
    const profile = foldImportedProfiles(
      storedProfile ?? (before ? impliedProfile : emptyProfileSheet(id, stamp)),
      members,
    );
    if (!sameProfileFields(profile, storedProfile ?? impliedProfile))
      profiles.push({ ...profile, updatedAt: stamp });
    after = withPublicProfileFacts(after, profile);
    if (!unchanged(before, after)) changes.push({ before, after });
  }
  // Before any write: a batch that fails after it is retried whole and reports its outcomes again.
  await options.onOutcomes?.(mappingOutcomes(groups, existing, withdrawn));
  // Sheets first: a card never shows a month its sheet does not hold (a failed batch is retried whole).
  await putInvestorContacts(sheets);
  await putProfileSheets(profiles);
  await recordUnmappedValues(unmapped, stamp);
  // The search snapshot's change first: a failed table write is retried and records it again.
  await recordSearchChanges(changes.map((change) => change.after));
  await writeSearchableInvestors(changes);
  await markImportedInvestorsMapped(
    investors.map((investor) => ({ investor, searchableId: idOf.get(investor.id) ?? '' })),
    stamp,
  );
  return { mapped: investors.length, searchableWritten: changes.length };
}

/** Maps every pending imported investor, page by page (the admin's "process unmapped"). */
export async function processUnmappedImportedInvestors(
  now: () => Date = () => new Date(),
  pageSize = 500,
): Promise<MappingResult> {
  const total: MappingResult = { mapped: 0, searchableWritten: 0 };
  for (;;) {
    // Mapped records leave the sparse index, so the first page is always the next one.
    const page = await listUnmappedImportedInvestors(null, pageSize);
    if (page.items.length === 0) return total;
    const result = await mapImportedInvestors(page.items, now());
    total.mapped += result.mapped;
    total.searchableWritten += result.searchableWritten;
  }
}

/** Maps every imported investor again (the admin's "process all"). */
export async function processAllImportedInvestors(
  now: () => Date = () => new Date(),
): Promise<MappingResult> {
  const total: MappingResult = { mapped: 0, searchableWritten: 0 };
  for await (const chunk of scanImportedInvestors()) {
    const result = await mapImportedInvestors(
      chunk.filter((investor) => investor.status !== 'staged'),
      now(),
    );
    total.mapped += result.mapped;
    total.searchableWritten += result.searchableWritten;
  }
  return total;
}

export interface MapBatchInput {
  /** Pending records, every record, or the staged rows of one import job (`jobId`) being published. */
  mode: 'unmapped' | 'all' | 'job';
  jobId?: string | undefined;
  cursor: string | null;
  mapped: number;
}

/**
 * One step of the mapping workflow: maps pages until the time budget is spent, then returns where
 * to continue. Unmapped mode always continues from the start of the pending index (mapped records
 * leave it); all mode continues the scan from its cursor.
 */
export async function mapBatch(
  input: MapBatchInput,
  options: { budgetMs?: number; pageSize?: number; now?: () => Date } = {},
): Promise<MapBatchInput & { done: boolean }> {
  const deadline = Date.now() + (options.budgetMs ?? 60_000);
  const pageSize = options.pageSize ?? 500;
  const now = options.now ?? (() => new Date());
  let { cursor, mapped } = input;
  const { mode, jobId } = input;
  if (mode === 'job' && !jobId) throw new Error("Mapping an import's rows needs its jobId");
  do {
    const page =
      mode === 'job'
        ? { items: await listStagedImportedInvestors(jobId ?? '', pageSize), cursor: null }
        : mode === 'unmapped'
          ? await listUnmappedImportedInvestors(null, pageSize)
          : await scanImportedInvestorsPage(cursor, pageSize);
    // Mapping everything again never publishes the rows of an import still running or cancelled.
    const items = mode === 'all' ? page.items.filter((investor) => investor.status !== 'staged') : page.items;
    const onOutcomes = mode === 'job' && jobId ? recordImportOutcomes(jobId) : undefined;
    mapped += (await mapImportedInvestors(items, now(), onOutcomes ? { onOutcomes } : {})).mapped;
    cursor = mode === 'all' ? page.cursor : null;
    const done = mode === 'all' ? cursor === null : page.items.length === 0;
    if (done) return { mode, ...(jobId ? { jobId } : {}), cursor: null, mapped, done: true };
  } while (Date.now() < deadline);
  return { mode, ...(jobId ? { jobId } : {}), cursor, mapped, done: false };
}

/** An import's row number, from its imported record's id (`<jobId>-<row>`). */
const rowOf = (jobId: string, importedId: string): number | null =>
  importedId.startsWith(`${jobId}-`) ? Number(importedId.slice(jobId.length + 1)) : null;

/** Writes a page of an import's outcomes by row number (the import's summary: docs/data-model.md). */
function recordImportOutcomes(jobId: string) {
  return async (outcomes: MappingOutcome[]) => {
    const rows: Record<string, MappingOutcome['outcome']> = {};
    const merged = [];
    for (const outcome of outcomes) {
      const row = rowOf(jobId, outcome.importedId);
      if (row === null) continue;
      rows[String(row)] = outcome.outcome;
      if (outcome.outcome === 'merged' && outcome.into)
        merged.push({
          row,
          name: outcome.name,
          into: outcome.into.name,
          intoRow: rowOf(jobId, outcome.into.importedId),
        });
    }
    const numbers = Object.keys(rows).map(Number);
    if (numbers.length === 0) return;
    await putImportOutcomePage({ jobId, firstRow: Math.min(...numbers), rows, merged });
  };
}
