import type { ImportJobStatus, ImportOutcomes } from '../../../../shared/api/imports';
import {
  type ImportJob,
  type ImportOutcomePage,
  importJobKey,
  importJobModel,
  importJobs,
  importOutcomePageModel,
  importOutcomePagesOf,
} from '../models';
import { conditionalWrite, getItem, putItem, queryAll, queryPage, setClause, updateItem } from '../table';

export async function createImportJob(job: ImportJob): Promise<ImportJob> {
  await putItem(importJobModel.toItem(job), 'attribute_not_exists(pk)');
  return job;
}

export async function getImportJob(id: string): Promise<ImportJob | null> {
  const item = await getItem(importJobKey(id), true);
  return item ? importJobModel.fromItem(item) : null;
}

/** Recent import jobs, newest first. */
export async function listImportJobs(limit = 20): Promise<ImportJob[]> {
  const page = await queryPage({
    ...importJobs(),
    ScanIndexForward: false,
    Limit: limit,
  });
  return page.items.map((item) => importJobModel.fromItem(item));
}

type JobChanges = Partial<Omit<ImportJob, 'id' | 'startedAt' | 'startedByUserId' | 'status'>>;

/** Sets fields of a job (progress, errors, the execution), never its status: see `transitionImportJob`. */
export async function updateImportJob(id: string, changes: JobChanges): Promise<void> {
  const { sets, names, values } = setClause(changes);
  if (sets.length === 0) return;
  await updateItem({
    Key: importJobKey(id),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}

/**
 * Moves a job to `to` only if its status is one of `from` (with other fields set in the same write):
 * false when it is not, so a late or repeated step never overwrites a cancel or an end.
 */
export async function transitionImportJob(
  id: string,
  from: readonly ImportJobStatus[],
  to: ImportJobStatus,
  changes: JobChanges = {},
): Promise<boolean> {
  const { sets, names, values } = setClause({ ...changes, status: to });
  const allowed = from.map((status, i) => {
    values[`:from${i}`] = status;
    return `:from${i}`;
  });
  return conditionalWrite(
    updateItem({
      Key: importJobKey(id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: `attribute_exists(pk) AND #status IN (${allowed.join(', ')})`,
      ExpressionAttributeNames: { ...names, '#status': 'status' },
      ExpressionAttributeValues: values,
    }),
  );
}

/** Records what mapping did with a page of the job's rows (written again as it is by a retried page). */
export async function putImportOutcomePage(page: ImportOutcomePage): Promise<void> {
  await putItem(importOutcomePageModel.toItem(page));
}

/** At most this many merged rows are listed in a job's outcomes (the count is exact). */
export const MAX_LISTED_MERGED_ROWS = 50;

/**
 * The job's outcomes from its pages: exact counts by row (a row in two pages, after a retried page
 * that had half-written, counts once, as its later page says) and the first merged rows.
 */
export async function summariseImportOutcomes(jobId: string): Promise<ImportOutcomes> {
  const items = await queryAll({
    ...importOutcomePagesOf(jobId),
  });
  const byRow = new Map<number, ImportOutcomePage['rows'][string]>();
  const mergedByRow = new Map<number, ImportOutcomePage['merged'][number]>();
  for (const page of items.map((item) => importOutcomePageModel.fromItem(item))) {
    for (const [row, outcome] of Object.entries(page.rows)) byRow.set(Number(row), outcome);
    for (const merged of page.merged) mergedByRow.set(merged.row, merged);
  }
  const count = (outcome: string) => [...byRow.values()].filter((o) => o === outcome).length;
  return {
    added: count('added'),
    merged: count('merged'),
    withdrawn: count('withdrawn'),
    mergedRows: [...mergedByRow.values()]
      .filter((merged) => byRow.get(merged.row) === 'merged')
      .sort((a, b) => a.row - b.row)
      .slice(0, MAX_LISTED_MERGED_ROWS),
  };
}
