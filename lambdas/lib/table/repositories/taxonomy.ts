import type { UnmappedKind, UnmappedValue } from '../../../../shared/api/taxonomy';
import { taxonomyKey } from '../../../../shared/taxonomy/fold';
import { Taxonomy, type TaxonomyEdit, type TaxonomyKind } from '../../../../shared/taxonomy/taxonomy';
import { batchWrite, deleteRequest, putRequest } from '../batch';
import { checkCursorOf } from '../model';
import {
  investorsWithUnmappedValue,
  type TaxonomyJobItem,
  taxonomyEditModel,
  taxonomyEdits,
  taxonomyJobKey,
  taxonomyJobModel,
  unmappedPostingModel,
  unmappedValueModel,
  unmappedValuesOf,
} from '../models';
import {
  conditionalWrite,
  getItem,
  putItem,
  queryAll,
  queryCount,
  queryPage,
  setClause,
  updateItem,
} from '../table';

/** Every admin edit of the taxonomy (one small partition). */
export async function listTaxonomyEdits(): Promise<TaxonomyEdit[]> {
  const items = await queryAll({ ...taxonomyEdits() });
  return items.map((item) => taxonomyEditModel.fromItem(item));
}

/** The taxonomy as it stands: the defaults with the admins' edits (read once per mapping batch). */
export async function loadTaxonomy(): Promise<Taxonomy> {
  return new Taxonomy(await listTaxonomyEdits());
}

/** The stored edit of one entry, if any. */
export async function getTaxonomyEdit(kind: TaxonomyKind, value: string): Promise<TaxonomyEdit | null> {
  const item = await getItem(
    taxonomyEditModel.keys({ kind, value, label: value, synonyms: [], added: false, updatedAt: '' }),
    true,
  );
  return item ? taxonomyEditModel.fromItem(item) : null;
}

/**
 * Records an edit: a new entry as given, or the synonyms appended to the entry's stored edit (an
 * append, so two admins adding synonyms at once both keep theirs; the taxonomy drops duplicates).
 */
export async function addTaxonomySynonym(edit: TaxonomyEdit): Promise<void> {
  const item = taxonomyEditModel.toItem(edit);
  await updateItem({
    Key: { pk: item.pk, sk: item.sk },
    UpdateExpression:
      'SET #entity = :entity, #kind = :kind, #value = :value, #label = if_not_exists(#label, :label), #added = if_not_exists(#added, :added), #synonyms = list_append(if_not_exists(#synonyms, :none), :synonyms), #updatedAt = :updatedAt',
    ExpressionAttributeNames: {
      '#entity': 'entity',
      '#kind': 'kind',
      '#value': 'value',
      '#label': 'label',
      '#added': 'added',
      '#synonyms': 'synonyms',
      '#updatedAt': 'updatedAt',
    },
    ExpressionAttributeValues: {
      ':entity': item.entity,
      ':kind': edit.kind,
      ':value': edit.value,
      ':label': edit.label,
      ':added': edit.added,
      ':none': [],
      ':synonyms': edit.synonyms,
      ':updatedAt': edit.updatedAt,
    },
  });
}

/** One investor carrying a value the taxonomy does not know. */
export interface UnmappedPosting {
  kind: UnmappedKind;
  value: string;
  investorId: string;
  name: string;
}

/**
 * Records investors' unmapped values: the queue's value (as first written; rewriting it with
 * another spelling of the same key changes nothing that counts) and one posting per investor.
 * Idempotent: a retried batch writes the same items.
 */
export async function recordUnmappedValues(postings: readonly UnmappedPosting[], now: string): Promise<void> {
  if (postings.length === 0) return;
  const values = new Map<string, UnmappedPosting>();
  const requests = [];
  const seen = new Set<string>();
  for (const posting of postings) {
    const key = taxonomyKey(posting.value);
    if (key === '') continue;
    const id = `${posting.kind}#${key}#${posting.investorId}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!values.has(`${posting.kind}#${key}`)) values.set(`${posting.kind}#${key}`, posting);
    requests.push(
      putRequest(
        unmappedPostingModel.toItem({
          kind: posting.kind,
          key,
          investorId: posting.investorId,
          name: posting.name,
        }),
      ),
    );
  }
  // The value first written keeps its spelling and date: put only where none is stored.
  await Promise.all(
    [...values.values()].map(async (posting) => {
      const item = unmappedValueModel.toItem({
        kind: posting.kind,
        key: taxonomyKey(posting.value),
        value: posting.value,
        firstSeenAt: now,
      });
      await conditionalWrite(putItem(item, 'attribute_not_exists(pk)'));
    }),
  );
  await batchWrite(requests);
}

/** Drops investors' postings of unmapped values (the value now maps, or the investor is gone). */
export async function deleteUnmappedPostings(
  postings: readonly { kind: UnmappedKind; key: string; investorId: string }[],
): Promise<void> {
  await batchWrite(postings.map((p) => deleteRequest(unmappedPostingModel.keys({ ...p, name: '' }))));
}

