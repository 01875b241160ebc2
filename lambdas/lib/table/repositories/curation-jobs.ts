import { type CurationJobItem, curationJobKey, curationJobModel } from '../models';
import { conditionalWrite, getItem, putItem, setClause, updateItem } from '../table';

export async function createCurationJob(job: CurationJobItem): Promise<CurationJobItem> {
  await putItem(curationJobModel.toItem(job), 'attribute_not_exists(pk)');
  return job;
}

export async function getCurationJob(id: string): Promise<CurationJobItem | null> {
  const item = await getItem(curationJobKey(id), true);
  return item ? curationJobModel.fromItem(item) : null;
}

type Changes = Partial<Omit<CurationJobItem, 'id' | 'status'>>;

/**
 * Sets fields of a running job (its progress), or moves it to `status`: only while it is running,
 * so a late or retried batch never reopens a finished run. False when it is not running.
 */
export async function updateCurationJob(
  id: string,
  changes: Changes & { status?: CurationJobItem['status'] },
): Promise<boolean> {
  const { sets, names, values } = setClause(changes);
  if (sets.length === 0) return true;
  return conditionalWrite(
    updateItem({
      Key: curationJobKey(id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk) AND #status = :running',
      ExpressionAttributeNames: { ...names, '#status': 'status' },
      ExpressionAttributeValues: { ...values, ':running': 'running' },
    }),
  );
}
