import { expect } from 'vitest';
import type { CurationJob } from '../../../shared/api/admin';
import { PATIENCE_MS } from '../../support/patience';
import { call, type TestUser } from './home';

/**
 * The field merger as the admin page runs it: POST (202 with the run), then the run read until it
 * has ended (each reading given to `onProgress`). Returns the ended run and how many rules were recorded.
 */
export async function runFieldMerger(
  admin: TestUser,
  body: Record<string, unknown>,
  options: { timeoutMs?: number; onProgress?: (job: CurationJob) => void } = {},
): Promise<{ job: CurationJob; rules: number }> {
  const started = await call('POST', '/admin/field-merger', { token: admin.token, body });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const { job, rules } = (started.body as { data: { job: CurationJob; rules: number } }).data;
  let ended = job;
  await expect
    .poll(
      async () => {
        const response = await call('GET', `/admin/field-merger/jobs/${job.id}`, { token: admin.token });
        ended = (response.body as { data: { job: CurationJob } }).data.job;
        options.onProgress?.(ended);
        return ended.status;
      },
      { timeout: options.timeoutMs ?? PATIENCE_MS, interval: 100 },
    )
    .not.toBe('running');
  return { job: ended, rules };
}
