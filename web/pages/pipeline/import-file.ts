import { parse } from 'csv-parse/browser/esm/sync';
import { BINARY_SNIFF_BYTES, fileStartProblem, IMPORT_FILE_EMPTY } from '../../../shared/import/limits';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../../shared/pipeline/import-rows';

/** The founder's spreadsheet, read whole in the browser (it never leaves it whole: rows go in pages). */
export interface SpreadsheetFile {
  headers: string[];
  rows: string[][];
}

export const FILE_TOO_LARGE = `This file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it, or keep only the columns you need, and import each part.`;
export const tooManyRows = (count: number) =>
  `This file has ${count.toLocaleString('en-US')} rows: import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at a time. Split it and import each part.`;
export const UNREADABLE =
  'The file could not be read as CSV. Save it from your spreadsheet as "CSV (comma-separated)" and choose it again.';

/** Reads a CSV file with the admin import's parser options (`web/pages/admin/csv-file.ts`). */
export async function readSpreadsheet(file: Blob): Promise<SpreadsheetFile> {
  if (file.size === 0) throw new Error(IMPORT_FILE_EMPTY);
  if (file.size > MAX_IMPORT_BYTES) throw new Error(FILE_TOO_LARGE);
  const problem = fileStartProblem(new Uint8Array(await file.slice(0, BINARY_SNIFF_BYTES).arrayBuffer()));
  if (problem) throw new Error(problem);
  let records: string[][];
  try {
    records = parse(await file.text(), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    throw new Error(UNREADABLE, { cause: error });
  }
  const [headers, ...rows] = records;
  if (!headers) throw new Error(IMPORT_FILE_EMPTY);
  if (rows.length > MAX_IMPORT_ROWS) throw new Error(tooManyRows(rows.length));
  if (rows.length === 0) throw new Error(IMPORT_FILE_EMPTY);
  return { headers, rows };
}
