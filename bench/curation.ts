/**
 * Curation and the recount at scale (issue 19): the field merger on the tag closest to 20,000
 * investors, timed as its workflow runs its batches, and the resumable recount over the whole directory,
 * step by step, within a time limit (DynamoDB Local's Scan slows down as it goes deeper).
 */

import { finishRecount, recountStep, startRecount } from '../lambdas/lib/directory/aggregation';
import { newCurationJob, runCurationJob } from '../lambdas/lib/directory/curation';
import { createCurationJob } from '../lambdas/lib/table/repositories/curation-jobs';
import { getLatestDirectoryMetadata } from '../lambdas/lib/table/repositories/investors';
import { validateFieldMerger } from '../shared/curation/field-merger';

/** API Gateway answers a request after 29 s at most: the figure says whether one request could have held it. */
export const API_REQUEST_LIMIT_MS = 29_000;
export const MERGER_TARGET_INVESTORS = 20_000;

export interface MergerFigure {
  field: 'stageFocus' | 'sectorFocus';
  tag: string;
  carriers: number;
  matched: number;
  updated: number;
  ms: number;
}

/**
 * Merges the stage or sector tag carried by the number of investors closest to 20,000 into a new value
 * (the bench file's `benchmerge` sector: exactly 20,000 at 100,000 rows).
 */
export async function measureMerger(): Promise<MergerFigure> {
  const metadata = await getLatestDirectoryMetadata();
  const candidates = [
    ...(metadata?.stageFocusWeighted ?? []).map((tag) => ({ ...tag, field: 'stageFocus' as const })),
    ...(metadata?.sectorFocusWeighted ?? []).map((tag) => ({ ...tag, field: 'sectorFocus' as const })),
  ];
  const closest = candidates.sort(
    (a, b) => Math.abs(a.count - MERGER_TARGET_INVESTORS) - Math.abs(b.count - MERGER_TARGET_INVESTORS),
  )[0];
  if (!closest) throw new Error('The directory has no stage or sector tags to merge');
  const validation = validateFieldMerger('merge', {
    field: closest.field,
    selectedValues: [closest.tagKey],
    finalValue: `${closest.tagKey} (merged)`,
  });
  if (!validation.ok) throw new Error(validation.error);
  const job = await createCurationJob(
    newCurationJob(validation.request, closest.count, 'bench', new Date().toISOString()),
  );
  // The run's batches, one after another, as its workflow runs them (the aggregation after is not timed).
  const start = performance.now();
  const result = await runCurationJob(job.id);
  return {
    field: closest.field,
    tag: closest.tagKey,
    carriers: closest.count,
    matched: result.processed,
    updated: result.updated,
    ms: performance.now() - start,
  };
}

export interface RecountFigure {
  finished: boolean;
  steps: number;
  investors: number;
  ms: number;
}

/** The resumable recount, one step after another, until done or `limitMs` has passed. */
export async function measureRecount(
  limitMs: number,
  progress?: (text: string) => void,
): Promise<RecountFigure> {
  const start = performance.now();
  const { runId } = await startRecount();
  let steps = 0;
  let investors = 0;
  for (;;) {
    const step = await recountStep(runId);
    steps++;
    investors = step.investors;
    progress?.(`recount step ${steps}: ${investors} investors read`);
    if (step.done) break;
    if (performance.now() - start > limitMs)
      return { finished: false, steps, investors, ms: performance.now() - start };
  }
  await finishRecount(runId);
  return { finished: true, steps, investors, ms: performance.now() - start };
}
