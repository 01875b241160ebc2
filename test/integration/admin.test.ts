import { describe, expect, it } from 'vitest';
import { curationBatch, newCurationJob } from '../../lambdas/lib/directory/curation';
import { mapBatch } from '../../lambdas/lib/directory/mapping';
import { createCurationJob, getCurationJob } from '../../lambdas/lib/table/repositories/curation-jobs';
import {
  acquireFunctionLock,
  LockLostError,
  releaseFunctionLock,
} from '../../lambdas/lib/table/repositories/function-runs';
import {
  getLatestDirectoryMetadata,
  putImportedInvestors,
} from '../../lambdas/lib/table/repositories/investors';
import { getItem } from '../../lambdas/lib/table/table';
import { workflowSchedules } from '../../lambdas/workflows/registry';
import type { CurationJob } from '../../shared/api/admin';
import { buildImportedInvestor } from '../../shared/import/build-imported-investor';
import { columnsFromHeaders } from '../../shared/import/header-matching';
import { PATIENCE_MS } from '../support/patience';
import { runFieldMerger } from './support/curation';
import { armFault } from './support/faults';
import { call, createUser } from './support/home';
import { defineOnTaxonomy, seedInvestors, unique } from './support/seed';
import { settleWorkflows } from './support/settle';
import { describeWorkflow, startWorkflow } from './support/workflows';

const names = (body: unknown) =>
  ((body as { data: { items: { name: string }[] } }).data.items ?? []).map((i) => i.name).sort();

async function searchSector(tag: string, token?: string) {
  return call('GET', `/investors?sectorFocus=${encodeURIComponent(tag)}&limit=100`, token ? { token } : {});
}

describe('admin: field merger (connected)', () => {
  it('merges two sector values into the final value on exactly the investors that had them', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    await seedInvestors([
      { name: `Merge A ${u}`, sectors: [`fin-${u}`, `other-${u}`] },
      { name: `Merge B ${u}`, sectors: [`Financial-${u}`] },
      { name: `Merge C ${u}`, sectors: [`other-${u}`] },
    ]);

    const run = await runFieldMerger(admin, {
      action: 'merge',
      field: 'sectorFocus',
      selectedValues: [`fin-${u}`, `financial-${u}`],
      finalValue: `Fintech-${u}`,
    });

    expect(run.rules).toBe(2);
    expect(run.job).toMatchObject({ status: 'succeeded', total: 2, processed: 2, updated: 2 });
    expect(names((await searchSector(`fintech-${u}`)).body)).toEqual([`Merge A ${u}`, `Merge B ${u}`]);
    expect((await searchSector(`fin-${u}`)).body).toMatchObject({ data: { items: [], total: 0 } });
    expect(names((await searchSector(`other-${u}`)).body)).toEqual([`Merge A ${u}`, `Merge C ${u}`]);
  });

  it('removes a value from every investor that has it and from search', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    await seedInvestors([
      { name: `Remove A ${u}`, sectors: [`drop-${u}`, `keep-${u}`] },
      { name: `Remove B ${u}`, sectors: [`drop-${u}`] },
    ]);

    const run = await runFieldMerger(admin, {
      action: 'remove',
      field: 'sectorFocus',
      selectedValues: [`DROP-${u}`],
    });

    expect(run.rules).toBe(1);
    expect(run.job).toMatchObject({ status: 'succeeded', total: 2, processed: 2, updated: 2 });
    expect((await searchSector(`drop-${u}`)).body).toMatchObject({ data: { items: [], total: 0 } });
    expect(names((await searchSector(`keep-${u}`)).body)).toEqual([`Remove A ${u}`]);
  });

  it('splits one stage value into the comma-separated parts of the final value', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    await seedInvestors([{ name: `Split A ${u}`, stages: [`seed-a-${u}`] }]);

    const run = await runFieldMerger(admin, {
      action: 'split',
      field: 'stageFocus',
      selectedValues: [`seed-a-${u}`],
      finalValue: `pre-${u}, post-${u}`,
    });

    expect(run.rules).toBe(1);
    expect(run.job).toMatchObject({ status: 'succeeded', processed: 1, updated: 1 });
    for (const tag of [`pre-${u}`, `post-${u}`]) {
      const found = await call('GET', `/investors?stageFocus=${tag}`);
      expect(names(found.body)).toEqual([`Split A ${u}`]);
    }
    expect((await call('GET', `/investors?stageFocus=seed-a-${u}`)).body).toMatchObject({
      data: { total: 0 },
    });
  });

  it("answers 'No investors found' when no investor has the values", async () => {
    const admin = await createUser({ admin: true });

    const response = await call('POST', '/admin/field-merger', {
      token: admin.token,
      body: {
        action: 'merge',
        field: 'sectorFocus',
        selectedValues: [`nothing-${unique()}`],
        finalValue: 'x',
      },
    });

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'not-found', message: 'No investors found' } });
  });

  it("refuses a merge without a final value with 'Please fill in all fields' and more than 6 values", async () => {
    const admin = await createUser({ admin: true });

    const missing = await call('POST', '/admin/field-merger', {
      token: admin.token,
      body: { action: 'merge', field: 'sectorFocus', selectedValues: ['a'] },
    });
    const tooMany = await call('POST', '/admin/field-merger', {
      token: admin.token,
      body: {
        action: 'merge',
        field: 'sectorFocus',
        selectedValues: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
        finalValue: 'x',
      },
    });

    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: { code: 'invalid-argument', message: 'Please fill in all fields: the Final value is missing.' },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      error: { code: 'invalid-argument', message: 'Select at most 6 values.' },
    });
  });
});

