import { type AdminFunction, functionRunModel } from '../models';
import { deleteItem, isConditionFailure, putItem, updateItem } from '../table';

/** How long a lock may be held before a new run may take it over (a run that died). */
const LOCK_SECONDS = 15 * 60;

/**
 * Takes the run lock of an admin function. Returns false while another run of the same function
 * holds it (and has not expired).
 */
export async function acquireFunctionLock(name: AdminFunction, userId: string, now: Date): Promise<boolean> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  try {
    await putItem(
      {
        ...functionRunModel.toItem({
          name,
          executionArn: null,
          startedAt: now.toISOString(),
          startedByUserId: userId,
        }),
        expiresAt: nowSeconds + LOCK_SECONDS,
      },
      { expression: 'attribute_not_exists(pk) OR expiresAt < :now', values: { ':now': nowSeconds } },
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Records the execution of the run holding the lock. Does nothing when the lock is already gone (the
 * run finished first): an unconditional update would recreate it without `expiresAt`, and such a lock
 * could never be taken again.
 */
export async function setFunctionExecution(name: AdminFunction, executionArn: string): Promise<void> {
  try {
    await updateItem({
      Key: { pk: `RUNNER#${name}`, sk: 'LOCK' },
      UpdateExpression: 'SET executionArn = :arn',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':arn': executionArn },
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function releaseFunctionLock(name: AdminFunction): Promise<void> {
  try {
    await deleteItem(`RUNNER#${name}`, 'LOCK');
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
