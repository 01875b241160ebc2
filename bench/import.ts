/**
 * Import: a CSV imported through the local home end to end, as an admin does it (create the job,
 * PUT the file to the presigned URL, start, poll until it succeeded), with the rows per second, the
 * peak memory of this process (the gateway and the workflows run in it), the time of each workflow
 * phase and the CPU each process spent. Also the original's way of writing rows, one PutItem per row
 * in sequence, for comparison, and DynamoDB Local's own batch-write throughput.
 *
 * Aggregation scans the whole table, which DynamoDB Local cannot finish at 100,000 investors (its
 * Scan pages get slower as the table grows): after `aggregationLimitMs` the benchmark stops it and
 * reports the import as not finished, with everything measured up to then.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Api, expectStatus } from '../infra/local/api-client';
import { DEMO_HEADERS } from '../infra/local/seed';
import { documentClient } from '../lambdas/lib/clients/dynamodb';
import { batchWrite, putRequest } from '../lambdas/lib/table/batch';
import { importedInvestorModel } from '../lambdas/lib/table/models';
import { tableName } from '../lambdas/lib/table/table';
import type { ImportJobView } from '../shared/api/imports';
import { buildImportedInvestor } from '../shared/import/build-imported-investor';
import { columnsFromHeaders } from '../shared/import/header-matching';
import type { ImportedInvestor } from '../shared/investors/types';
import { benchRows } from './csv';
import { type DynamoStats, difference, meterDynamo, scanBreaker } from './dynamo-meter';
import { firstStart, runningSince, runningTasks, taskTotals } from './local-workflows';
import { collectGarbage, cpuMeter, emulatorChildren, rssBytes } from './machine';
import { sleep } from './stats';

export const IMPORT_ROWS_PER_SECOND_TARGET = 5_000;
export const ONE_BY_ONE_RATIO_TARGET = 20;

export interface ImportPhases {
  /** POST /admin/imports and the PUT of the file to the presigned URL. */
  uploadMs: number;
  /** The Prepare task: the file checked and its rows counted. */
  prepareMs: number;
  /** The ImportChunk tasks: rows parsed and written as imported investors, chunk by chunk. */
  chunksMs: number;
  /** The MapBatch tasks: imported investors mapped into searchable investors and tag postings. */
  mappingMs: number;
  /** The Aggregate task: the directory scanned for its metadata and tag counters. */
  aggregationMs: number;
  /** Everything else: starting, CompleteJob, the workflow's transitions, the last poll. */
  otherMs: number;
}

export interface ImportFigure {
  rows: number;
  fileBytes: number;
  /** True when the job succeeded; false when the benchmark had to stop aggregation (the job then fails). */
  completed: boolean;
  /** Until the job ended. */
  seconds: number;
  /** End to end, when completed. */
  rowsPerSecond: number | null;
  /** Everything before aggregation: upload, Prepare, ImportChunk and MapBatch tasks. */
  beforeAggregation: { seconds: number; rowsPerSecond: number };
  /** Aggregation: its time, the items its scans read, and whether the benchmark stopped it. */
  aggregation: { ms: number; scanned: number; stopped: boolean };
  baselineRss: number;
  peakRssDelta: number;
  /** Peak resident memory of DynamoDB Local (a JVM, -Xmx2g) during the import. */
  dynamoPeakRss: number | null;
  phases: ImportPhases;
  /** Each workflow Task state: how often it ran, its total and its longest run. */
  tasks: Record<string, { runs: number; ms: number; longestMs: number }>;
  cpu: { wallSeconds: number; node: number; children: Record<string, number> };
  job: ImportJobView;
  /** DynamoDB requests of the handlers: while rows were written, then while mapping and aggregating. */
  dynamo: { chunks: DynamoStats; mappingAndAggregation: DynamoStats; all: DynamoStats };
}

