import type { ImportJobStatus } from '../../../../shared/api/imports';
import { type ImportJob, importJobModel } from '../models';
import { getItem, isConditionFailure, putItem, queryPage, setClause, updateItem } from '../table';

export async function createImportJob(job: ImportJob): Promise<ImportJob> {
  await putItem(importJobModel.toItem(job), 'attribute_not_exists(pk)');
  return job;
}

export async function getImportJob(id: string): Promise<ImportJob | null> {
  const item = await getItem(`IMPORT#${id}`, 'JOB', true);
  return item ? importJobModel.fromItem(item) : null;
}

/** Recent import jobs, newest first. */
export async function listImportJobs(limit = 20): Promise<ImportJob[]> {
  const page = await queryPage({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'IMPORTS' },
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
    Key: { pk: `IMPORT#${id}`, sk: 'JOB' },
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
  try {
    await updateItem({
      Key: { pk: `IMPORT#${id}`, sk: 'JOB' },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: `attribute_exists(pk) AND #status IN (${allowed.join(', ')})`,
      ExpressionAttributeNames: { ...names, '#status': 'status' },
      ExpressionAttributeValues: values,
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
