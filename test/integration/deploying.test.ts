import { describe, expect, it } from 'vitest';
import { HAS_MESSAGE } from '../../shared/api/directory';
import { IMPORT_JOB_RESTING_STATUSES, type ImportJobView } from '../../shared/api/imports';
import { valueNoticeReasons } from '../../shared/import/build-imported-investor';
import { daysBefore } from '../../shared/investors/deploying';
import { PATIENCE_MS } from '../support/patience';
import { call, createUser, type TestUser } from './support/home';
import { defineOnTaxonomy, unique } from './support/seed';
import { settleWorkflows } from './support/settle';

/**
 * "Is this investor deploying now" (issue 52) through the product's own paths: the admin import's
 * new columns (fund size, vintage: bad values refused with the reason and kept), the profile
 * answer's deploying-now facts computed on the server, and the search filter "Deployed in the last
 * 12 months" with its count beside the other has= filters.
 */

const HEADERS = [
  'Investor Name',
  'Email',
  'Stage Focus',
  'Sector Focus',
  'Fund Size',
  'Vintage',
  'Notable investments',
];

const dataOf = <T>(body: unknown) => (body as { data: T }).data;

async function importFile(admin: TestUser, csv: string, sector: string): Promise<ImportJobView> {
  await defineOnTaxonomy('sector', [sector]);
  const created = await call('POST', '/admin/imports', {
    token: admin.token,
    body: {
      fileName: 'funds.csv',
      fileSize: Buffer.byteLength(csv),
      sourceName: 'Deploying test',
      sourceUrl: 'https://example.com/funds',
      headers: HEADERS.map((header) => ({ header, include: true })),
    },
  });
  expect(created.status, created.text).toBe(201);
  const { job, uploadUrl } = dataOf<{ job: ImportJobView; uploadUrl: string }>(created.body);
  const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: csv });
  expect(put.status).toBe(200);
  const started = await call('POST', `/admin/imports/${job.id}/start`, { token: admin.token });
  expect(started.status, started.text).toBe(200);
  let view: ImportJobView | undefined;
  await expect
    .poll(
      async () => {
        const response = await call('GET', `/admin/imports/${job.id}`, { token: admin.token });
        view = dataOf<{ job: ImportJobView }>(response.body).job;
        return IMPORT_JOB_RESTING_STATUSES.includes(view.status);
      },
      { timeout: PATIENCE_MS, interval: 200 },
    )
    .toBe(true);
  return view as ImportJobView;
}

const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;

describe('deploying now (connected)', () => {
  it('imports fund size and vintage, refuses bad ones plainly, and answers the deploying-now facts and filter', async () => {
    const admin = await createUser({ admin: true });
    const u = unique();
    const sector = `deploy-${u}`;
    const now = new Date();
    const year = now.getUTCFullYear();
    const busyDeals = `Alpha (Seed, ${daysBefore(now, 20)}); Beta (seed, ${daysBefore(now, 90)}); Gamma (Series A, ${daysBefore(now, 420)})`;
    const rows = [
      [`Busy Fund ${u}`, `busy-${u}@example.com`, 'Seed', sector, '$150M', String(year - 2), busyDeals],
      [
        `Quiet Fund ${u}`,
        `quiet-${u}@example.com`,
        'Seed',
        sector,
        'lots',
        '1850',
        `Delta (Seed, ${daysBefore(now, 800)})`,
      ],
      [
        `Old Fund ${u}`,
        `old-${u}@example.com`,
        'Seed',
        sector,
        '40m',
        String(year - 6),
        `Eps (Seed, ${daysBefore(now, 700)})`,
      ],
      [`Unknown Fund ${u}`, `unknown-${u}@example.com`, 'Seed', sector, '', '', 'Zeta'],
    ];
    const csv = [HEADERS.join(','), ...rows.map((row) => row.map(quote).join(','))].join('\n');

    const job = await importFile(admin, csv, sector);
    expect(job).toMatchObject({ status: 'succeeded', importedRows: 4 });
    // Refused with the reason, and kept with the record's other details (nothing lost).
    expect(job.valueNotices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ column: 'Fund Size', value: 'lots', reason: valueNoticeReasons.fundSize }),
        expect.objectContaining({ column: 'Vintage', value: '1850', reason: valueNoticeReasons.vintage }),
      ]),
    );
    expect(valueNoticeReasons.fundSize).toContain('not a whole number of US dollars');

    const listed = await call('GET', `/investors?sectorFocus=${sector}`);
    expect(listed.status, listed.text).toBe(200);
    const ids = new Map(
      dataOf<{ items: { id: string; name: string }[] }>(listed.body).items.map((item) => [
        item.name.split(' ')[0] as string,
        item.id,
      ]),
    );
    const profile = async (who: string) => {
      const response = await call('GET', `/investors/${ids.get(who)}`);
      expect(response.status, response.text).toBe(200);
      return dataOf<Record<string, unknown>>(response.body);
    };

    expect(await profile('Busy')).toMatchObject({
      fundSize: 150_000_000,
      vintage: year - 2,
      profileConfirmed: { fundSize: { by: 'import' }, vintage: { by: 'import' } },
      deploying: {
        lastDeal: daysBefore(now, 20),
        dealsLast12Months: 2,
        stagesLast12Months: [{ stage: 'Seed', count: 2 }],
        fundSize: 150_000_000,
        vintage: year - 2,
        noDealIn18Months: false,
        pastInvestmentPeriod: false,
      },
    });
    expect(await profile('Quiet')).toMatchObject({
      fundSize: null,
      vintage: null,
      deploying: { dealsLast12Months: 0, noDealIn18Months: true, pastInvestmentPeriod: false },
    });
    expect(await profile('Old')).toMatchObject({
      fundSize: 40_000_000,
      deploying: { noDealIn18Months: true, pastInvestmentPeriod: true },
    });
    // No dated deal, no fund: nothing claimed.
    expect(await profile('Unknown')).toMatchObject({ deploying: null, fundSize: null, vintage: null });

    // The filter reads the search snapshot, folded after the import.
    await settleWorkflows();
    await expect
      .poll(
        async () => {
          const response = await call('GET', `/investors?sectorFocus=${sector}&has=deployed`);
          return dataOf<{ items: { id: string }[] }>(response.body).items.map((item) => item.id);
        },
        { timeout: PATIENCE_MS, interval: 200 },
      )
      .toEqual([ids.get('Busy')]);
    const facets = await call('GET', `/directory/facets?sectorFocus=${sector}`);
    expect(facets.status, facets.text).toBe(200);
    expect(dataOf<{ total: number; has: Record<string, number> }>(facets.body)).toMatchObject({
      total: 4,
      has: { deployed: 1, email: 4 },
    });
    // With the filter on, its own count stays what choosing it finds; the total follows it.
    const narrowed = await call('GET', `/directory/facets?sectorFocus=${sector}&has=deployed`);
    expect(dataOf<{ total: number; has: Record<string, number> }>(narrowed.body)).toMatchObject({
      total: 1,
      has: { deployed: 1, email: 1 },
    });
    const bad = await call('GET', `/investors?sectorFocus=${sector}&has=deploying`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(HAS_MESSAGE);
  });
});
