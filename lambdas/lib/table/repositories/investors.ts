import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { InvestorProfile } from '../../../../shared/api/directory';
import type { CartInvestor } from '../../../../shared/cart/cart';
import { deployingFacts } from '../../../../shared/investors/deploying';
import {
  type ProfileSheet,
  profileConfirmed,
  profileFactsOf,
} from '../../../../shared/investors/profile-facts';
import { type ContactSheet, contactSources, type ValueSource } from '../../../../shared/investors/provenance';
import { UNKNOWN_ROLE_KEY } from '../../../../shared/investors/roles';
import {
  type ImportedInvestor,
  type SearchableInvestor,
  uniqueTexts,
} from '../../../../shared/investors/types';
import { normalizeTag } from '../../../../shared/tags/normalize-tag';
import { documentClient } from '../../clients/dynamodb';
import { batchGet, batchWrite, deleteRequest, putRequest } from '../batch';
import type { ItemKeys } from '../definition';
import { checkCursorOf, indexKeysSet } from '../model';
import {
  type DirectoryMetadata,
  directoryMetadataModel,
  directoryMetadataRecords,
  directoryTotalsKey,
  importedInvestorKey,
  importedInvestorModel,
  importedInvestorsWithEmail,
  postingsOfTag,
  searchableInvestorKey,
  searchableInvestorModel,
  stagedRowsOf,
  type TagKind,
  tagCounterKey,
  tagCounterModel,
  tagCounters,
  tagPostingModel,
  unmappedImportedInvestors,
} from '../models';
import {
  getItem,
  type Page,
  putItem,
  queryCount,
  queryPage,
  scanEntities,
  scanEntitiesPage,
  tableName,
} from '../table';

// ---------------------------------------------------------------- imported investors

export async function putImportedInvestors(investors: ImportedInvestor[]): Promise<void> {
  await batchWrite(investors.map((investor) => putRequest(importedInvestorModel.toItem(investor))));
}

export async function getImportedInvestor(id: string): Promise<ImportedInvestor | null> {
  const item = await getItem(importedInvestorKey(id));
  return item ? importedInvestorModel.fromItem(item) : null;
}

/** The first imported investor with this email (any case), like the original's `limit 1`. */
export async function findImportedInvestorByEmail(email: string): Promise<ImportedInvestor | null> {
  const page = await queryPage({
    ...importedInvestorsWithEmail(email),
    Limit: 1,
  });
  const item = page.items[0];
  return item ? importedInvestorModel.fromItem(item) : null;
}

export async function getImportedInvestors(ids: string[]): Promise<ImportedInvestor[]> {
  const items = await batchGet(ids.map((id) => importedInvestorKey(id)));
  return items.map((item) => importedInvestorModel.fromItem(item));
}

/** A page of imported investors still pending mapping, oldest first (sparse index). */
export async function listUnmappedImportedInvestors(
  cursor: string | null,
  limit: number,
): Promise<Page<ImportedInvestor>> {
  const page = await queryPage({
    ...unmappedImportedInvestors(),
    Limit: limit,
    cursor,
  });
  return { items: page.items.map((item) => importedInvestorModel.fromItem(item)), cursor: page.cursor };
}

/** A page of an import job's staged rows (written, not published); published rows leave it. */
export async function listStagedImportedInvestors(jobId: string, limit: number): Promise<ImportedInvestor[]> {
  const page = await queryPage({
    ...stagedRowsOf(jobId),
    Limit: limit,
  });
  return page.items.map((item) => importedInvestorModel.fromItem(item));
}

/** How many rows of an import job are staged: exact, whatever its progress record says. */
export async function countStagedImportedInvestors(jobId: string): Promise<number> {
  return queryCount(stagedRowsOf(jobId));
}

/** Deletes imported investors (an admin discarding a cancelled import's staged rows). */
export async function deleteImportedInvestors(ids: readonly string[]): Promise<void> {
  await batchWrite(ids.map((id) => deleteRequest(importedInvestorKey(id))));
}

