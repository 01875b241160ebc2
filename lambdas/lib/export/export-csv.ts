/**
 * Writes the purchased contact list as CSV (the file emailed to the buyer). Kept apart from `export.ts`
 * because csv-stringify needs Node's `Buffer` at load time: import this module from lambdas, not the browser.
 */
import { stringify } from 'csv-stringify/sync';
import {
  chequeAmountCell,
  columnOrderSchema,
  contactKindOf,
  type ExportColumnKey,
  exportColumnLabel,
  isContactColumn,
} from '../../../shared/cart/export';
import type { ContactKind } from '../../../shared/investors/provenance';
import { messages } from '../../../shared/messages';
import { formulaSafeOptions } from './formula-guard';

/** One purchased contact, with its real values. A missing value is exported as an empty cell. */
export interface ExportContactRow {
  readonly name: string;
  readonly email: string | null;
  readonly linkedinUrl: string | null;
  readonly phone?: string | null;
  readonly twitterUrl?: string | null;
  readonly crunchbaseUrl?: string | null;
  readonly firm?: string | null;
  readonly title?: string | null;
  /** Cities then countries, as one text. */
  readonly location?: string | null;
  /** The cheque range as a founder reads it ('$250K–$1M'), or the source's own words. */
  readonly chequeSize?: string | null;
  /** The cheque range's ends and the typical cheque, in whole US dollars (issue 50: numbers a CRM reads). */
  readonly chequeMin?: number | null;
  readonly chequeMax?: number | null;
  readonly typicalCheque?: number | null;
  /** When each contact value was last confirmed (ISO 8601), by kind. */
  readonly confirmedAt?: Partial<Record<ContactKind, string>>;
}

const VALUE_OF: Readonly<Record<ContactKind, (row: ExportContactRow) => string | null | undefined>> = {
  email: (row) => row.email,
  linkedin: (row) => row.linkedinUrl,
  phone: (row) => row.phone,
  twitter: (row) => row.twitterUrl,
  crunchbase: (row) => row.crunchbaseUrl,
};

/**
 * The UTC date (YYYY-MM-DD) of the oldest confirmation among the row's exported contact values, so it
 * never claims more than holds for any cell; empty when the row exports no contact value.
 */
function lastConfirmed(row: ExportContactRow, columnOrder: readonly ExportColumnKey[]): string {
  const dates = columnOrder
    .filter(isContactColumn)
    .map(contactKindOf)
    .filter((kind) => (VALUE_OF[kind](row) ?? '') !== '')
    .map((kind) => row.confirmedAt?.[kind])
    .filter((at): at is string => typeof at === 'string')
    .map((at) => new Date(at).toISOString().slice(0, 10))
    .sort();
  return dates[0] ?? '';
}

const CSV_CELL: Readonly<
  Record<
    ExportColumnKey,
    (row: ExportContactRow, index: number, columnOrder: readonly ExportColumnKey[]) => string
  >
> = {
  rowIndex: (_, index) => String(index + 1),
  name: (row) => row.name,
  email: (row) => row.email ?? '',
  linkedinUrl: (row) => row.linkedinUrl ?? '',
  phone: (row) => row.phone ?? '',
  twitterUrl: (row) => row.twitterUrl ?? '',
  crunchbaseUrl: (row) => row.crunchbaseUrl ?? '',
  firm: (row) => row.firm ?? '',
  title: (row) => row.title ?? '',
  location: (row) => row.location ?? '',
  chequeSize: (row) => row.chequeSize ?? '',
  chequeMin: (row) => chequeAmountCell(row.chequeMin),
  chequeMax: (row) => chequeAmountCell(row.chequeMax),
  typicalCheque: (row) => chequeAmountCell(row.typicalCheque),
  lastConfirmed: (row, _, columnOrder) => lastConfirmed(row, columnOrder),
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
 * one record per contact, Row Index counting from 1, Last confirmed the oldest confirmation date of the
 * row's exported contact values. Records end with CRLF (RFC 4180). Cells that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return, or their full-width
 * forms) get a leading single quote, but a plain phone number ("+44 20 7946 0958"), which cannot be
 * one, is written as it is (`formula-guard.ts`).
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
  const records = rows.map((row, index) =>
    columnOrder.map((column) => CSV_CELL[column](row, index, columnOrder)),
  );
  const phoneColumn = columnOrder.indexOf('phone');
  return stringify([header, ...records], {
    ...formulaSafeOptions(phoneColumn >= 0 ? [phoneColumn] : []),
    bom: options.bom ?? true,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
  });
}
