import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CartInvestor } from '../../../../shared/cart/cart';
import type { ImportedInvestor, SearchableInvestor } from '../../../../shared/investors/types';
import { normalizeTag } from '../../../../shared/tags/normalize-tag';
import { documentClient } from '../../clients/dynamodb';
import { batchGet, batchWrite, deleteRequest, putRequest } from '../batch';
import { decodeCursor, InvalidCursorError } from '../model';
import {
  type DirectoryMetadata,
  directoryMetadataModel,
  importedInvestorModel,
  searchableInvestorModel,
  type TagKind,
  tagCounterModel,
  tagPostingModel,
} from '../models';
import { getItem, type Page, putItem, queryPage, scanEntities, scanEntitiesPage, tableName } from '../table';

// ---------------------------------------------------------------- imported investors

export async function putImportedInvestors(investors: ImportedInvestor[]): Promise<void> {
  await batchWrite(investors.map((investor) => putRequest(importedInvestorModel.toItem(investor))));
}

export async function getImportedInvestor(id: string): Promise<ImportedInvestor | null> {
  const item = await getItem(`IMPORTED#${id}`, 'IMPORTED');
  return item ? importedInvestorModel.fromItem(item) : null;
}

/** The first imported investor with this email (any case), like the original's `limit 1`. */
export async function findImportedInvestorByEmail(email: string): Promise<ImportedInvestor | null> {
  const page = await queryPage({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `EMAIL#${email.trim().toLowerCase()}` },
    Limit: 1,
  });
  const item = page.items[0];
  return item ? importedInvestorModel.fromItem(item) : null;
}

export async function getImportedInvestors(ids: string[]): Promise<ImportedInvestor[]> {
  const items = await batchGet(ids.map((id) => ({ pk: `IMPORTED#${id}`, sk: 'IMPORTED' })));
  return items.map((item) => importedInvestorModel.fromItem(item));
}

/** A page of imported investors still pending mapping, oldest first (sparse index). */
export async function listUnmappedImportedInvestors(
  cursor: string | null,
  limit: number,
): Promise<Page<ImportedInvestor>> {
  const page = await queryPage({
    index: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': 'UNMAPPED' },
    Limit: limit,
    cursor,
  });
  return { items: page.items.map((item) => importedInvestorModel.fromItem(item)), cursor: page.cursor };
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
  const item = await getItem(`INVESTOR#${id}`, 'INVESTOR');
  return item ? searchableInvestorModel.fromItem(item) : null;
}

/** Searchable investors by id; `consistent` reads what was just written (mapping folds into it). */
export async function getSearchableInvestors(
  ids: string[],
  options: { consistent?: boolean } = {},
): Promise<Map<string, SearchableInvestor>> {
  const items = await batchGet(
    ids.map((id) => ({ pk: `INVESTOR#${id}`, sk: 'INVESTOR' })),
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
    investorRole: investor.investorRole ?? 'unknown',
    stageFocus: investor.stageFocus,
    sectorFocus: investor.sectorFocus,
    hasEmail: investor.hasEmail,
    hasPhone: investor.hasPhone,
    hasLinkedIn: investor.hasLinkedIn,
    hasTwitter: investor.hasTwitter,
    hasCrunchbase: investor.hasCrunchbase,
  };
}

const tagsOf = (investor: SearchableInvestor | null, kind: TagKind): Set<string> =>
  new Set(
    (investor ? (kind === 'stage' ? investor.stageFocus : investor.sectorFocus) : [])
      .map(normalizeTag)
      .filter((t) => t !== ''),
  );

/** A searchable investor written or changed: what it was (null when new) and what it becomes. */
export interface SearchableChange {
  before: SearchableInvestor | null;
  after: SearchableInvestor;
}

/**
 * Writes searchable investors and keeps their tag postings and tag counters in step: a posting per
 * current tag (rewritten, since it carries the card), removed postings for dropped tags or a changed
 * name, and one counter update per tag with the net change of this batch.
 */
