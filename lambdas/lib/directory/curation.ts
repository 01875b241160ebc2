import { randomUUID } from 'node:crypto';
import type { CartInvestor } from '../../../shared/cart/cart';
import {
  applyFieldMerger,
  type FieldMergerRequest,
  type MergeableField,
} from '../../../shared/curation/field-merger';
import type { CurationJobItem, RunLock, TagKind } from '../table/models';
import { getCurationJob, updateCurationJob } from '../table/repositories/curation-jobs';
import { renewRunLock } from '../table/repositories/function-runs';
import {
  getSearchableInvestors,
  postingsForTag,
  postingsPage,
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

/** A new field-merger run of a validated request, before its first batch. */
export function newCurationJob(
  request: FieldMergerRequest,
  total: number,
  startedByUserId: string,
  now: string,
): CurationJobItem {
  return {
    id: `cur_${randomUUID().replaceAll('-', '')}`,
    status: 'running',
    ...request,
    total,
    processed: 0,
    updated: 0,
    valueIndex: 0,
    cursor: null,
    startedAt: now,
    finishedAt: null,
    failureReason: null,
    startedByUserId,
  };
}

/** Investors read per batch of a field-merger run. */
export const CURATION_PAGE_SIZE = 200;

/**
 * One batch of a field-merger run: pages through the postings of each value of the request (from
 * the saved cursor), applies merge, remove or split to those investors, and writes the ones that
 * changed with their postings and counters, until the time budget is spent. Progress and the cursor
 * are saved after each page, so a retried batch resumes; an investor already changed is unchanged
 * the second time. Done when every value's postings have been read.
 */
export async function curationBatch(
  jobId: string,
  options: {
    budgetMs?: number;
    pageSize?: number;
    lock?: { name: RunLock | null; owner: string | null };
  } = {},
): Promise<{ done: boolean; processed: number; updated: number }> {
  // The run's lock first: a batch of a run that lost it changes nobody.
  if (options.lock) await renewRunLock(options.lock);
  const job = await getCurationJob(jobId);
  if (!job) throw new Error(`Field-merger run ${jobId} does not exist`);
  const deadline = Date.now() + (options.budgetMs ?? 60_000);
  const request: FieldMergerRequest = {
    action: job.action,
    field: job.field,
    values: job.values,
    finalValue: job.finalValue,
  };
  let { valueIndex, cursor, processed, updated } = job;
  while (valueIndex < job.values.length) {
    const page = await postingsPage(
      tagKindOf(job.field),
      job.values[valueIndex] ?? '',
      cursor,
      options.pageSize ?? CURATION_PAGE_SIZE,
    );
    const current = await getSearchableInvestors(
      page.items.map((investor) => investor.id),
      { consistent: true },
    );
    const now = new Date().toISOString();
    const changes: SearchableChange[] = [];
    for (const before of current.values()) {
      const result = applyFieldMerger(request, before[job.field]);
      if (result.changed)
        changes.push({ before, after: { ...before, [job.field]: result.values, updatedAt: now } });
    }
    await recordSearchChanges(changes.map((change) => change.after));
    await writeSearchableInvestors(changes);
    processed += page.items.length;
    updated += changes.length;
    cursor = page.cursor;
    if (cursor === null) valueIndex++;
    await updateCurationJob(jobId, { valueIndex, cursor, processed, updated });
    if (Date.now() >= deadline) break;
  }
  return { done: valueIndex >= job.values.length, processed, updated };
}

/** The whole run in one go (tests of small directories, the benchmark): every batch until done. */
export async function runCurationJob(jobId: string): Promise<{ processed: number; updated: number }> {
  for (;;) {
    const batch = await curationBatch(jobId);
    if (batch.done) return batch;
  }
}
