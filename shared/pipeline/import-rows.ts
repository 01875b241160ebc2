import { parseMoney } from '../format/money';
import { groupDigits } from '../format/numbers';
import { matchHeader } from '../import/header-matching';
import { foldText } from '../search/fold';
import { MAX_PIPELINE_ENTRIES, type PipelineStage, STAGE_LABELS, stageFromText } from './stages';

/**
 * A founder's spreadsheet, read for their pipeline (issue 36): which column feeds which field (the
 * admin import's header matching, plus the pipeline's own columns), each row as the fields it gives,
 * and what the server makes of a row's stage, amount and date. Pure: the browser's preview and the
 * server's import read rows alike.
 */

/**
 * A spreadsheet's limits at a founder's scale: the browser refuses a bigger file before reading it.
 * At most as many rows as a pipeline holds (a longer file could never be imported whole).
 */
export const MAX_IMPORT_ROWS = MAX_PIPELINE_ENTRIES;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** The import page's note of the limits, derived from them. Not in the spec. */
export const IMPORT_LIMIT_NOTE = `A CSV file of up to ${groupDigits(MAX_IMPORT_ROWS)} rows (${MAX_IMPORT_BYTES / 1024 / 1024} MB; a pipeline holds ${groupDigits(MAX_PIPELINE_ENTRIES)} investors), one investor a row.`;
/** Rows per request: a page of rows stays well within the API's body limit (256 KB). */
export const IMPORT_PAGE_ROWS = 50;

export const PIPELINE_IMPORT_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'firm',
  'title',
  'email',
  'phone',
  'linkedinUrl',
  'stage',
  'amount',
  'nextStep',
  'nextStepDate',
  'notes',
] as const;
export type PipelineImportField = (typeof PIPELINE_IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Readonly<Record<PipelineImportField, string>> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  firm: 'Firm',
  title: 'Title',
  email: 'Email',
  phone: 'Phone',
  linkedinUrl: 'LinkedIn',
  stage: 'Stage',
  amount: 'Amount discussed',
  nextStep: 'Next step',
  nextStepDate: 'Next step date',
  notes: 'Notes',
};

const compact = (header: string): string =>
  header
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** The pipeline's own columns, tried before the admin import's rules (a 'Stage' here is a pipeline stage). */
const PIPELINE_HEADERS: readonly [PipelineImportField, (key: string) => boolean][] = [
  [
    'nextStepDate',
    (k) =>
      /^(nextstep|next|followup|action)?(date|due|duedate|deadline|when)$/.test(k) ||
      /^(nextstepdate|followupdate|nextdate|nextstepdue)$/.test(k),
  ],
  ['nextStep', (k) => /^(nextstep|nextsteps|nextaction|followup|todo|action)$/.test(k)],
  ['stage', (k) => /^(pipeline|deal|fundraising)?(stage|status)$/.test(k)],
  [
    'amount',
    (k) =>
      /^(amount|amountdiscussed|commitment|committed|allocation|ticket|investment|amountusd|size)$/.test(k),
  ],
];

/**
 * The field a spreadsheet column feeds, or null (the column is left out). The admin import's header
 * matching (`shared/import/header-matching.ts`) reads names, firms and contact columns; a stage,
 * status, amount, next step or date column is the pipeline's.
 */
export function matchImportHeader(header: string): PipelineImportField | null {
  const key = compact(header);
  if (key === '') return null;
  for (const [field, test] of PIPELINE_HEADERS) if (test(key)) return field;
  switch (matchHeader(header)) {
    case 'fullName':
      return 'name';
    case 'firstName':
      return 'firstName';
    case 'lastName':
      return 'lastName';
    case 'primaryFirm':
      return 'firm';
    case 'title':
      return 'title';
    case 'email':
      return 'email';
    case 'phone':
      return 'phone';
    case 'linkedin':
      return 'linkedinUrl';
    case 'notes':
      return 'notes';
    case 'stageFocus':
      return 'stage';
    default:
      return null;
  }
}