/** Every imported investor, in chunks (mapping of all entries: a workflow, never a request). */
export async function* scanImportedInvestors(): AsyncGenerator<ImportedInvestor[]> {
  for await (const items of scanEntities([importedInvestorModel.entity])) {
    yield items.map((item) => importedInvestorModel.fromItem(item));
  }
}

/** One page of all imported investors (mapping of all entries, resumable by cursor). */
export async function scanImportedInvestorsPage(
  cursor: string | null,
  limit: number,
): Promise<Page<ImportedInvestor>> {
  const page = await scanEntitiesPage([importedInvestorModel.entity], cursor, limit);
  return { items: page.items.map((item) => importedInvestorModel.fromItem(item)), cursor: page.cursor };
}

// ---------------------------------------------------------------- searchable investors

export async function getSearchableInvestor(id: string): Promise<SearchableInvestor | null> {
  const item = await getItem(searchableInvestorKey(id));
  return item ? searchableInvestorModel.fromItem(item) : null;
}

/** Searchable investors by id; `consistent` reads what was just written (mapping folds into it). */
export async function getSearchableInvestors(
  ids: string[],
  options: { consistent?: boolean } = {},
): Promise<Map<string, SearchableInvestor>> {
  const items = await batchGet(
    ids.map((id) => searchableInvestorKey(id)),
    options,
  );
  const investors = items.map((item) => searchableInvestorModel.fromItem(item));
  return new Map(investors.map((investor) => [investor.id, investor]));
}

/** The public card of a searchable investor: what search, the cart and postings carry. */
export function toCard(investor: SearchableInvestor): CartInvestor {
  return {
    id: investor.id,
    name: investor.name,
    investorRole: investor.investorRole ?? UNKNOWN_ROLE_KEY,
    stageFocus: investor.stageFocus,
    sectorFocus: investor.sectorFocus,
    hasEmail: investor.hasEmail,
    hasPhone: investor.hasPhone,
    hasLinkedIn: investor.hasLinkedIn,
    hasTwitter: investor.hasTwitter,
    hasCrunchbase: investor.hasCrunchbase,
    firmName: investor.firmName,
    title: investor.title,
    cities: investor.cities,
    countries: investor.countries,
    checkMin: investor.checkMin,
    checkMax: investor.checkMax,
    contactConfirmed: investor.contactConfirmed,
    ...(investor.confirmedByInvestor?.length ? { confirmedByInvestor: investor.confirmedByInvestor } : {}),
    ...(investor.thesisLine ? { thesisLine: investor.thesisLine } : {}),
  };
}

/**
 * The card a cart holds: the public card and the investor's typical cheque, which the export builder's
 * "Typical cheque (USD)" column previews (issue 50). The directory's cards do not carry it.
 */
export function toCartCard(investor: SearchableInvestor): CartInvestor {
  const card = toCard(investor);
  return typeof investor.typicalCheque === 'number'
    ? { ...card, typicalCheque: investor.typicalCheque }
    : card;
}

/** What the investor's own listing names as its record's source (`lambdas/lib/portals/listing.ts`). */
export const SELF_SUBMITTED_SUFFIX = ' (self-submitted)';

/**
 * Where the card's facts came from (issue 50): the record linked to the entry, the investor's own
 * listing (approved by an admin) or an import, in the month it was written.
 */
export function factsSourceOf(imported: ImportedInvestor): ValueSource {
  return {
    by: imported.sourceName.endsWith(SELF_SUBMITTED_SUFFIX) ? 'investor' : 'import',
    month: new Date(imported.importedAt).toISOString().slice(0, 7),
  };
}

/**
 * The public profile of a searchable investor: its card, plus the public facts of its linked imported
 * record (other firms, regions, the cheque size as written, whether it leads, investments). Contact
 * values, notes and unclaimed source columns are never read into it.
 */
