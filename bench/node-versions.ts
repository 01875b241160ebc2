/**
 * Node 20 against Node 24 (issue 51): the bench's CPU-bound parts that need no local home, run on
 * whichever Node starts this file, so the same command can be given to each binary:
 *
 *   /usr/bin/node --import tsx bench/node-versions.ts <engine dir> <out.json>          (Node 20)
 *   node_modules/.bin/node --import tsx bench/node-versions.ts <engine dir> <out.json> (Node 24)
 *
 * `<engine dir>` holds a directory and its stored forms written once by
 * `node --import tsx bench/search-engine.ts generate 100000 <dir> today,ours`, so both runtimes load
 * the same bytes. Measured: the search engine's cold load, heap and calls (bench/search-engine.ts,
 * `measure ours`, in a child of this Node), the shortlist's calls (BENCH_CALL_KINDS=shortlist), the
 * build of a directory and its stored forms (what `generate` does, here in this process,
 * BENCH_NODE_GENERATE_ROWS, default 100,000), writing the import file (bench/csv.ts,
 * BENCH_NODE_IMPORT_ROWS, default 20,000), the import's CPU work without its writes (the
 * ImportChunk step's csv-parse and buildImportedInvestorWithNotices over that file), and the export
 * CSV (bench/export.ts, measureCsv). Every timed figure has the process's CPU time beside it: on a
 * shared machine the wall time follows the other processes' load, the CPU time much less.
 *
 *   BENCH_SAMPLES=100   timed calls per search-engine figure (default 100)
 */
import './env';
import { execFile } from 'node:child_process';
import { createReadStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse } from 'csv-parse';
import { buildImportedInvestorWithNotices } from '../shared/import/build-imported-investor';
import { columnsFromHeaders } from '../shared/import/header-matching';
import { writeBenchCsv } from './csv';
import { measureCsv } from './export';
import { ENGINES } from './search-engines';

const run = promisify(execFile);
const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const GENERATE_ROWS = Number(process.env.BENCH_NODE_GENERATE_ROWS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_NODE_IMPORT_ROWS ?? 20_000);

/** Wall and CPU time (ms) of one awaited call. */
async function timed<T>(fn: () => Promise<T> | T): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await fn();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

/** bench/search-engine.ts in a child of this same Node (its CPU time is the child's own). */
async function engineChild(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ stdout: string; wallMs: number }> {
  const start = performance.now();
  const { stdout } = await run(
    process.execPath,
    [
      '--expose-gc',
      '--max-old-space-size=12000',
      '--import',
      'tsx',
      join(ROOT, 'bench/search-engine.ts'),
      ...args,
    ],
    { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } },
  );
  return { stdout, wallMs: performance.now() - start };
}

/** The ImportChunk step's work on each row, without the writes: parse, check the cells, build the investor. */
async function importRows(file: string) {
  const context = { sourceName: 'bench', sourceUrl: null, importedByUserId: 'bench', now: new Date() };
  let columns: ReturnType<typeof columnsFromHeaders> | null = null;
  let built = 0;
  const stream = createReadStream(file).pipe(
    parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true }),
  );
  for await (const { record } of stream as AsyncIterable<{ record: string[] }>) {
    if (!columns) {
      columns = columnsFromHeaders(record);
      continue;
    }
    const { record: draft } = buildImportedInvestorWithNotices(columns, record, context);
    if (draft.fullName) built++;
  }
  return built;
}

async function main() {
  const [engineDir, outFile] = process.argv.slice(2);
  if (!engineDir || !outFile) throw new Error('usage: bench/node-versions.ts <engine dir> <out.json>');
  const work = join(ROOT, 'bench/.out', `node-versions-${process.version}-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const result: Record<string, unknown> = { node: process.version, samples: SAMPLES };
  const log = (text: string) =>
    process.stderr.write(`[${process.version} ${new Date().toISOString().slice(11, 19)}] ${text}\n`);

  log('search engine: ours, cold load and calls');
  const engine = await engineChild(['measure', 'ours', engineDir, String(SAMPLES), '20000']);
  result.engine = JSON.parse(engine.stdout);

  log('shortlist: ours');
  const shortlist = await engineChild(['measure', 'ours', engineDir, String(SAMPLES), '20000'], {
    BENCH_CALL_KINDS: 'shortlist',
  });
  result.shortlist = JSON.parse(shortlist.stdout);

  // In this process (after the engine children), so its CPU time is this process's own.
  log(`generate: a ${GENERATE_ROWS}-row directory and its stored forms`);
  const { benchDirectory } = await import('./search-directory');
  const directory = await timed(() => benchDirectory(GENERATE_ROWS));
  const builds: Record<string, { wallMs: number; cpuMs: number; bytes: number }> = {};
  for (const name of ['today', 'ours'] as const) {
    const stored = await timed(() => ENGINES[name].store(directory.value));
    builds[name] = { wallMs: stored.wallMs, cpuMs: stored.cpuMs, bytes: stored.value.length };
  }
  result.generate = {
    rows: GENERATE_ROWS,
    directory: { wallMs: directory.wallMs, cpuMs: directory.cpuMs },
    builds,
  };
  directory.value.length = 0;

  log(`import file: writing ${IMPORT_ROWS} rows`);
  const file = join(work, `import-${IMPORT_ROWS}.csv`);
  const written = await timed(() => writeBenchCsv(IMPORT_ROWS, file));
  result.importFile = { rows: IMPORT_ROWS, wallMs: written.wallMs, cpuMs: written.cpuMs };

  log('import: parse and build every row (no writes)');
  const imported = await timed(() => importRows(file));
  result.importParseBuild = {
    rows: imported.value,
    wallMs: imported.wallMs,
    cpuMs: imported.cpuMs,
    rowsPerSecond: imported.value / (imported.wallMs / 1000),
  };

  log('export CSV: 200 runs');
  result.exportCsv = await measureCsv(200);

  writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
  rmSync(work, { recursive: true, force: true });
  log(`wrote ${outFile}`);
}

await main();
