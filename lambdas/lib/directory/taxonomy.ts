import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { UnmappedKind } from '../../../shared/api/taxonomy';
import type { SearchableInvestor } from '../../../shared/investors/types';
import { taxonomyKey } from '../../../shared/taxonomy/fold';
import { mapPlaces, resolveCountry } from '../../../shared/taxonomy/places';
import type { Taxonomy } from '../../../shared/taxonomy/taxonomy';
import type { RunLock, TaxonomyJobItem } from '../table/models';
import { renewRunLock } from '../table/repositories/function-runs';
import {
  getSearchableInvestors,
  type SearchableChange,
  scanDirectoryPage,
  writeSearchableInvestors,
} from '../table/repositories/investors';
import {
  deleteUnmappedPostings,
  deleteUnmappedValue,
  getTaxonomyJob,
  loadTaxonomy,
  recordUnmappedValues,
  type UnmappedPosting,
  unmappedPostingsPage,
  updateTaxonomyJob,
} from '../table/repositories/taxonomy';
import { recordSearchChanges } from './search-index';

/**
 * A searchable investor on the taxonomy: its sectors and stages the taxonomy's values (each once),
 * its countries by their names, its cities within them; the values the taxonomy does not know
 * left out of it and returned as postings for the unmapped queue (the imported record keeps them).
 */
export function onTaxonomy(
  investor: SearchableInvestor,
  taxonomy: Taxonomy,
): { investor: SearchableInvestor; unmapped: UnmappedPosting[] } {
  const sectors = taxonomy.map('sector', investor.sectorFocus);
  const stages = taxonomy.map('stage', investor.stageFocus);
  const places = mapPlaces(investor.countries, investor.cities);
  const posting = (kind: UnmappedKind) => (value: string) => ({
    kind,
    value,
    investorId: investor.id,
    name: investor.name,
  });
  return {
    investor: {
      ...investor,
      sectorFocus: sectors.values,
      stageFocus: stages.values,
      countries: places.countries,
      cities: places.cities,
    },
    unmapped: [...sectors.unmapped.map(posting('sector')), ...stages.unmapped.map(posting('stage'))],
  };
}

const FIELD: Readonly<Record<UnmappedKind, 'sectorFocus' | 'stageFocus' | 'countries'>> = {
  sector: 'sectorFocus',
  stage: 'stageFocus',
  country: 'countries',
};

/** What an unmapped value stands for now (a synonym was added), or null while still unknown. */
function targetOf(taxonomy: Taxonomy, kind: UnmappedKind, key: string): string | null {
  if (kind === 'country') return resolveCountry(key)?.name ?? null;
  return taxonomy.resolve(kind, key)?.value ?? null;
}

/** A new re-map run: `value` (the investors carrying one spelling) or `all` (every investor). */
export function newTaxonomyJob(
  target: { mode: 'value'; kind: UnmappedKind; key: string } | { mode: 'all' },
  startedByUserId: string,
  now: string,
): TaxonomyJobItem {
  return {
    id: `tax_${randomUUID().replaceAll('-', '')}`,
    status: 'running',
    mode: target.mode,
    kind: target.mode === 'value' ? target.kind : null,
    key: target.mode === 'value' ? taxonomyKey(target.key) : null,
    processed: 0,
    updated: 0,
    cursor: null,
    startedAt: now,
    finishedAt: null,
    failureReason: null,
    startedByUserId,
  };
}

/** Investors read per batch page of a re-map run. */
export const REMAP_PAGE_SIZE = 200;

/**
 * One batch of a re-map run, until its time budget is spent. Resumable: a retried or crashed batch
 * starts again from what the run saved, and every step is idempotent.
 * - `value`: the investors carrying the spelling (its postings, first page each time: done ones
 *   are deleted) get the entry it now stands for; their postings are deleted after the write, and
 *   the value leaves the queue when none is left.
 * - `all`: a Scan of the searchable investors from the saved cursor, each mapped onto the taxonomy
 *   (its unmapped values recorded for the queue).
 */
export async function remapBatch(
  jobId: string,
  options: {
    budgetMs?: number;
    pageSize?: number;
    lock?: { name: RunLock | null; owner: string | null };
  } = {},
): Promise<{ done: boolean; processed: number; updated: number }> {
  if (options.lock) await renewRunLock(options.lock);
  const job = await getTaxonomyJob(jobId);
  if (!job) throw new Error(`Re-map run ${jobId} does not exist`);
  const deadline = Date.now() + (options.budgetMs ?? 60_000);
  const pageSize = options.pageSize ?? REMAP_PAGE_SIZE;
  const taxonomy = await loadTaxonomy();
  let { processed, updated, cursor } = job;
  for (;;) {
    const now = new Date().toISOString();
    let done: boolean;
    if (job.mode === 'value') {
      const kind = job.kind as UnmappedKind;
      const key = job.key ?? '';
      const target = targetOf(taxonomy, kind, key);
      const page = target ? await unmappedPostingsPage(kind, key, null, pageSize) : { items: [] };
      if (target && page.items.length > 0) {
        const current = await getSearchableInvestors(
          page.items.map((p) => p.investorId),
          { consistent: true },
        );
        const field = FIELD[kind];
        const changes: SearchableChange[] = [];
        for (const before of current.values()) {
          if (before[field].includes(target)) continue;
          changes.push({ before, after: { ...before, [field]: [...before[field], target], updatedAt: now } });
        }
        await recordSearchChanges(changes.map((change) => change.after));
        await writeSearchableInvestors(changes);
        // After the write: a crash before this deletion finds the investors done and deletes them then.
        await deleteUnmappedPostings(page.items.map((p) => ({ kind, key, investorId: p.investorId })));
        processed += page.items.length;
        updated += changes.length;
        done = false;
      } else {
        if (target) await deleteUnmappedValue(kind, key);
        done = true;
      }
    } else {
      const page = await scanDirectoryPage(cursor, pageSize);
      const changes: SearchableChange[] = [];
      const unmapped: UnmappedPosting[] = [];
      const fresh = await getSearchableInvestors(
        page.investors.map((i) => i.id),
        { consistent: true },
      );
      for (const before of fresh.values()) {
        const mapped = onTaxonomy(before, taxonomy);
        unmapped.push(...mapped.unmapped);
        if (!isDeepStrictEqual(mapped.investor, before))
          changes.push({ before, after: { ...mapped.investor, updatedAt: now } });
      }
      // The queue first: a value dropped from an investor is always findable in it.
      await recordUnmappedValues(unmapped, now);
      await recordSearchChanges(changes.map((change) => change.after));
      await writeSearchableInvestors(changes);
      processed += page.investors.length;
      updated += changes.length;
      cursor = page.cursor;
      done = cursor === null;
    }
    await updateTaxonomyJob(jobId, { processed, updated, cursor });
    if (done) return { done: true, processed, updated };
    if (Date.now() >= deadline) return { done: false, processed, updated };
  }
}

/** The whole run in one go (tests of small directories): every batch until done. */
export async function runTaxonomyJob(jobId: string): Promise<{ processed: number; updated: number }> {
  for (;;) {
    const batch = await remapBatch(jobId);
    if (batch.done) return batch;
  }
}
