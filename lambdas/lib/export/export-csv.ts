/**
 * Writes the purchased contact list as CSV (the file emailed to the buyer). Kept apart from `export.ts`
 * because csv-stringify needs Node's `Buffer` at load time: import this module from lambdas, not the browser.
 */
import { stringify } from 'csv-stringify/sync';
import { columnOrderSchema, type ExportColumnKey, exportColumnLabel } from '../../../shared/cart/export';
import { messages } from '../../../shared/messages';

/** One purchased contact, with its real values. A missing value is exported as an empty cell. */
export interface ExportContactRow {
  readonly name: string;
  readonly email: string | null;
  readonly linkedinUrl: string | null;
}

const CSV_CELL: Readonly<Record<ExportColumnKey, (row: ExportContactRow, index: number) => string>> = {
  rowIndex: (_, index) => String(index + 1),
  name: (row) => row.name,
  email: (row) => row.email ?? '',
  linkedinUrl: (row) => row.linkedinUrl ?? '',
};

export interface BuildExportCsvOptions {
  /**
   * Start the file with a UTF-8 byte order mark so spreadsheet programs (Excel) read non-ASCII names
   * correctly. Default true.
   */
  readonly bom?: boolean;
}

/**
 * The CSV of `rows` with the columns of `columnOrder`, in that order: a header row of column labels, then
 * one record per contact, Row Index counting from 1. Records end with CRLF (RFC 4180). Cells that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return, or their full-width
 * forms) get a leading single quote.
 *
 * @throws Error 'No columns selected. Please select at least one column to export.' when `columnOrder` is
 *   empty, and an Error when it names an unknown column or one column twice.
 */
export function buildExportCsv(
  rows: readonly ExportContactRow[],
  columnOrder: readonly ExportColumnKey[],
  options: BuildExportCsvOptions = {},
): string {
  if (columnOrder.length === 0) throw new Error(messages.noColumnsSelected);
  const checked = columnOrderSchema.safeParse(columnOrder);
  if (!checked.success) throw new Error(`Invalid export columns: ${checked.error.issues[0]?.message ?? ''}`);

  const header = columnOrder.map(exportColumnLabel);
  const records = rows.map((row, index) => columnOrder.map((column) => CSV_CELL[column](row, index)));
  return stringify([header, ...records], {
    bom: options.bom ?? true,
    escape_formulas: true,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
  });
}
