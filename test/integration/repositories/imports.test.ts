import { describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../lambdas/lib/table/models';
import {
  createImportJob,
  getImportJob,
  listImportJobs,
  transitionImportJob,
  updateImportJob,
} from '../../../lambdas/lib/table/repositories/imports';
import { at, unique } from './fixtures';

const job = (overrides: Partial<ImportJob> = {}): ImportJob => ({
  id: unique('job_'),
  status: 'uploading',
  objectKey: `uploads/${unique('')}.csv`,
  sourceName: 'Demo directory',
  sourceUrl: 'https://example.com/demo',
  headers: [
    { header: 'Investor Name', include: true },
    { header: 'Notes', include: false },
  ],
  fileName: 'investors.csv',
  byteOffset: 0,
  startedAt: new Date().toISOString(),
  startedByUserId: unique('admin_'),
  totalRows: null,
  processedRows: 0,
  importedRows: 0,
  writtenRows: null,
  rowsStartedAt: null,
  progressAt: null,
  rowErrors: [],
  droppedValues: 0,
  valueNotices: [],
  outcomes: null,
  failureReason: null,
  executionArn: null,
  finishedAt: null,
  ...overrides,
});

describe('import jobs repository (DynamoDB Local)', () => {
  it('creates a job and reads it back by id', async () => {
    const created = await createImportJob(job());

    expect(await getImportJob(created.id)).toEqual(created);
  });

  it('returns null for a job that does not exist', async () => {
    expect(await getImportJob(unique('job_'))).toBeNull();
  });

  it('refuses to create a second job under an existing id', async () => {
    const created = await createImportJob(job());

    await expect(createImportJob(job({ id: created.id }))).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
  });

  it('records progress, status and row errors, leaving other fields as they were', async () => {
    const created = await createImportJob(job());

    expect(await transitionImportJob(created.id, ['uploading'], 'running')).toBe(true);
    await updateImportJob(created.id, { totalRows: 120, executionArn: 'arn:exec:1' });
    await updateImportJob(created.id, {
      byteOffset: 20_480,
      processedRows: 100,
      importedRows: 98,
      rowErrors: [
        { row: 7, reason: 'No name' },
        { row: 42, reason: 'No name' },
      ],
    });

    expect(await getImportJob(created.id)).toEqual({
      ...created,
      status: 'running',
      totalRows: 120,
      executionArn: 'arn:exec:1',
      byteOffset: 20_480,
      processedRows: 100,
      importedRows: 98,
      rowErrors: [
        { row: 7, reason: 'No name' },
        { row: 42, reason: 'No name' },
      ],
    });
  });

  it('sets a field back to null', async () => {
    const created = await createImportJob(job({ failureReason: 'temporary' }));

    await updateImportJob(created.id, { failureReason: null, finishedAt: at(9) });

    expect(await getImportJob(created.id)).toMatchObject({ failureReason: null, finishedAt: at(9) });
  });

  it('moves a job only from the states a step allows, with its fields in the same write', async () => {
    const created = await createImportJob(job({ status: 'running' }));

    // A cancel, then the end of the file: the late step does not overwrite the cancel.
    expect(
      await transitionImportJob(created.id, ['uploading', 'running'], 'cancelled', { finishedAt: at(5) }),
    ).toBe(true);
    expect(await transitionImportJob(created.id, ['running'], 'mapping')).toBe(false);
    expect(
      await transitionImportJob(created.id, ['running', 'mapping'], 'failed', { failureReason: 'late' }),
    ).toBe(false);

    expect(await getImportJob(created.id)).toMatchObject({
      status: 'cancelled',
      finishedAt: at(5),
      failureReason: null,
    });
  });

  it('refuses to move a job that does not exist, and creates nothing', async () => {
    const id = unique('job_');

    expect(await transitionImportJob(id, ['running'], 'failed')).toBe(false);
    expect(await getImportJob(id)).toBeNull();
  });

  it('does nothing when given no changes', async () => {
    const created = await createImportJob(job());

    await updateImportJob(created.id, {});
    await updateImportJob(created.id, { totalRows: undefined });

    expect(await getImportJob(created.id)).toEqual(created);
  });

  it('refuses to update a missing job and creates nothing', async () => {
    const id = unique('job_');

    await expect(updateImportJob(id, { processedRows: 1 })).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    expect(await getImportJob(id)).toBeNull();
  });

  it('lists recent jobs newest first, up to the limit', async () => {
    // Milliseconds after now: newer than every job so far, older than the jobs of later tests.
    const base = Date.now() + 1;
    const jobs = [2, 0, 3, 1].map((offset) => job({ startedAt: at(offset, base) }));
    for (const j of jobs) await createImportJob(j);

    const listed = await listImportJobs(3);

    expect(listed.map((j) => j.startedAt)).toEqual([at(3, base), at(2, base), at(1, base)]);
  });

  it('lists at most 20 jobs by default, newest first', async () => {
    await createImportJob(job());

    const listed = await listImportJobs();

    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThanOrEqual(20);
    const dates = listed.map((j) => j.startedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