describe('admin: a field-merger run facing faults', () => {
  it('resumes from the cursor its last batch saved, counting no investor twice', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    await seedInvestors(
      Array.from({ length: 45 }, (_, i) => ({ name: `Resume ${u} ${i}`, sectors: [`resume-${u}`] })),
    );
    const job = await createCurationJob({
      id: `cur_${u.toLowerCase().replace(/[^a-z0-9]/g, '')}`.slice(0, 40),
      status: 'running',
      action: 'merge',
      field: 'sectorFocus',
      values: [`resume-${u}`],
      finalValue: `resumed-${u}`,
      total: 45,
      processed: 0,
      updated: 0,
      valueIndex: 0,
      cursor: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      failureReason: null,
      startedByUserId: admin.sub,
    });

    // One page of 20 per batch; each call is a new task that reads where the last one stopped.
    const batches = [];
    for (let batch = await curationBatch(job.id, { budgetMs: 0, pageSize: 20 }); ; ) {
      batches.push(batch);
      if (batch.done) break;
      batch = await curationBatch(job.id, { budgetMs: 0, pageSize: 20 });
    }

    expect(batches.length).toBeGreaterThanOrEqual(3);
    expect(batches.at(-1)).toMatchObject({ done: true, processed: 45, updated: 45 });
    expect((await searchSector(`resumed-${u}`)).body).toMatchObject({ data: { total: 45 } });
    expect((await searchSector(`resume-${u}`)).body).toMatchObject({ data: { total: 0 } });
  });

  it('a batch that keeps failing ends the run failed with a message; one that crashes once is retried', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    await seedInvestors([{ name: `Fault ${u}`, sectors: [`fault-${u}`, `flaky-${u}`] }]);

    await armFault({ machine: 'curation', failState: 'CurationBatch', failures: 4 });
    const failed = await runFieldMerger(admin, {
      action: 'remove',
      field: 'sectorFocus',
      selectedValues: [`fault-${u}`],
    });
    expect(failed.job).toMatchObject({ status: 'failed', processed: 0 });
    expect(failed.job.failureReason).toContain('Please try again');

    await armFault({ machine: 'curation', failState: 'CurationBatch', failures: 1 });
    const retried = await runFieldMerger(admin, {
      action: 'remove',
      field: 'sectorFocus',
      selectedValues: [`flaky-${u}`],
    });
    expect(retried.job).toMatchObject({ status: 'succeeded', processed: 1, updated: 1 });
    expect((await searchSector(`flaky-${u}`)).body).toMatchObject({ data: { total: 0 } });
  });
});

