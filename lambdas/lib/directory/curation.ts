import type { CartInvestor } from '../../../shared/cart/cart';
import {
  applyFieldMerger,
  type FieldMergerRequest,
  type MergeableField,
} from '../../../shared/curation/field-merger';
import type { TagKind } from '../table/models';
import {
  getSearchableInvestors,
  postingsForTag,
  type SearchableChange,
  writeSearchableInvestors,
} from '../table/repositories/investors';
import { recordSearchChanges } from './search-index';

export const tagKindOf = (field: MergeableField): TagKind => (field === 'stageFocus' ? 'stage' : 'sector');

/** Every searchable investor carrying any of the values (any case variant) in the field. */
export async function investorsWithAnyValue(
  field: MergeableField,
  values: readonly string[],
): Promise<CartInvestor[]> {
  const found = new Map<string, CartInvestor>();
  for (const value of values) {
    for await (const page of postingsForTag(tagKindOf(field), value)) {
      for (const investor of page) found.set(investor.id, investor);
    }
  }
  return [...found.values()];
}

/**
 * The field merger over the directory: finds every searchable investor whose field holds one of the
 * request's values, applies merge, remove or split to each, and writes the changed ones with their
 * tag postings and counters. Returns how many matched and how many changed.
 */
export async function applyFieldMergerToDirectory(
  request: FieldMergerRequest,
): Promise<{ matched: number; updated: number }> {
  const matches = await investorsWithAnyValue(request.field, request.values);
  if (matches.length === 0) return { matched: 0, updated: 0 };
  const current = await getSearchableInvestors(matches.map((m) => m.id));
  const now = new Date().toISOString();
  const changes: SearchableChange[] = [];
  for (const before of current.values()) {
    const result = applyFieldMerger(request, before[request.field]);
    if (result.changed)
      changes.push({ before, after: { ...before, [request.field]: result.values, updatedAt: now } });
  }
  for (let i = 0; i < changes.length; i += 500) {
    const chunk = changes.slice(i, i + 500);
    await recordSearchChanges(chunk.map((change) => change.after));
    await writeSearchableInvestors(chunk);
  }
  return { matched: matches.length, updated: changes.length };
}
