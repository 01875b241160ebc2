/**
 * The benchmark's import file: the demo directory's synthetic rows (deterministic), with the sector
 * `generalist` on 40% of rows, `govtech` on 20% (20,000 investors at 100,000 rows: the field
 * merger's figure) and `femtech` on 0.1%, chosen by row index. The same row count
 * always gives the same file, and a smaller file is a prefix of a larger one.
 *
 * Run as a script (`node --import tsx bench/csv.ts <rows> <file>`) the file is written by a child
 * process, so generating it never inflates the memory figures of the process that imports it.
 */
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { DEMO_HEADERS, generateInvestorRows } from '../infra/local/seed';

/**
 * The bench's sectors are taxonomy sectors the demo directory does not use (the bench directory
 * carries taxonomy values only, issue 33): an off-list tag would wait in the unmapped queue.
 */
export const COMMON_TAG = 'generalist';
export const RARE_TAG = 'femtech';
/** On the list, carried by nobody. */
export const NOTHING_TAG = 'defense';
export const MERGE_TAG = 'govtech';

const SECTOR_COLUMN = DEMO_HEADERS.indexOf('Sector Focus');

/** 40% of rows carry the common tag, one row in a thousand the rare one. */
export const hasCommonTag = (index: number) => index % 5 < 2;
export const hasRareTag = (index: number) => index % 1000 === 0;
/** 20% of rows, none of them with the common tag: the tag the field merger's figure merges. */
export const hasMergeTag = (index: number) => index % 5 === 2;

/** The benchmark rows: `generateInvestorRows(count)` with the bench tags added to the sectors. */
export function benchRows(count: number): string[][] {
  const rows = generateInvestorRows(count);
  rows.forEach((row, index) => {
    const extra = [
      hasCommonTag(index) ? COMMON_TAG : null,
      hasMergeTag(index) ? MERGE_TAG : null,
      hasRareTag(index) ? RARE_TAG : null,
    ].filter((t): t is string => t !== null);
    if (extra.length === 0) return;
    const sectors = row[SECTOR_COLUMN] ?? '';
    row[SECTOR_COLUMN] = [sectors, ...extra].filter((s) => s !== '').join('; ');
  });
  return rows;
}

/** Writes the benchmark CSV (header row, then `count` rows) to `file`, in pieces. */
export async function writeBenchCsv(count: number, file: string): Promise<void> {
  const rows = benchRows(count);
  const out = createWriteStream(file);
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => out.write(text, (error) => (error ? reject(error) : resolve())));
  await write(stringify([DEMO_HEADERS]));
  for (let i = 0; i < rows.length; i += 5_000) await write(stringify(rows.slice(i, i + 5_000)));
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

/** Writes the file in a child process (see the module comment). */
export async function writeBenchCsvInChild(root: string, count: number, file: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/csv.ts'), String(count), file],
    { cwd: root },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [count, file] = process.argv.slice(2);
  if (!count || !file) throw new Error('usage: bench/csv.ts <rows> <file>');
  await writeBenchCsv(Number(count), file);
}