describe('admin: a field-merger run and the mapping lock', () => {
  it('waits while a mapping run holds the lock, holds it while it changes investors (Process all is refused), then frees it', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    await seedInvestors([{ name: `Locked ${u}`, sectors: [`locked-${u}`] }]);
    const owner = (await acquireFunctionLock('mapping', 'process-all', new Date())) ?? '';
    expect(owner).not.toBe('');
    let jobId = '';
    try {
      const started = await call('POST', '/admin/field-merger', {
        token: admin.token,
        body: {
          action: 'merge',
          field: 'sectorFocus',
          selectedValues: [`locked-${u}`],
          finalValue: `unlocked-${u}`,
        },
      });
      expect(started.status).toBe(202);
      jobId = (started.body as { data: { job: CurationJob } }).data.job.id;
      // Held by someone else: the run waits, changing nobody.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await getCurationJob(jobId)).toMatchObject({ status: 'running', processed: 0 });
      expect(names((await searchSector(`locked-${u}`)).body)).toEqual([`Locked ${u}`]);
    } finally {
      await releaseFunctionLock('mapping', owner);
    }

    await expect
      .poll(async () => (await getCurationJob(jobId))?.status, { timeout: PATIENCE_MS, interval: 100 })
      .toBe('succeeded');
    expect(names((await searchSector(`unlocked-${u}`)).body)).toEqual([`Locked ${u}`]);
    // Released by the run at its end.
    const next = await acquireFunctionLock('mapping', 'process-all', new Date());
    expect(next).not.toBeNull();
    await releaseFunctionLock('mapping', next ?? '');
  });

  it('a run that fails frees the lock; one that lost its lock to another run stops', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    await seedInvestors([{ name: `Lost ${u}`, sectors: [`lost-${u}`] }]);
    await armFault({ machine: 'curation', failState: 'CurationBatch', failures: 4 });
    const failed = await runFieldMerger(admin, {
      action: 'remove',
      field: 'sectorFocus',
      selectedValues: [`lost-${u}`],
    });
    expect(failed.job.status).toBe('failed');
    const next = await acquireFunctionLock('mapping', 'process-all', new Date());
    expect(next).not.toBeNull();
    await releaseFunctionLock('mapping', next ?? '');

    // A batch whose run no longer owns the lock is refused before it changes anything.
    const job = await createCurationJob(
      newCurationJob(
        { action: 'remove', field: 'sectorFocus', values: [`lost-${u}`], finalValue: '' },
        1,
        admin.sub,
        new Date().toISOString(),
      ),
    );
    const other = (await acquireFunctionLock('mapping', 'process-all', new Date())) ?? '';
    try {
      await expect(curationBatch(job.id, { lock: { name: 'mapping', owner: job.id } })).rejects.toThrow(
        LockLostError,
      );
      expect(names((await searchSector(`lost-${u}`)).body)).toEqual([`Lost ${u}`]);
    } finally {
      await releaseFunctionLock('mapping', other);
    }
  });
});