/** PUTs a file to a presigned URL, streamed from disk as the browser would send it. */
async function putFile(url: string, file: string): Promise<void> {
  const size = statSync(file).size;
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'PUT', headers: { 'content-type': 'text/csv', 'content-length': size } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    pipeline(createReadStream(file), request).catch(reject);
  });
  if (status !== 200) throw new Error(`Upload to the presigned URL answered ${status}`);
}

/** Samples this process's RSS (and DynamoDB Local's) every `intervalMs` until stopped. */
function memorySampler(intervalMs = 100) {
  const dynamo = emulatorChildren().find((c) => c.name === 'DynamoDB Local');
  let peak = process.memoryUsage().rss;
  let dynamoPeak = dynamo ? (rssBytes(dynamo.pid) ?? 0) : 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
    if (dynamo) dynamoPeak = Math.max(dynamoPeak, rssBytes(dynamo.pid) ?? 0);
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peak, dynamoPeak: dynamo ? dynamoPeak : null };
    },
  };
}

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * Imports `file` (`rows` data rows) as `adminToken` through the gateway and measures it. When the
 * Aggregate task has run for `aggregationLimitMs`, its scans are stopped (see scanBreaker): the job
 * then fails and the figure says so.
 */
export async function importThroughHome(
  api: Api,
  adminToken: string,
  file: string,
  rows: number,
  options: {
    pollMs?: number;
    timeoutMs?: number;
    aggregationLimitMs?: number;
    progress?: (text: string) => void;
  } = {},
): Promise<ImportFigure> {
  collectGarbage();
  await sleep(200);
  const baselineRss = process.memoryUsage().rss;
  const sampler = memorySampler();
  const cpu = cpuMeter();
  const meter = meterDynamo();
  const breaker = scanBreaker();
  const start = performance.now();
  try {
    const created = await api.call('POST', '/admin/imports', {
      token: adminToken,
      body: {
        fileName: `bench-${rows}.csv`,
        fileSize: statSync(file).size,
        sourceName: 'Benchmark (synthetic)',
        sourceUrl: 'https://example.com/benchmark',
        headers: DEMO_HEADERS.map((header) => ({ header, include: true })),
      },
    });
    expectStatus(created, 201, 'POST /admin/imports');
    const { job: createdJob, uploadUrl } = (
      created.body as { data: { job: ImportJobView; uploadUrl: string } }
    ).data;
    await putFile(uploadUrl, file);
    const uploaded = performance.now();
    expectStatus(
      await api.call('POST', `/admin/imports/${createdJob.id}/start`, { token: adminToken }),
      200,
      'POST /admin/imports/{id}/start',
    );

    const statsAt = new Map<string, DynamoStats>();
    const deadline = Date.now() + (options.timeoutMs ?? 60 * 60_000);
    let job: ImportJobView = createdJob;
    let lastProgress = performance.now();
    let stopped = false;
    for (;;) {
      const response = await api.call('GET', `/admin/imports/${createdJob.id}`, { token: adminToken });
      expectStatus(response, 200, 'GET /admin/imports/{id}');
      job = (response.body as { data: { job: ImportJobView } }).data.job;
      if (!statsAt.has(job.status)) statsAt.set(job.status, meter.snapshot());
      const aggregating = runningSince('Aggregate');
      if (
        !stopped &&
        aggregating !== null &&
        performance.now() - aggregating > (options.aggregationLimitMs ?? Infinity)
      ) {
        stopped = true;
        breaker.trip();
        options.progress?.('aggregation ran past its limit: stopping its scans');
      }
      if (performance.now() - lastProgress > 30_000) {
        lastProgress = performance.now();
        options.progress?.(
          `${job.status}, ${job.processedRows.toLocaleString('en-US')} rows processed, running: ${runningTasks() || 'none'}`,
        );
      }
      if (TERMINAL.has(job.status)) break;
      if (Date.now() > deadline) throw new Error(`Import ${job.id} did not finish in time: ${job.status}`);
      await sleep(options.pollMs ?? 250);
    }
    const end = performance.now();
    const memory = sampler.stop();
    const used = cpu.stop();
    const all = meter.stop();
    const tasks = taskTotals(start, end);
    const taskMs = (state: string) => tasks[state]?.ms ?? 0;
    const completed = job.status === 'succeeded';
    if (!completed && !stopped)
      throw new Error(
        `Import ${job.id} ended ${job.status} after ${((end - start) / 1000).toFixed(0)} s (${job.processedRows} rows processed): ${job.failureReason ?? 'no reason'}; tasks: ${JSON.stringify(tasks)}`,
      );

    const phases = {
      uploadMs: uploaded - start,
      prepareMs: taskMs('Prepare'),
      chunksMs: taskMs('ImportChunk'),
      mappingMs: taskMs('MapBatch'),
      aggregationMs: taskMs('Aggregate'),
    };
    const aggregationStart = firstStart('Aggregate', start, end) ?? end;
    const seconds = (end - start) / 1000;
    const before = (aggregationStart - start) / 1000;
    return {
      rows,
      fileBytes: statSync(file).size,
      completed,
      seconds,
      rowsPerSecond: completed ? rows / seconds : null,
      beforeAggregation: { seconds: before, rowsPerSecond: rows / before },
      aggregation: { ms: phases.aggregationMs, scanned: all.Scan?.scanned ?? 0, stopped },
      baselineRss,
      peakRssDelta: memory.peak - baselineRss,
      dynamoPeakRss: memory.dynamoPeak,
      phases: { ...phases, otherMs: end - start - Object.values(phases).reduce((a, b) => a + b, 0) },
      tasks,
      cpu: used,
      job,
      dynamo: {
        chunks: difference(statsAt.get('mapping') ?? all, statsAt.get('running') ?? {}),
        mappingAndAggregation: difference(all, statsAt.get('mapping') ?? all),
        all,
      },
    };
  } finally {
    breaker.remove();
    sampler.stop();
    meter.stop();
  }
}