export function toProfile(
  investor: SearchableInvestor,
  imported: ImportedInvestor | null,
  profileSheet: ProfileSheet,
  contactSheet: ContactSheet | null = null,
  now: Date = new Date(),
): InvestorProfile {
  const facts = profileFactsOf(profileSheet);
  return {
    ...toCard(investor),
    ...facts,
    deploying: deployingFacts(
      { deals: facts.recentInvestments, fundSize: facts.fundSize, vintage: facts.vintage },
      now,
    ),
    profileConfirmed: profileConfirmed(profileSheet),
    contactSources: contactSheet ? contactSources(contactSheet) : {},
    factsSource: imported ? factsSourceOf(imported) : null,
    otherFirms: uniqueTexts((imported?.otherFirms ?? []).map((firm) => firm.name)),
    regions: uniqueTexts(imported?.geographyFocus?.regions ?? []),
    checkSizeText: imported?.checkSize?.bucket?.trim() || null,
    leadsRounds: imported?.leadsRounds ?? null,
    selectedInvestments: uniqueTexts(imported?.selectedInvestments ?? []),
    portfolioCompanies: uniqueTexts(imported?.portfolioCompanies ?? []),
    updatedAt: investor.updatedAt,
    // Issue 52: the profile's route adds the published figures (their own item).
    responseTimes: null,
  };
}

/**
 * The tags of one kind an investor carries, by normalised key, each with the spelling the investor
 * uses first (what the weighted tag lists show as that tag's variants).
 */
export function tagSpellings(investor: SearchableInvestor | null, kind: TagKind): Map<string, string> {
  const spellings = new Map<string, string>();
  for (const value of investor ? (kind === 'stage' ? investor.stageFocus : investor.sectorFocus) : []) {
    const key = normalizeTag(value);
    if (key !== '' && !spellings.has(key)) spellings.set(key, value);
  }
  return spellings;
}

/** A searchable investor written or changed: what it was (null when new) and what it becomes. */
export interface SearchableChange {
  before: SearchableInvestor | null;
  after: SearchableInvestor;
}

/** A searchable investor that leaves the directory (a withdrawn profile, issue 21). */
export interface SearchableRemoval {
  before: SearchableInvestor;
  after: null;
}

/** Attribute names of the counters' per-spelling and per-role numbers (top level, so `ADD` can change them). */
const VARIANT_ATTRIBUTE_PREFIX = 'variant#';
const ROLE_ATTRIBUTE_PREFIX = 'role#';

/** The net change of one batch to one tag counter: its count and the count of each spelling. */
interface TagCounterDelta {
  kind: TagKind;
  tagKey: string;
  delta: number;
  variants: Map<string, number>;
}

/** What an investor adds to the directory totals: 1 to the total, its role and each contact kind it has. */
function totalsContribution(investor: SearchableInvestor): Map<string, number> {
  const contribution = new Map<string, number>([
    ['investors', 1],
    [`${ROLE_ATTRIBUTE_PREFIX}${investor.investorRole ?? UNKNOWN_ROLE_KEY}`, 1],
  ]);
  for (const [attribute, has] of [
    ['withEmail', investor.hasEmail],
    ['withPhone', investor.hasPhone],
    ['withLinkedIn', investor.hasLinkedIn],
    ['withTwitter', investor.hasTwitter],
    ['withCrunchbase', investor.hasCrunchbase],
  ] as const) {
    if (has) contribution.set(attribute, 1);
  }
  return contribution;
}

/**
 * Writes searchable investors and keeps their tag postings and every counter in step: a posting per
 * current tag (rewritten, since it carries the card), removed postings for dropped tags or a changed
 * name, one update per tag counter with the net change of this batch (count and spellings), and one
 * update of the directory totals (investors, contact kinds, roles). Aggregation reads the counters,
 * so it never has to scan the table.
 */