describe('admin: curation that lasts (rules applied by every mapping)', () => {
  it('keeps a merge and a remove through Process all and a re-import; undoing a rule lets the imported value back', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    const people = [
      { name: `Rule A ${u}`, sectors: [`fin tech-${u}`, `crypto-${u}`, `ai-${u}`] },
      { name: `Rule B ${u}`, sectors: [`Fin Tech-${u}`] },
    ];
    await seedInvestors(people);
    const merge = await runFieldMerger(admin, {
      action: 'merge',
      field: 'sectorFocus',
      selectedValues: [`fin tech-${u}`],
      finalValue: `fintech-${u}`,
    });
    const remove = await runFieldMerger(admin, {
      action: 'remove',
      field: 'sectorFocus',
      selectedValues: [`crypto-${u}`],
    });
    expect([merge.job.status, remove.job.status]).toEqual(['succeeded', 'succeeded']);
    // Every workflow the runs started ends first (their aggregations), so Process all below does not
    // find the mapping lock held.
    await settleWorkflows();
    const state = async () => ({
      merged: (await searchSector(`fintech-${u}`)).body,
      raw: (await searchSector(`fin tech-${u}`)).body,
      removed: (await searchSector(`crypto-${u}`)).body,
    });
    const curated = async () => {
      const now = await state();
      expect(names(now.merged)).toEqual([`Rule A ${u}`, `Rule B ${u}`]);
      expect(now.raw).toMatchObject({ data: { total: 0 } });
      expect(now.removed).toMatchObject({ data: { total: 0 } });
    };
    await curated();

    // Process all maps every imported record again: the raw values do not come back.
    await mapBatch({ mode: 'all', cursor: null, mapped: 0 }, { budgetMs: 10 * 60_000 });
    await curated();
    // Nor with a re-import of the same people.
    await seedInvestors(people);
    await curated();

    const listed = (await call('GET', '/admin/curation-rules', { token: admin.token })).body as {
      data: { rules: { field: string; value: string; finals: string[] }[] };
    };
    expect(listed.data.rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'sectorFocus', value: `fin tech-${u}`, finals: [`fintech-${u}`] }),
        expect.objectContaining({ field: 'sectorFocus', value: `crypto-${u}`, finals: [] }),
      ]),
    );

    // Undo the remove: the next mapping keeps the imported value.
    const undone = await call(
      'DELETE',
      `/admin/curation-rules?field=sectorFocus&value=${encodeURIComponent(`crypto-${u}`)}`,
      { token: admin.token },
    );
    expect(undone.status).toBe(200);
    await seedInvestors(people);
    expect(names((await searchSector(`crypto-${u}`)).body)).toEqual([`Rule A ${u}`]);
    expect((await searchSector(`fin tech-${u}`)).body).toMatchObject({ data: { total: 0 } });
  });
});

describe('admin: debug-field listing (connected)', () => {
  it('lists the names of investors holding a value, alphabetically, a value with a comma whole', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    await seedInvestors([
      { name: `Zed ${u}`, sectors: [`dbg-${u}`] },
      { name: `Amy ${u}`, sectors: [`DBG-${u}`] },
      { name: `Other ${u}`, sectors: [`second-${u}`] },
    ]);

    const response = await call(
      'GET',
      `/admin/debug-field?targetField=sectorFocus&value=${encodeURIComponent(`dbg-${u}`)}`,
      { token: admin.token },
    );

    expect(response.status).toBe(200);
    const data = (response.body as { data: { investors: { name: string }[]; value: string } }).data;
    expect(data.value).toBe(`dbg-${u}`);
    expect(data.investors.map((i) => i.name)).toEqual([`Amy ${u}`, `Zed ${u}`]);

    // A merged value may hold a comma ("Payments, Cards"): it is looked for whole.
    const merged = await runFieldMerger(admin, {
      action: 'merge',
      field: 'sectorFocus',
      selectedValues: [`second-${u}`],
      finalValue: `pay-${u}, cards`,
    });
    expect(merged.job.status).toBe('succeeded');
    const comma = await call(
      'GET',
      `/admin/debug-field?targetField=sectorFocus&value=${encodeURIComponent(`pay-${u}, cards`)}`,
      { token: admin.token },
    );
    const commaData = (comma.body as { data: { investors: { name: string }[]; value: string } }).data;
    expect(commaData.value).toBe(`pay-${u}, cards`);
    expect(commaData.investors.map((i) => i.name)).toEqual([`Other ${u}`]);
  });
});

