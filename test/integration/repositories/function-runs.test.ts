import { afterEach, describe, expect, it } from 'vitest';
import { RUN_LOCKS } from '../../../lambdas/lib/table/models';
import {
  acquireFunctionLock,
  LOCK_SECONDS,
  releaseFunctionLock,
  renewFunctionLock,
  setFunctionExecution,
} from '../../../lambdas/lib/table/repositories/function-runs';
import { deleteItem, getItem } from '../../../lambdas/lib/table/table';
import { unique } from './fixtures';

/**
 * The run lock ('mapping') is shared by every test file: files run one at a time and
 * let their workflows finish, and each test here deletes what it took (afterEach).
 */
const MINUTE = 60_000;

describe('run locks repository (DynamoDB Local)', () => {
  afterEach(async () => {
    for (const name of RUN_LOCKS) await deleteItem(`RUNNER#${name}`, 'LOCK');
  });

  it('takes a free lock for a new owner, refuses a second run, and lets a run start again after its owner released it', async () => {
    const now = new Date();

    const first = await acquireFunctionLock('mapping', unique('admin_'), now);
    expect(first).toEqual(expect.any(String));
    expect(await acquireFunctionLock('mapping', unique('admin_'), now)).toBeNull();

    await releaseFunctionLock('mapping', first ?? '');

    expect(await acquireFunctionLock('mapping', unique('admin_'), now)).toEqual(expect.any(String));
  });

  it('is released only by its owner: a late release of another run frees nothing', async () => {
    const owner = await acquireFunctionLock('mapping', 'admin', new Date());

    await releaseFunctionLock('mapping', 'someone-else');

    expect(await getItem('RUNNER#mapping', 'LOCK', true)).toMatchObject({ owner });
    expect(await acquireFunctionLock('mapping', 'admin', new Date())).toBeNull();
  });

  it('is renewed by its owner past its first lease, so a long run keeps it; nobody else can renew it', async () => {
    const started = new Date();
    const owner = (await acquireFunctionLock('mapping', 'long-run', started)) ?? '';

    // Every batch renews it: at 14 minutes, then at 28 the lock still holds against a new run.
    expect(await renewFunctionLock('mapping', owner, new Date(started.getTime() + 14 * MINUTE))).toBe(true);
    expect(await renewFunctionLock('mapping', 'intruder', new Date(started.getTime() + 14 * MINUTE))).toBe(
      false,
    );
    const later = new Date(started.getTime() + 28 * MINUTE);
    expect(await acquireFunctionLock('mapping', 'second-run', later)).toBeNull();
    expect(await getItem('RUNNER#mapping', 'LOCK', true)).toMatchObject({
      owner,
      expiresAt: Math.floor(started.getTime() / 1000) + 14 * 60 + LOCK_SECONDS,
    });
  });

  it('lets a new run take over a lock that was not renewed (a run that died); the dead run cannot renew or release it', async () => {
    const started = new Date();
    const dead = (await acquireFunctionLock('mapping', 'dead-run', started)) ?? '';

    const later = new Date(started.getTime() + 16 * MINUTE);
    const next = await acquireFunctionLock('mapping', 'new-run', later);

    expect(next).not.toBeNull();
    expect(await getItem('RUNNER#mapping', 'LOCK', true)).toMatchObject({
      owner: next,
      startedByUserId: 'new-run',
      startedAt: later.toISOString(),
      executionArn: null,
    });
    expect(await renewFunctionLock('mapping', dead, later)).toBe(false);
    await releaseFunctionLock('mapping', dead);
    expect(await acquireFunctionLock('mapping', 'third-run', later)).toBeNull();
  });

  it('lets exactly one of many concurrent runs take the lock', async () => {
    const now = new Date();

    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => acquireFunctionLock('mapping', `admin-${i}`, now)),
    );

    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });

  it('lets its owner take it again (an import retrying its lock step) without freeing it for others', async () => {
    const now = new Date();
    expect(await acquireFunctionLock('mapping', 'import', now, 'imp_job1')).toBe('imp_job1');
    expect(await acquireFunctionLock('mapping', 'import', now, 'imp_job1')).toBe('imp_job1');
    expect(await acquireFunctionLock('mapping', 'import', now, 'imp_job2')).toBeNull();
  });

  it('records the execution of the run holding the lock, and not over another owner', async () => {
    const owner = (await acquireFunctionLock('mapping', 'admin', new Date())) ?? '';

    await setFunctionExecution('mapping', 'intruder', 'arn:aws:states:local:execution:other');
    await setFunctionExecution('mapping', owner, 'arn:aws:states:local:execution:1');

    expect(await getItem('RUNNER#mapping', 'LOCK', true)).toMatchObject({
      executionArn: 'arn:aws:states:local:execution:1',
      startedByUserId: 'admin',
    });
  });

  it('does not recreate a lock released before the execution was recorded (a run that finished fast)', async () => {
    const owner = (await acquireFunctionLock('mapping', 'admin', new Date())) ?? '';
    await releaseFunctionLock('mapping', owner);

    await setFunctionExecution('mapping', owner, 'arn:aws:states:local:execution:fast');

    expect(await getItem('RUNNER#mapping', 'LOCK', true)).toBeUndefined();
    expect(await acquireFunctionLock('mapping', 'admin', new Date())).not.toBeNull();
  });

  it('releases a lock that is not held without error', async () => {
    await expect(releaseFunctionLock('mapping', 'nobody')).resolves.toBeUndefined();
  });
});