export async function writeSearchableInvestors(changes: SearchableChange[]): Promise<void> {
  const requests = [];
  const deltas = new Map<string, { kind: TagKind; tagKey: string; delta: number }>();
  const bump = (kind: TagKind, tagKey: string, delta: number) => {
    const key = `${kind}#${tagKey}`;
    const entry = deltas.get(key) ?? { kind, tagKey, delta: 0 };
    entry.delta += delta;
    deltas.set(key, entry);
  };
  for (const { before, after } of changes) {
    requests.push(putRequest(searchableInvestorModel.toItem(after)));
    const card = toCard(after);
    for (const kind of ['stage', 'sector'] as const) {
      const old = tagsOf(before, kind);
      const now = tagsOf(after, kind);
      for (const tagKey of old) {
        const oldKey = tagPostingModel.keys({ kind, tagKey, investor: before ? toCard(before) : card });
        const newKey = tagPostingModel.keys({ kind, tagKey, investor: card });
        // Deleting and putting one key in the same batch is refused; a kept tag under the same sort key is just overwritten.
        if (!now.has(tagKey) || oldKey.sk !== newKey.sk)
          requests.push(deleteRequest({ pk: oldKey.pk, sk: oldKey.sk }));
        if (!now.has(tagKey)) bump(kind, tagKey, -1);
      }
      for (const tagKey of now) {
        requests.push(putRequest(tagPostingModel.toItem({ kind, tagKey, investor: card })));
        if (!old.has(tagKey)) bump(kind, tagKey, 1);
      }
    }
  }
  await batchWrite(requests);
  await applyTagCounterDeltas([...deltas.values()].filter((d) => d.delta !== 0));
}

async function applyTagCounterDeltas(
  deltas: { kind: TagKind; tagKey: string; delta: number }[],
  concurrency = 8,
) {
  let next = 0;
  const worker = async () => {
    while (next < deltas.length) {
      const d = deltas[next++];
      if (!d) return;
      const keys = tagCounterModel.keys({ kind: d.kind, tagKey: d.tagKey, count: 0 });
      await documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: keys.pk, sk: keys.sk },
          UpdateExpression: 'ADD #count :delta SET entity = :entity, kind = :kind, tagKey = :tagKey',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: {
            ':delta': d.delta,
            ':entity': tagCounterModel.entity,
            ':kind': d.kind,
            ':tagKey': d.tagKey,
          },
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, deltas.length) }, worker));
}

/** Sets counters to exact values (aggregation reconciles drift after interrupted runs). */
export async function setTagCounters(
  counters: { kind: TagKind; tagKey: string; count: number }[],
): Promise<void> {
  await batchWrite(counters.map((c) => putRequest(tagCounterModel.toItem(c))));
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
  const pk = `TAG#${kind}#${tagKey}`;
  // A cursor of another search (or an edited one) would make DynamoDB refuse the query (a 500): refuse it here.
  const start = decodeCursor(cursor);
  if (
    start &&
    (Object.keys(start).length !== 2 || start.pk !== pk || !String(start.sk ?? '').startsWith('NAME#'))
  )
    throw new InvalidCursorError('The cursor does not belong to this search.');
  const [page, counter] = await Promise.all([
    queryPage({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': 'NAME#' },
      Limit: limit,
      cursor,
    }),
    getItem(pk, '#COUNT'),
  ]);
  return {
    items: page.items.map((item) => tagPostingModel.fromItem(item).investor),
    cursor: page.cursor,
    total: counter ? Math.max(0, Number(counter.count ?? 0)) : 0,
  };
}

/** The names and ids of investors carrying a tag, page by page (field merger, debug-field page). */
export async function* postingsForTag(kind: TagKind, tag: string): AsyncGenerator<CartInvestor[]> {
  let cursor: string | null = null;
  do {
    const page: Page<Record<string, unknown>> = await queryPage({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `TAG#${kind}#${normalizeTag(tag)}`, ':prefix': 'NAME#' },
      cursor,
    });
    yield page.items.map((item) => tagPostingModel.fromItem(item).investor);
    cursor = page.cursor;
  } while (cursor);
}

/** Every searchable investor and tag counter, in chunks (aggregation: a workflow, never a request). */
export async function* scanDirectory(): AsyncGenerator<{
  investors: SearchableInvestor[];
  counters: { kind: TagKind; tagKey: string; count: number }[];
}> {
  for await (const items of scanEntities([searchableInvestorModel.entity, tagCounterModel.entity])) {
    yield {
      investors: items
        .filter((i) => i.entity === searchableInvestorModel.entity)
        .map((i) => searchableInvestorModel.fromItem(i)),
      counters: items
        .filter((i) => i.entity === tagCounterModel.entity)
        .map((i) => tagCounterModel.fromItem(i)),
    };
  }
}

// ---------------------------------------------------------------- directory metadata

export async function putDirectoryMetadata(metadata: DirectoryMetadata): Promise<void> {
  await putItem(directoryMetadataModel.toItem(metadata));
}

/** The latest directory metadata record (by createdAt), or null before the first aggregation. */
export async function getLatestDirectoryMetadata(): Promise<DirectoryMetadata | null> {
  const page = await queryPage({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': 'DIRECTORY', ':prefix': 'META#' },
    ScanIndexForward: false,
    Limit: 1,
  });
  const item = page.items[0];
  return item ? directoryMetadataModel.fromItem(item) : null;
}