describe('admin: function runner (connected, Step Functions run locally)', () => {
  it('maps pending imported investors through the mapping workflow so search finds them', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    const headers = ['Investor Name', 'Email', 'Sector Focus'];
    const draft = buildImportedInvestor(
      columnsFromHeaders(headers),
      [`Pending ${u}`, `pending-${u}@example.com`, `runner-${u}`],
      {
        sourceName: 'runner test',
        importedByUserId: admin.sub,
        now: new Date(),
      },
    );
    // The test's own sector, on the taxonomy as an admin adds it (else it waits in the unmapped queue).
    await defineOnTaxonomy('sector', [`runner-${u}`]);
    await putImportedInvestors([{ id: `imp-${u}`, ...draft }]);
    expect((await searchSector(`runner-${u}`)).body).toMatchObject({ data: { total: 0 } });

    const started = await call('POST', '/admin/functions/processUnmapped', { token: admin.token });

    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      data: { functionName: 'processUnmapped', executionArn: expect.any(String) },
    });
    await expect
      .poll(async () => names((await searchSector(`runner-${u}`)).body), {
        timeout: PATIENCE_MS,
        interval: 200,
      })
      .toEqual([`Pending ${u}`]);
    // The workflow's last step releases the lock, so the function can be run again.
    await expect
      .poll(() => getItem('RUNNER#mapping', 'LOCK', true), { timeout: PATIENCE_MS, interval: 200 })
      .toBeUndefined();
  });

  it("refuses a second run of the same function while one runs with 'Function is already running'", async () => {
    const admin = await createUser({ admin: true });
    const owner = (await acquireFunctionLock('mapping', 'someone-else', new Date())) ?? '';
    try {
      // One lock for every run that writes or counts investors in bulk: the recount included.
      for (const name of ['aggregate', 'processAll', 'processUnmapped']) {
        const response = await call('POST', `/admin/functions/${name}`, { token: admin.token });

        expect(response.status).toBe(409);
        expect(response.body).toEqual({ error: { code: 'aborted', message: 'Function is already running' } });
      }
    } finally {
      await releaseFunctionLock('mapping', owner);
    }
  });

  it("the schedule's recount waits while a mapping run holds the lock, then counts holding it, and frees it", async () => {
    const owner = (await acquireFunctionLock('mapping', 'process-all', new Date())) ?? '';
    expect(owner).not.toBe('');
    const before = (await getLatestDirectoryMetadata())?.id;
    let executionArn = '';
    try {
      // As the 6-hourly schedule starts it (infra/constructs/workflows.ts): no lock of its own yet.
      executionArn = await startWorkflow('aggregation', workflowSchedules.aggregation.input);
      // Its Wait state, shortened locally, has gone round several times: nothing counted yet.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await describeWorkflow(executionArn)).status).toBe('RUNNING');
      expect((await getLatestDirectoryMetadata())?.id).toBe(before);
      expect(await getItem('RUNNER#mapping', 'LOCK', true)).toMatchObject({ owner });
    } finally {
      await releaseFunctionLock('mapping', owner);
    }

    await expect
      .poll(async () => (await describeWorkflow(executionArn)).status, { timeout: 120_000, interval: 200 })
      .toBe('SUCCEEDED');
    expect((await getLatestDirectoryMetadata())?.id).not.toBe(before);
    expect(await getItem('RUNNER#mapping', 'LOCK', true)).toBeUndefined();
  }, 150_000);

  it('refuses an unknown function name with a 400 naming the parameter', async () => {
    const admin = await createUser({ admin: true });

    const response = await call('POST', '/admin/functions/dropTables', { token: admin.token });

    expect(response.status).toBe(400);
    expect((response.body as { error: { message: string } }).error.message).toContain('functionName');
  });
});

describe('admin: mapping debugger (connected)', () => {
  it('shows the imported record and its searchable entry, looked up by email, by imported id or by searchable id', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    await seedInvestors([{ name: `Debug ${u}`, email: `Debug.${u}@Example.com`, sectors: [`debug-${u}`] }]);
    const card = (await searchSector(`debug-${u}`)).body as { data: { items: { id: string }[] } };
    const searchableId = card.data.items[0]?.id ?? '';

    const byEmail = await call('GET', `/admin/imported-investors?email=debug.${u}@example.com`, {
      token: admin.token,
    });
    const data = (
      byEmail.body as { data: { importedInvestor: { id: string }; searchableInvestor: { id: string } } }
    ).data;
    const byImportedId = await call('GET', `/admin/imported-investors/${data.importedInvestor.id}`, {
      token: admin.token,
    });
    const bySearchableId = await call('GET', `/admin/searchable-investors/${searchableId}`, {
      token: admin.token,
    });

    expect(byEmail.status).toBe(200);
    expect(data.searchableInvestor.id).toBe(searchableId);
    expect(byImportedId.body).toEqual(byEmail.body);
    expect(bySearchableId.body).toEqual(byEmail.body);
  });
});