export async function writeSearchableInvestors(
  changes: readonly (SearchableChange | SearchableRemoval)[],
): Promise<void> {
  const requests = [];
  const deltas = new Map<string, TagCounterDelta>();
  const tagDelta = (kind: TagKind, tagKey: string) => {
    const key = `${kind}#${tagKey}`;
    const entry = deltas.get(key) ?? { kind, tagKey, delta: 0, variants: new Map<string, number>() };
    deltas.set(key, entry);
    return entry;
  };
  const totals = new Map<string, number>();
  const addTotals = (contribution: Map<string, number>, sign: 1 | -1) => {
    for (const [attribute, n] of contribution) totals.set(attribute, (totals.get(attribute) ?? 0) + sign * n);
  };
  for (const { before, after } of changes) {
    const current = after ?? before;
    if (!current) continue;
    if (after) requests.push(putRequest(searchableInvestorModel.toItem(after)));
    else requests.push(deleteRequest(searchableInvestorKey(current.id)));
    if (before) addTotals(totalsContribution(before), -1);
    if (after) addTotals(totalsContribution(after), 1);
    // A removal's postings are all deleted: its own card only names their keys.
    const card = toCard(current);
    for (const kind of ['stage', 'sector'] as const) {
      const old = tagSpellings(before, kind);
      const now = tagSpellings(after, kind);
      for (const [tagKey, spelling] of old) {
        const oldKey = tagPostingModel.keys({ kind, tagKey, investor: before ? toCard(before) : card });
        const newKey = tagPostingModel.keys({ kind, tagKey, investor: card });
        // Deleting and putting one key in the same batch is refused; a kept tag under the same sort key is just overwritten.
        if (!now.has(tagKey) || oldKey.sk !== newKey.sk)
          requests.push(deleteRequest({ pk: oldKey.pk, sk: oldKey.sk }));
        if (now.get(tagKey) === spelling) continue;
        const entry = tagDelta(kind, tagKey);
        if (!now.has(tagKey)) entry.delta--;
        entry.variants.set(spelling, (entry.variants.get(spelling) ?? 0) - 1);
      }
      for (const [tagKey, spelling] of now) {
        requests.push(putRequest(tagPostingModel.toItem({ kind, tagKey, investor: card })));
        if (old.get(tagKey) === spelling) continue;
        const entry = tagDelta(kind, tagKey);
        if (!old.has(tagKey)) entry.delta++;
        entry.variants.set(spelling, (entry.variants.get(spelling) ?? 0) + 1);
      }
    }
  }
  await batchWrite(requests);
  await Promise.all([
    applyTagCounterDeltas([...deltas.values()].filter(isChange)),
    applyTotalsDelta(new Map([...totals].filter(([, n]) => n !== 0))),
  ]);
}

const isChange = (d: TagCounterDelta) => d.delta !== 0 || [...d.variants.values()].some((n) => n !== 0);

/** `ADD` of each (attribute, number) pair, with placeholders: `ADD #a0 :a0, #a1 :a1`. */
function addExpression(additions: [string, number][]) {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const clauses = additions.map(([attribute, n], i) => {
    names[`#a${i}`] = attribute;
    values[`:a${i}`] = n;
    return `#a${i} :a${i}`;
  });
  return { expression: `ADD ${clauses.join(', ')}`, names, values };
}

async function applyTagCounterDeltas(deltas: TagCounterDelta[], concurrency = 8) {
  let next = 0;
  const worker = async () => {
    while (next < deltas.length) {
      const d = deltas[next++];
      if (!d) return;
      const add = addExpression([
        ['count', d.delta],
        ...[...d.variants]
          .filter(([, n]) => n !== 0)
          .map(([spelling, n]): [string, number] => [`${VARIANT_ATTRIBUTE_PREFIX}${spelling}`, n]),
      ]);
      const counter = tagCounterItem({ kind: d.kind, tagKey: d.tagKey, count: 0, variants: {} });
      // In the counters' index (gsi1), with the keys the model gives the counter.
      const index = indexKeysSet(counter);
      await documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: counter.pk, sk: counter.sk },
          UpdateExpression: `${add.expression} SET ${['entity = :entity', 'kind = :kind', 'tagKey = :tagKey', ...index.sets].join(', ')}`,
          ExpressionAttributeNames: { ...add.names, ...index.names },
          ExpressionAttributeValues: {
            ...add.values,
            ':entity': counter.entity,
            ':kind': d.kind,
            ':tagKey': d.tagKey,
            ...index.values,
          },
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, deltas.length) }, worker));
}

