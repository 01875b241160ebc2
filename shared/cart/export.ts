/**
 * Export columns of the cart (spec section 2, "Export builder"): which columns exist, the order the buyer
 * chose, and the masked preview shown before purchase. Writing the CSV itself lives in `export-csv.ts`, so
 * that the web app can use this module without loading the CSV writer.
 */
import * as z from 'zod/mini';
import { excerpt } from '../api/text';
import { formatCheckRange } from '../format/money';
import { type ContactKind, confirmedPhrase, formatConfirmedMonth } from '../investors/provenance';
import type { CartInvestor } from './cart-investor';

/**
 * The spec's four columns first (Row Index, Name, Email, LinkedIn URL), then the ones issue 20 adds:
 * the other contact values, public facts about the investor, and when the row's values were last
 * confirmed.
 */
export const EXPORT_COLUMN_KEYS = [
  'rowIndex',
  'name',
  'email',
  'linkedinUrl',
  'phone',
  'twitterUrl',
  'crunchbaseUrl',
  'firm',
  'title',
  'location',
  'chequeSize',
  'chequeMin',
  'chequeMax',
  'typicalCheque',
  'lastConfirmed',
] as const;
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
  phone: 'Phone',
  twitterUrl: 'Twitter',
  crunchbaseUrl: 'Crunchbase',
  firm: 'Firm',
  title: 'Title',
  location: 'Location',
  chequeSize: 'Cheque size',
  chequeMin: 'Cheque min (USD)',
  chequeMax: 'Cheque max (USD)',
  typicalCheque: 'Typical cheque (USD)',
  lastConfirmed: 'Last confirmed',
};

/**
 * A cheque amount as a CRM imports a number (issue 50): whole US dollars, digits only, no currency sign,
 * no thousands separator, no 'K' or 'M' ('250000'); empty when the investor has none.
 */
export const chequeAmountCell = (amount: number | null | undefined): string =>
  typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 ? String(Math.round(amount)) : '';

export const EXPORT_COLUMNS: readonly ExportColumn[] = EXPORT_COLUMN_KEYS.map((key) => ({
  key,
  label: LABELS[key],
  computed: key === 'rowIndex' || key === 'lastConfirmed',
}));

/**
 * A new cart exports what a founder would put in a CRM (issue 50): Name, Firm, Title, Email, Phone,
 * LinkedIn URL. The price is the same whichever columns are chosen, so the default gives the whole
 * contact; Row Index and the rest stay a click away.
 */
export const DEFAULT_COLUMN_ORDER: readonly ExportColumnKey[] = [
  'name',
  'firm',
  'title',
  'email',
  'phone',
  'linkedinUrl',
];

/** The columns that hold a contact value, and the contact kind each reads. */
export const CONTACT_COLUMNS: Readonly<Partial<Record<ExportColumnKey, ContactKind>>> = {
  email: 'email',
  linkedinUrl: 'linkedin',
  phone: 'phone',
  twitterUrl: 'twitter',
  crunchbaseUrl: 'crunchbase',
};
export type ContactColumnKey = 'email' | 'linkedinUrl' | 'phone' | 'twitterUrl' | 'crunchbaseUrl';

export const isContactColumn = (key: ExportColumnKey): key is ContactColumnKey => key in CONTACT_COLUMNS;

/** The contact kind of a contact column. */
export const contactKindOf = (key: ContactColumnKey): ContactKind => CONTACT_COLUMNS[key] as ContactKind;

const HAS_FLAG: Readonly<Record<ContactKind, keyof CartInvestor>> = {
  email: 'hasEmail',
  phone: 'hasPhone',
  linkedin: 'hasLinkedIn',
  twitter: 'hasTwitter',
  crunchbase: 'hasCrunchbase',
};

/** Whether the card says the investor has a value of that kind. */
export const hasContact = (investor: CartInvestor, kind: ContactKind): boolean =>
  investor[HAS_FLAG[kind]] === true;

/** What a masked contact value shows in the preview. It is the same whatever the real value is. */
export const MASKED_VALUE = '••••••••';

export function exportColumnLabel(key: ExportColumnKey): string {
  return LABELS[key];
}

/**
 * Not in the spec: the answer to a column name the export does not have. It echoes an excerpt of the
 * name (a 10 MB name must not make a 10 MB answer).
 */
export const unknownExportColumn = (name: unknown): string =>
  `Unknown export column '${excerpt(String(name))}': the columns are ${EXPORT_COLUMN_KEYS.join(', ')}`;

/** One column key; anything else is refused naming it and every column there is. */
export const exportColumnKeySchema = z.enum(EXPORT_COLUMN_KEYS, {
  error: (issue) => unknownExportColumn(issue.input),
});

