import { randomUUID } from 'node:crypto';
import { functionRunKey, functionRunModel, type RunLock } from '../models';
import { conditionalWrite, deleteItem, putItem, updateItem } from '../table';

/**
 * How long a lock holds without being renewed: a run renews it with every batch (a batch lasts a
 * minute at most), so only a run that died lets it expire.
 */
export const LOCK_SECONDS = 15 * 60;

const seconds = (now: Date) => Math.floor(now.getTime() / 1000);

/**
 * Takes a run lock for `owner` (a new random token unless given). Returns the owner, or null while
 * another owner holds it and has not let it expire. Taking it again as its owner renews it.
 */
export async function acquireFunctionLock(
  name: RunLock,
  userId: string,
  now: Date,
  owner: string = randomUUID(),
): Promise<string | null> {
  const written = await conditionalWrite(
    putItem(
      {
        ...functionRunModel.toItem({
          name,
          owner,
          executionArn: null,
          startedAt: now.toISOString(),
          startedByUserId: userId,
        }),
        expiresAt: seconds(now) + LOCK_SECONDS,
      },
      {
        expression: 'attribute_not_exists(pk) OR expiresAt < :now OR #owner = :owner',
        values: { ':now': seconds(now), ':owner': owner },
        names: { '#owner': 'owner' },
      },
    ),
  );
  return written ? owner : null;
}

/** Extends the lock by its lease, only for its owner: false when the run has lost it (expired and taken). */
export async function renewFunctionLock(name: RunLock, owner: string, now: Date): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: functionRunKey(name),
      UpdateExpression: 'SET expiresAt = :until',
      ConditionExpression: '#owner = :owner',
      ExpressionAttributeNames: { '#owner': 'owner' },
      ExpressionAttributeValues: { ':until': seconds(now) + LOCK_SECONDS, ':owner': owner },
    }),
  );
}

/** A run whose lock expired and was taken by another run stops rather than run beside it. */
export class LockLostError extends Error {
  override readonly name = 'LockLostError';
}

/**
 * Every batch of a run renews its lock first: a long run keeps it, a dead one lets it expire, and one
 * that lost it throws {@link LockLostError} before it writes anything. No lock (a run that takes
 * none) renews nothing.
 */
export async function renewRunLock(lock: { name: RunLock | null; owner: string | null }): Promise<void> {
  if (lock.name && lock.owner && !(await renewFunctionLock(lock.name, lock.owner, new Date())))
    throw new LockLostError(`The ${lock.name} lock is no longer this run's`);
}

/** Records the execution of the run holding the lock; nothing when the lock is gone or someone else's. */
export async function setFunctionExecution(
  name: RunLock,
  owner: string,
  executionArn: string,
): Promise<void> {
  // Only while `owner` holds the lock.
  await conditionalWrite(
    updateItem({
      Key: functionRunKey(name),
      UpdateExpression: 'SET executionArn = :arn',
      ConditionExpression: '#owner = :owner',
      ExpressionAttributeNames: { '#owner': 'owner' },
      ExpressionAttributeValues: { ':arn': executionArn, ':owner': owner },
    }),
  );
}

/** Releases the lock if `owner` holds it: a late release of a run that lost it frees nobody else's. */
export async function releaseFunctionLock(name: RunLock, owner: string): Promise<void> {
  await conditionalWrite(
    deleteItem(functionRunKey(name).pk, functionRunKey(name).sk, {
      expression: '#owner = :owner',
      values: { ':owner': owner },
      names: { '#owner': 'owner' },
    }),
  );
}