/** Each column's field, in column order; a field already fed by an earlier column is not fed twice. */
export function matchImportHeaders(headers: readonly string[]): (PipelineImportField | null)[] {
  const taken = new Set<PipelineImportField>();
  return headers.map((header) => {
    const field = matchImportHeader(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** One spreadsheet row as the fields it gives (cells trimmed; empty ones left out). */
export type ImportRowFields = Partial<Record<PipelineImportField, string>>;

/** The fields of one row, by the columns' fields ('First name' and 'Last name' make the name when no Name column does). */
export function rowFields(
  cells: readonly string[],
  fields: readonly (PipelineImportField | null)[],
): ImportRowFields {
  const out: ImportRowFields = {};
  fields.forEach((field, index) => {
    const value = (cells[index] ?? '').trim();
    if (field && value !== '') out[field] = value;
  });
  if (!out.name && (out.firstName || out.lastName))
    out.name = [out.firstName, out.lastName].filter(Boolean).join(' ');
  delete out.firstName;
  delete out.lastName;
  return out;
}

/** The email as matched: trimmed and lower case (the directory's identity keys read it the same way). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** A plausible email address (the directory's own check is stricter; a row without one is matched by name). */
export const looksLikeEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/**
 * An amount as founders write it ('$250k', '1.5M', '250,000 USD', '€300 000'), in whole units, or
 * null when the cell says no number (`parseMoney`, `shared/format/money.ts`, up to the API's limit).
 */
export function parseAmount(text: string): number | null {
  const value = parseMoney(text);
  return value !== null && value <= MAX_AMOUNT ? value : null;
}

/** The entry panel's answer to an amount it cannot read. Not in the spec. */
export const AMOUNT_INVALID = 'The amount must be an amount in US dollars, like 250k, 2.5M or 250,000.';

/** The largest amount an entry holds (the API's own limit). */
export const MAX_AMOUNT = 1e12;

/** A date as YYYY-MM-DD (also YYYY/MM/DD), or null when it is no real calendar date. */
export function parseIsoDate(text: string): string | null {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/** What a row gives a new pipeline entry, with a note for each cell that could not be read. */
export interface ReadRow {
  readonly stage: PipelineStage;
  readonly amount: number | null;
  readonly nextStepDate: string | null;
  readonly notices: readonly string[];
}

/** The stage, amount and next-step date of a row; a cell that says nothing readable is noted, not fatal. */
export function readRow(fields: ImportRowFields): ReadRow {
  const notices: string[] = [];
  let stage: PipelineStage = 'toContact';
  if (fields.stage) {
    const said = fields.stage.slice(0, 40);
    const found = stageFromText(fields.stage);
    if (found) {
      stage = found;
      notices.push(
        found === 'passed'
          ? `Stage "${said}": Passed (no reason given: add one on the investor's card if you like).`
          : `Stage "${said}": ${STAGE_LABELS[found]}.`,
      );
    } else notices.push(`Stage "${said}" is not one of the pipeline's: the investor starts at To contact.`);
  }
  let amount: number | null = null;
  if (fields.amount) {
    amount = parseAmount(fields.amount);
    if (amount === null) notices.push(`Amount "${fields.amount.slice(0, 40)}" is not a number: left empty.`);
  }
  let nextStepDate: string | null = null;
  if (fields.nextStepDate) {
    nextStepDate = parseIsoDate(fields.nextStepDate);
    if (nextStepDate === null)
      notices.push(
        `Next step date "${fields.nextStepDate.slice(0, 40)}" is not a date like 2026-12-31: left empty.`,
      );
  }
  return { stage, amount, nextStepDate, notices };
}

/**
 * Name and firm as matched: folded the way the directory's search folds (`shared/search/fold.ts`:
 * accents, case, ß → ss, ø → o), punctuation as spaces, single spaces: "Florian Weiss" is "Florian Weiß".
 */
export const foldName = (text: string): string =>
  foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Whether a directory investor's public name and firm are the row's (the check behind a name-and-firm match). */
export function sameNameAndFirm(
  row: { name?: string | undefined; firm?: string | undefined },
  investor: { name: string; firmName?: string | null | undefined },
): boolean {
  if (!row.name || foldName(row.name) !== foldName(investor.name)) return false;
  const rowFirm = foldName(row.firm ?? '');
  const firm = foldName(investor.firmName ?? '');
  return rowFirm === '' || firm === '' || rowFirm === firm;
}
