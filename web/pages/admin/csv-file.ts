import { parse } from 'csv-parse/browser/esm/sync';
import {
  BINARY_SNIFF_BYTES,
  IMPORT_FILE_EMPTY,
  IMPORT_FILE_NOT_CSV,
  IMPORT_FILE_UTF16,
  looksBinary,
  looksUtf16,
} from '../../../shared/import/limits';
import { PREVIEW_ROWS } from '../../../shared/import/preview';

/** The start of a CSV file as the importer shows it: the header row and the first data rows, uncut. */
export interface CsvPreview {
  headers: string[];
  /** Up to {@link PREVIEW_ROWS} data rows, cells as read (the preview table cuts them for display). */
  rows: string[][];
}

/** Not in the spec: the chosen file is not a .csv file. */
export const NOT_A_CSV_FILE = 'Please choose a .csv file.';
/** Not in the spec: the file has no bytes or no header row (the API and the import job say the same). */
export const EMPTY_CSV_FILE = IMPORT_FILE_EMPTY;
/** Not in the spec: the file cannot be read as CSV. */
export const UNREADABLE_CSV_FILE = 'The file could not be read as CSV.';
/** Not in the spec: a binary file renamed .csv (the import job says the same). */
export const BINARY_CSV_FILE = IMPORT_FILE_NOT_CSV;

/**
 * The parser's reason in one short clause: csv-parse's message starts with its reason ("Invalid
 * Closing Quote") and goes on to quote the text, which in a file that is not CSV is noise.
 */
function parserReason(error: unknown): string {
  if (!(error instanceof Error)) return '';
  const reason = error.message.split(':')[0]?.trim() ?? '';
  const line = (error as Error & { lines?: number }).lines;
  return reason.length > 0 && reason.length <= 80
    ? ` ${reason}${typeof line === 'number' ? ` (line ${line})` : ''}.`
    : '';
}

/** Only the start of a file is read for the preview, unless its first rows do not fit in it. */
export const PREVIEW_READ_BYTES = 1024 * 1024;

/** The parser options of the server's import (`lambdas/lib/imports/import-file.ts`), so both read alike. */
const CSV_OPTIONS = { bom: true, relax_column_count: true, skip_empty_lines: true } as const;

export function looksLikeCsvFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv';
}

const parseRecords = (text: string, count: number): string[][] =>
  parse(text, { ...CSV_OPTIONS, to: count }) as string[][];

function toPreview(records: readonly string[][]): CsvPreview {
  const [headers, ...rows] = records;
  if (!headers) throw new Error(EMPTY_CSV_FILE);
  return { headers, rows: rows.slice(0, PREVIEW_ROWS) };
}

/** Parses the header row and the first 20 data rows of CSV text; whatever follows them is not read. */
export function parseCsvPreview(text: string): CsvPreview {
  return toPreview(parseRecords(text, PREVIEW_ROWS + 1));
}

/**
 * Reads the preview of a CSV file in the browser. Only the first megabyte is read when the header and
 * 20 rows fit in it; otherwise (very long rows, or a quoted field cut at the boundary) the whole file.
 *
 * @throws Error with {@link EMPTY_CSV_FILE} or {@link UNREADABLE_CSV_FILE} (and the parser's reason).
 */
export async function readCsvPreview(file: Blob): Promise<CsvPreview> {
  if (file.size === 0) throw new Error(EMPTY_CSV_FILE);
  const start = new Uint8Array(await file.slice(0, BINARY_SNIFF_BYTES).arrayBuffer());
  if (looksUtf16(start)) throw new Error(IMPORT_FILE_UTF16);
  if (looksBinary(start)) throw new Error(BINARY_CSV_FILE);
  if (file.size > PREVIEW_READ_BYTES) {
    try {
      // One record more than needed: the last one read may be cut at the boundary, the others are whole.
      const records = parseRecords(await file.slice(0, PREVIEW_READ_BYTES).text(), PREVIEW_ROWS + 2);
      if (records.length === PREVIEW_ROWS + 2) return toPreview(records);
    } catch {
      // Read the whole file below.
    }
  }
  try {
    return parseCsvPreview(await file.text());
  } catch (error) {
    if (error instanceof Error && error.message === EMPTY_CSV_FILE) throw error;
    throw new Error(`${UNREADABLE_CSV_FILE}${parserReason(error)}`, { cause: error });
  }
}