/** The chosen column order as stored on a cart: known keys, each at most once. */
export const columnOrderSchema = z.array(exportColumnKeySchema).check(
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

/** The oldest confirmed month among the contact values of the chosen columns the investor has. */
function oldestConfirmedMonth(
  investor: CartInvestor,
  columnOrder: readonly ExportColumnKey[],
): string | null {
  const months = columnOrder
    .filter(isContactColumn)
    .map(contactKindOf)
    .filter((kind) => hasContact(investor, kind))
    .map((kind) => investor.contactConfirmed?.[kind])
    .filter((month): month is string => typeof month === 'string')
    .sort();
  return months[0] ?? null;
}

const masked = (investor: CartInvestor, kind: ContactKind) =>
  hasContact(investor, kind) ? MASKED_VALUE : '';

const PREVIEW_CELL: Readonly<
  Record<
    ExportColumnKey,
    (investor: CartInvestor, index: number, columnOrder: readonly ExportColumnKey[]) => string
  >
> = {
  rowIndex: (_, index) => String(index + 1),
  name: (investor) => investor.name,
  email: (investor) => masked(investor, 'email'),
  linkedinUrl: (investor) => masked(investor, 'linkedin'),
  phone: (investor) => masked(investor, 'phone'),
  twitterUrl: (investor) => masked(investor, 'twitter'),
  crunchbaseUrl: (investor) => masked(investor, 'crunchbase'),
  firm: (investor) => investor.firmName ?? '',
  title: (investor) => investor.title ?? '',
  location: (investor) => [...(investor.cities ?? []), ...(investor.countries ?? [])].join(', '),
  chequeSize: (investor) => formatCheckRange(investor.checkMin, investor.checkMax) ?? '',
  chequeMin: (investor) => chequeAmountCell(investor.checkMin),
  chequeMax: (investor) => chequeAmountCell(investor.checkMax),
  typicalCheque: (investor) => chequeAmountCell(investor.typicalCheque),
  lastConfirmed: (investor, _, columnOrder) =>
    formatConfirmedMonth(oldestConfirmedMonth(investor, columnOrder)) ?? '',
};

export interface PreviewRow {
  /** The investor id, usable as a stable row key. */
  readonly key: string;
  /** One cell per column of the column order, in that order. */
  readonly cells: readonly string[];
  /**
   * Per cell, how fresh a masked contact value is ('confirmed Mar 2026'), or null: the value itself
   * stays hidden until purchase.
   */
  readonly confirmed: readonly (string | null)[];
}

/**
 * The preview table before purchase. The browser never has contact values before purchase, so every
 * contact column shows {@link MASKED_VALUE} where the investor has a value (its `has*` flag), with the
 * month it was last confirmed, and stays empty otherwise. Row Index counts from 1; Name, Firm, Title,
 * Location and the cheque columns are public and shown as they are; Last confirmed is the oldest month of the
 * row's chosen contact values. With no columns chosen there is nothing to preview and the result is
 * empty (the screen shows 'No columns selected...' instead).
 */
export function maskedPreviewRows(
  investors: readonly CartInvestor[],
  columnOrder: readonly ExportColumnKey[],
): PreviewRow[] {
  if (columnOrder.length === 0) return [];
  return investors.map((investor, index) => ({
    key: investor.id,
    cells: columnOrder.map((column) => PREVIEW_CELL[column](investor, index, columnOrder)),
    confirmed: columnOrder.map((column) =>
      isContactColumn(column) && hasContact(investor, contactKindOf(column))
        ? confirmedPhrase(
            investor.contactConfirmed?.[contactKindOf(column)],
            investor.confirmedByInvestor?.includes(contactKindOf(column)) ?? false,
          )
        : null,
    ),
  }));
}

/** How many of the cart's investors lack one chosen contact column, and which. */
export interface MissingContactColumn {
  readonly column: ContactColumnKey;
  readonly count: number;
  readonly investorIds: readonly string[];
}

/**
 * For each chosen contact column, in the chosen order, the investors whose card has no value of it
 * (issue 20: "12 of 50 have no email", offered to be left out). Other columns are never missing.
 */
export function missingContactColumns(
  investors: readonly CartInvestor[],
  columnOrder: readonly ExportColumnKey[],
): MissingContactColumn[] {
  return columnOrder.filter(isContactColumn).map((column) => {
    const kind = contactKindOf(column);
    const investorIds = investors.filter((i) => !hasContact(i, kind)).map((i) => i.id);
    return { column, count: investorIds.length, investorIds };
  });
}

const MISSING_WORDS: Readonly<Record<ContactColumnKey, string>> = {
  email: 'email',
  phone: 'phone',
  linkedinUrl: 'LinkedIn URL',
  twitterUrl: 'Twitter',
  crunchbaseUrl: 'Crunchbase',
};

const count = (n: number) => n.toLocaleString('en-US');

/** Not in the spec (issue 20): '12 of 50 have no email', '1 of 50 has no phone'. */
export const missingColumnMessage = (column: ContactColumnKey, missing: number, total: number): string =>
  `${count(missing)} of ${count(total)} ${missing === 1 ? 'has' : 'have'} no ${MISSING_WORDS[column]}`;

/** Not in the spec (issue 20): the action that drops them, 'Leave out the 12 without email'. */
export const leaveOutMissingLabel = (column: ContactColumnKey, missing: number): string =>
  missing === 1
    ? `Leave out the one without ${MISSING_WORDS[column]}`
    : `Leave out the ${count(missing)} without ${MISSING_WORDS[column]}`;