const benchContext = () => ({
  sourceName: 'Benchmark one-by-one',
  sourceUrl: 'https://example.com/benchmark',
  importedByUserId: 'bench',
  now: new Date(),
});

/** Imported investors built from the bench rows with the shared mapping, under ids of their own. */
function sampleInvestors(count: number, prefix: string): ImportedInvestor[] {
  const columns = columnsFromHeaders(DEMO_HEADERS);
  const context = benchContext();
  return benchRows(count).map((row, i) => ({
    id: `${prefix}-${i + 1}`,
    ...buildImportedInvestor(columns, row, context),
  }));
}

/**
 * The original's way: each row built and written with its own PutItem, one after the other, under
 * ids of its own. Run after the imports (nothing maps afterwards, so the records can stay).
 */
export async function oneByOne(count: number): Promise<{ rows: number; rowsPerSecond: number }> {
  const columns = columnsFromHeaders(DEMO_HEADERS);
  const context = benchContext();
  const rows = benchRows(count);
  const client = documentClient();
  const TableName = tableName();
  const prefix = `bench-one-${randomUUID().slice(0, 8)}`;
  const start = performance.now();
  for (const [i, row] of rows.entries()) {
    const investor: ImportedInvestor = {
      id: `${prefix}-${i + 1}`,
      ...buildImportedInvestor(columns, row, context),
    };
    await client.send(new PutCommand({ TableName, Item: importedInvestorModel.toItem(investor) }));
  }
  return { rows: count, rowsPerSecond: count / ((performance.now() - start) / 1000) };
}

/**
 * DynamoDB Local's batch-write throughput for imported-investor items, with the import's own
 * `batchWrite` (25 per request, its default number of requests in flight): the ceiling under every
 * import figure.
 */
export async function dynamoWriteThroughput(
  count: number,
): Promise<{ items: number; itemsPerSecond: number }> {
  const prefix = `bench-batch-${randomUUID().slice(0, 8)}`;
  const items = sampleInvestors(count, prefix).map((i) => importedInvestorModel.toItem(i));
  const start = performance.now();
  await batchWrite(items.map((item) => putRequest(item)));
  return { items: count, itemsPerSecond: count / ((performance.now() - start) / 1000) };
}