async function applyTotalsDelta(delta: Map<string, number>) {
  if (delta.size === 0) return;
  const add = addExpression([...delta]);
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: DIRECTORY_TOTALS_KEY,
      UpdateExpression: `${add.expression} SET entity = :entity`,
      ExpressionAttributeNames: add.names,
      ExpressionAttributeValues: { ...add.values, ':entity': DIRECTORY_TOTALS_ENTITY },
    }),
  );
}

/** A tag counter: how many searchable investors carry the tag, and how many use each spelling of it. */
export interface TagCounter {
  kind: TagKind;
  tagKey: string;
  count: number;
  variants: Record<string, number>;
}

function tagCounterItem(counter: TagCounter): Record<string, unknown> & ItemKeys & { entity: string } {
  const item = tagCounterModel.toItem({ kind: counter.kind, tagKey: counter.tagKey, count: counter.count });
  const variants = Object.entries(counter.variants).filter(([, n]) => n !== 0);
  return {
    ...item,
    ...Object.fromEntries(variants.map(([spelling, n]) => [`${VARIANT_ATTRIBUTE_PREFIX}${spelling}`, n])),
  };
}

function tagCounterFromItem(item: Record<string, unknown>): TagCounter {
  const variants: Record<string, number> = {};
  const rest: Record<string, unknown> = {};
  for (const [attribute, value] of Object.entries(item)) {
    if (attribute.startsWith(VARIANT_ATTRIBUTE_PREFIX))
      variants[attribute.slice(VARIANT_ATTRIBUTE_PREFIX.length)] = Number(value);
    else rest[attribute] = value;
  }
  return { ...tagCounterModel.fromItem(rest), variants };
}

/** Sets tag counters to exact values, spellings included (the recount reconciles drift). */
export async function setTagCounters(counters: TagCounter[]): Promise<void> {
  await batchWrite(counters.map((c) => putRequest(tagCounterItem(c))));
}

/** Every tag counter, from the counters' index (one Query per 1 MB page, never a Scan). */
export async function listTagCounters(): Promise<TagCounter[]> {
  const counters: TagCounter[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<Record<string, unknown>> = await queryPage({
      ...tagCounters(),
      cursor,
    });
    counters.push(...page.items.map(tagCounterFromItem));
    cursor = page.cursor;
  } while (cursor);
  return counters;
}

// ---------------------------------------------------------------- directory totals

const DIRECTORY_TOTALS_KEY = directoryTotalsKey();
const DIRECTORY_TOTALS_ENTITY = 'directoryTotals';

/** The running totals of the directory: searchable investors, those with each contact kind, and by role. */
export interface DirectoryTotals {
  investors: number;
  withEmail: number;
  withPhone: number;
  withLinkedIn: number;
  withTwitter: number;
  withCrunchbase: number;
  byRole: Record<string, number>;
}

const TOTAL_ATTRIBUTES = [
  'investors',
  'withEmail',
  'withPhone',
  'withLinkedIn',
  'withTwitter',
  'withCrunchbase',
] as const;

/** The directory totals, or null when they were never counted (data written before the counters existed). */
export async function getDirectoryTotals(): Promise<DirectoryTotals | null> {
  const item = await getItem(DIRECTORY_TOTALS_KEY, true);
  if (!item) return null;
  const byRole: Record<string, number> = {};
  for (const [attribute, value] of Object.entries(item)) {
    if (attribute.startsWith(ROLE_ATTRIBUTE_PREFIX))
      byRole[attribute.slice(ROLE_ATTRIBUTE_PREFIX.length)] = Number(value);
  }
  const number = (attribute: string) => Number(item[attribute] ?? 0);
  return {
    investors: number('investors'),
    withEmail: number('withEmail'),
    withPhone: number('withPhone'),
    withLinkedIn: number('withLinkedIn'),
    withTwitter: number('withTwitter'),
    withCrunchbase: number('withCrunchbase'),
    byRole,
  };
}

