/**
 * Export columns of the cart (spec section 2, "Export builder"): which columns exist, the order the buyer
 * chose, and the masked preview shown before purchase. Writing the CSV itself lives in `export-csv.ts`, so
 * that the web app can use this module without loading the CSV writer.
 */
import * as z from 'zod/mini';
import type { CartInvestor } from './cart-investor';

export const EXPORT_COLUMN_KEYS = ['rowIndex', 'name', 'email', 'linkedinUrl'] as const;
export type ExportColumnKey = (typeof EXPORT_COLUMN_KEYS)[number];

export interface ExportColumn {
  readonly key: ExportColumnKey;
  readonly label: string;
  /** True when the value is computed at export time rather than read from the contact. */
  readonly computed: boolean;
}

const LABELS: Readonly<Record<ExportColumnKey, string>> = {
  rowIndex: 'Row Index',
  name: 'Name',
  email: 'Email',
  linkedinUrl: 'LinkedIn URL',
};

export const EXPORT_COLUMNS: readonly ExportColumn[] = EXPORT_COLUMN_KEYS.map((key) => ({
  key,
  label: LABELS[key],
  computed: key === 'rowIndex',
}));

/** A new cart exports every column, in the order of {@link EXPORT_COLUMNS}. */
export const DEFAULT_COLUMN_ORDER: readonly ExportColumnKey[] = EXPORT_COLUMN_KEYS;

/** What a masked contact value shows in the preview. It is the same whatever the real value is. */
export const MASKED_VALUE = '••••••••';

export function exportColumnLabel(key: ExportColumnKey): string {
  return LABELS[key];
}

/** The chosen column order as stored on a cart: known keys, each at most once. */
export const columnOrderSchema = z.array(z.enum(EXPORT_COLUMN_KEYS)).check(
  z.refine((keys) => new Set(keys).size === keys.length, {
    error: 'Each export column can be chosen once.',
  }),
);

/** The columns not selected, in the canonical order of {@link EXPORT_COLUMNS}. */
export function availableColumns(selected: readonly ExportColumnKey[]): ExportColumnKey[] {
  return EXPORT_COLUMN_KEYS.filter((key) => !selected.includes(key));
}

/**
 * Clicking a column moves it between "available" and "selected": a selected column is removed from the
 * selection; an available one is appended to the end of it. Returns a new array.
 */
export function moveColumn(selected: readonly ExportColumnKey[], key: ExportColumnKey): ExportColumnKey[] {
  return selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key];
}

const PREVIEW_CELL: Readonly<Record<ExportColumnKey, (investor: CartInvestor, index: number) => string>> = {
  rowIndex: (_, index) => String(index + 1),
  name: (investor) => investor.name,
  email: (investor) => (investor.hasEmail ? MASKED_VALUE : ''),
  linkedinUrl: (investor) => (investor.hasLinkedIn ? MASKED_VALUE : ''),
};

export interface PreviewRow {
  /** The investor id, usable as a stable row key. */
  readonly key: string;
  /** One cell per column of the column order, in that order. */
  readonly cells: readonly string[];
}

/**
 * The preview table before purchase. The browser never has contact values before purchase, so Email and
 * LinkedIn URL show {@link MASKED_VALUE} when the investor has one (`hasEmail`, `hasLinkedIn`) and stay empty
 * otherwise. Row Index counts from 1; Name is public and shown as is. With no columns chosen there is
 * nothing to preview and the result is empty (the screen shows 'No columns selected...' instead).
 */
export function maskedPreviewRows(
  investors: readonly CartInvestor[],
  columnOrder: readonly ExportColumnKey[],
): PreviewRow[] {
  if (columnOrder.length === 0) return [];
  return investors.map((investor, index) => ({
    key: investor.id,
    cells: columnOrder.map((column) => PREVIEW_CELL[column](investor, index)),
  }));
}
