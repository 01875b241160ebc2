import { type ImportJob, importJobModel } from '../models';
import { getItem, putItem, queryPage, updateItem } from '../table';

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

type JobChanges = Partial<Omit<ImportJob, 'id' | 'startedAt' | 'startedByUserId'>>;

/** Sets fields of a job (progress, status, errors). */
export async function updateImportJob(id: string, changes: JobChanges): Promise<void> {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = entries.map(([key, value], i) => {
    names[`#f${i}`] = key;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  await updateItem({
    Key: { pk: `IMPORT#${id}`, sk: 'JOB' },
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}
