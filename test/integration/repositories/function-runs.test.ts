import { afterEach, describe, expect, it } from 'vitest';
import type { AdminFunction } from '../../../lambdas/lib/table/models';
import {
  acquireFunctionLock,
  releaseFunctionLock,
  setFunctionExecution,
} from '../../../lambdas/lib/table/repositories/function-runs';
import { getItem } from '../../../lambdas/lib/table/table';
import { unique } from './fixtures';

/**
 * The locks are keyed by the three admin function names, which every test file shares: each test
 * releases what it took (afterEach), and other test files never run at the same time as this one.
 */
const NAMES: AdminFunction[] = ['processUnmapped', 'processAll', 'aggregate'];
const MINUTE = 60_000;

describe('function-run locks repository (DynamoDB Local)', () => {
  afterEach(async () => {
    for (const name of NAMES) await releaseFunctionLock(name);
  });

  it('takes a free lock, refuses a second run, and lets a run start again after release', async () => {
    const now = new Date();

    expect(await acquireFunctionLock('processUnmapped', unique('admin_'), now)).toBe(true);
    expect(await acquireFunctionLock('processUnmapped', unique('admin_'), now)).toBe(false);

    await releaseFunctionLock('processUnmapped');

    expect(await acquireFunctionLock('processUnmapped', unique('admin_'), now)).toBe(true);
  });

  it('keeps the locks of different functions apart', async () => {
    const now = new Date();

    expect(await acquireFunctionLock('processAll', 'admin', now)).toBe(true);
    expect(await acquireFunctionLock('aggregate', 'admin', now)).toBe(true);
    expect(await acquireFunctionLock('processAll', 'admin', now)).toBe(false);
  });

  it('refuses a second run while the lock is younger than 15 minutes', async () => {
    const started = new Date();
    expect(await acquireFunctionLock('aggregate', 'first', started)).toBe(true);

    const later = new Date(started.getTime() + 14 * MINUTE);

    expect(await acquireFunctionLock('aggregate', 'second', later)).toBe(false);
  });

  it('lets a new run take over a lock that expired (a run that died)', async () => {
    const started = new Date();
    expect(await acquireFunctionLock('aggregate', 'dead-run', started)).toBe(true);

    const later = new Date(started.getTime() + 16 * MINUTE);

    expect(await acquireFunctionLock('aggregate', 'new-run', later)).toBe(true);
    expect(await getItem('RUNNER#aggregate', 'LOCK', true)).toMatchObject({
      startedByUserId: 'new-run',
      startedAt: later.toISOString(),
      executionArn: null,
    });
    expect(await acquireFunctionLock('aggregate', 'third-run', later)).toBe(false);
  });

  it('lets exactly one of many concurrent runs take the lock', async () => {
    const now = new Date();

    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => acquireFunctionLock('processAll', `admin-${i}`, now)),
    );

    expect(results.filter((r) => r)).toHaveLength(1);
  });

  it('records the execution of the run holding the lock', async () => {
    expect(await acquireFunctionLock('processUnmapped', 'admin', new Date())).toBe(true);

    await setFunctionExecution('processUnmapped', 'arn:aws:states:local:execution:1');

    expect(await getItem('RUNNER#processUnmapped', 'LOCK', true)).toMatchObject({
      executionArn: 'arn:aws:states:local:execution:1',
      startedByUserId: 'admin',
    });
  });

  it('does not recreate a lock released before the execution was recorded (a run that finished fast)', async () => {
    expect(await acquireFunctionLock('processUnmapped', 'admin', new Date())).toBe(true);
    await releaseFunctionLock('processUnmapped');

    await setFunctionExecution('processUnmapped', 'arn:aws:states:local:execution:fast');

    expect(await getItem('RUNNER#processUnmapped', 'LOCK', true)).toBeUndefined();
    expect(await acquireFunctionLock('processUnmapped', 'admin', new Date())).toBe(true);
  });

  it('releases a lock that is not held without error', async () => {
    await expect(releaseFunctionLock('aggregate')).resolves.toBeUndefined();
  });
});