/** Sets the directory totals to exact values (the recount). */
export async function setDirectoryTotals(totals: DirectoryTotals): Promise<void> {
  await putItem({
    ...DIRECTORY_TOTALS_KEY,
    entity: DIRECTORY_TOTALS_ENTITY,
    ...Object.fromEntries(TOTAL_ATTRIBUTES.map((attribute) => [attribute, totals[attribute]])),
    ...Object.fromEntries(
      Object.entries(totals.byRole).map(([role, n]) => [`${ROLE_ATTRIBUTE_PREFIX}${role}`, n]),
    ),
  });
}

/** Sets the searchable entry id on imported investors and takes them out of the pending index. */
export async function markImportedInvestorsMapped(
  mapped: { investor: ImportedInvestor; searchableId: string }[],
  now: string,
) {
  await batchWrite(
    mapped.map(({ investor, searchableId }) =>
      putRequest(
        importedInvestorModel.toItem({
          ...investor,
          searchableInvestorEntryId: searchableId,
          status: 'mapped',
          updatedAt: now,
        }),
      ),
    ),
  );
}

/** Search: one page of investors carrying the tag, alphabetical by name, and the total count. */
export async function searchByTag(
  kind: TagKind,
  tag: string,
  cursor: string | null,
  limit: number,
): Promise<Page<CartInvestor> & { total: number }> {
  const tagKey = normalizeTag(tag);
  const postings = postingsOfTag(kind, tagKey);
  // A cursor of another search (or an edited one) would make DynamoDB refuse the query (a 500): refuse it here.
  checkCursorOf(cursor, postings, 'The cursor does not belong to this search.');
  const [page, counter] = await Promise.all([
    queryPage({ ...postings, Limit: limit, cursor }),
    getItem(tagCounterKey(kind, tagKey)),
  ]);
  return {
    items: page.items.map((item) => tagPostingModel.fromItem(item).investor),
    cursor: page.cursor,
    total: counter ? Math.max(0, Number(counter.count ?? 0)) : 0,
  };
}

/** The names and ids of investors carrying a tag, page by page (field merger, debug-field page). */
/** One page of a tag's postings, alphabetical, resumable from its cursor (a field-merger batch). */
export async function postingsPage(
  kind: TagKind,
  tag: string,
  cursor: string | null,
  limit: number,
): Promise<Page<CartInvestor>> {
  const page = await queryPage({
    ...postingsOfTag(kind, normalizeTag(tag)),
    Limit: limit,
    cursor,
  });
  return { items: page.items.map((item) => tagPostingModel.fromItem(item).investor), cursor: page.cursor };
}

export async function* postingsForTag(kind: TagKind, tag: string): AsyncGenerator<CartInvestor[]> {
  let cursor: string | null = null;
  do {
    const page: Page<Record<string, unknown>> = await queryPage({
      ...postingsOfTag(kind, normalizeTag(tag)),
      cursor,
    });
    yield page.items.map((item) => tagPostingModel.fromItem(item).investor);
    cursor = page.cursor;
  } while (cursor);
}

/** One page of the recount's Scan (searchable investors and tag counters), resumable from its cursor. */
export async function scanDirectoryPage(
  cursor: string | null,
  limit: number,
): Promise<{ investors: SearchableInvestor[]; counters: TagCounter[]; cursor: string | null }> {
  const page = await scanEntitiesPage(
    [searchableInvestorModel.entity, tagCounterModel.entity],
    cursor,
    limit,
  );
  return {
    investors: page.items
      .filter((i) => i.entity === searchableInvestorModel.entity)
      .map((i) => searchableInvestorModel.fromItem(i)),
    counters: page.items.filter((i) => i.entity === tagCounterModel.entity).map(tagCounterFromItem),
    cursor: page.cursor,
  };
}

// ---------------------------------------------------------------- directory metadata

export async function putDirectoryMetadata(metadata: DirectoryMetadata): Promise<void> {
  await putItem(directoryMetadataModel.toItem(metadata));
}

/** The latest directory metadata record (by createdAt), or null before the first aggregation. */
export async function getLatestDirectoryMetadata(): Promise<DirectoryMetadata | null> {
  const page = await queryPage({
    ...directoryMetadataRecords(),
    ScanIndexForward: false,
    Limit: 1,
  });
  const item = page.items[0];
  return item ? directoryMetadataModel.fromItem(item) : null;
}