/** A page of the investors carrying one unmapped value (by investor id). */
export async function unmappedPostingsPage(
  kind: UnmappedKind,
  key: string,
  cursor: string | null,
  limit: number,
): Promise<{ items: { investorId: string; name: string }[]; cursor: string | null }> {
  const page = await queryPage({
    ...investorsWithUnmappedValue(kind, key),
    cursor,
    Limit: limit,
    ConsistentRead: true,
  });
  return {
    items: page.items.map((item) => {
      const posting = unmappedPostingModel.fromItem(item);
      return { investorId: posting.investorId, name: posting.name };
    }),
    cursor: page.cursor,
  };
}

/** How many investors carry an unmapped value (exact: one posting each). */
export const countUnmappedInvestors = (kind: UnmappedKind, key: string): Promise<number> =>
  queryCount({ ...investorsWithUnmappedValue(kind, key) });

/** The queue: a page of one kind's unmapped values still carried by someone, with counts and examples. */
export async function listUnmappedValues(
  kind: UnmappedKind,
  cursor: string | null,
  limit: number,
): Promise<{ items: UnmappedValue[]; cursor: string | null }> {
  checkCursorOf(
    cursor,
    unmappedValuesOf(kind),
    'The cursor does not belong to this queue of unmapped values.',
  );
  const page = await queryPage({ ...unmappedValuesOf(kind), cursor, Limit: limit });
  const items = await Promise.all(
    page.items.map(async (item) => {
      const value = unmappedValueModel.fromItem(item);
      const [investors, examples] = await Promise.all([
        countUnmappedInvestors(kind, value.key),
        unmappedPostingsPage(kind, value.key, null, 3),
      ]);
      return {
        ...value,
        investors,
        examples: examples.items.map((e) => ({ id: e.investorId, name: e.name })),
      };
    }),
  );
  return { items: items.filter((item) => item.investors > 0), cursor: page.cursor };
}

/** Takes a value out of the queue (once no investor carries it). */
export async function deleteUnmappedValue(kind: UnmappedKind, key: string): Promise<void> {
  await batchWrite([deleteRequest(unmappedValueModel.keys({ kind, key, value: '', firstSeenAt: '' }))]);
}

export async function createTaxonomyJob(job: TaxonomyJobItem): Promise<TaxonomyJobItem> {
  await putItem(taxonomyJobModel.toItem(job), 'attribute_not_exists(pk)');
  return job;
}

export async function getTaxonomyJob(id: string): Promise<TaxonomyJobItem | null> {
  const item = await getItem(taxonomyJobKey(id), true);
  return item ? taxonomyJobModel.fromItem(item) : null;
}

/** Sets fields of a running re-map run, or finishes it; false when it is no longer running. */
export async function updateTaxonomyJob(
  id: string,
  changes: Partial<Omit<TaxonomyJobItem, 'id'>>,
): Promise<boolean> {
  const { sets, names, values } = setClause(changes);
  if (sets.length === 0) return true;
  return conditionalWrite(
    updateItem({
      Key: taxonomyJobKey(id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk) AND #status = :running',
      ExpressionAttributeNames: { ...names, '#status': 'status' },
      ExpressionAttributeValues: { ...values, ':running': 'running' },
    }),
  );
}

/** The taxonomy a warm function last read, and when: search reads it at most once a minute. */
let cached: { taxonomy: Taxonomy; at: number } | null = null;
export const TAXONOMY_CACHE_MS = 60_000;

/** The taxonomy for request paths (search, the forms' checks): re-read at most once a minute. */
export async function currentTaxonomy(now = Date.now()): Promise<Taxonomy> {
  if (cached && now - cached.at < TAXONOMY_CACHE_MS) return cached.taxonomy;
  const taxonomy = await loadTaxonomy();
  cached = { taxonomy, at: now };
  return taxonomy;
}

/** A value off the taxonomy's list, named in the 400 a form gets. */
export class OffListError extends Error {
  constructor(
    readonly kind: TaxonomyKind,
    readonly value: string,
  ) {
    super(`${value} is not a ${kind} on the list`);
  }
}

/**
 * The entries a form's values name (any spelling or synonym of an entry), each once, in order;
 * throws {@link OffListError} on the first value that names none (portal, projects: the API's 400).
 */
export async function onListOrRefuse(kind: TaxonomyKind, values: readonly string[]): Promise<string[]> {
  // Read fresh (one Query per save): a sector an admin just added is on the list at once.
  const taxonomy = await loadTaxonomy();
  const entries: string[] = [];
  for (const value of values) {
    const entry = taxonomy.resolve(kind, value);
    if (!entry) throw new OffListError(kind, value);
    if (!entries.includes(entry.value)) entries.push(entry.value);
  }
  return entries;
}
