import { groupDigits } from '../format/numbers';
import { matchHeader } from '../import/header-matching';

/**
 * A founder's own connections (issue 52, "Warm paths from my own network"): LinkedIn's
 * "Connections.csv" or any CSV of contacts, read in the browser with the importer's parser and
 * header matching, each row as the few fields a warm path needs. Pure: the page's preview and the
 * server's checks read rows alike. A founder's connections are theirs alone (docs/decisions.md,
 * "Warm paths: a founder's connections").
 */

/** The most connections a founder keeps (LinkedIn caps a network at 30,000 first-degree connections). */
export const MAX_CONNECTIONS = 30_000;
/** A file's size at most (30,000 LinkedIn rows are about 4 MB). */
export const MAX_CONNECTIONS_BYTES = 8 * 1024 * 1024;
/** Rows per request: one page is one stored item, well within DynamoDB's 400 KB and the API's body limit. */
export const CONNECTIONS_PAGE_ROWS = 250;
/** The longest a cell is kept (longer is cut). */
export const MAX_CONNECTION_CELL = 200;

/** The page's note of the limits, derived from them. Not in the spec. */
export const CONNECTIONS_LIMIT_NOTE = `A CSV file of up to ${groupDigits(MAX_CONNECTIONS)} connections (${MAX_CONNECTIONS_BYTES / 1024 / 1024} MB), one person a row: LinkedIn's "Connections.csv" as it comes, or any list with names and companies.`;

export const CONNECTION_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'company',
  'position',
  'email',
  'linkedinUrl',
] as const;
export type ConnectionField = (typeof CONNECTION_FIELDS)[number];

export const CONNECTION_FIELD_LABELS: Readonly<Record<ConnectionField, string>> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  position: 'Position',
  email: 'Email',
  linkedinUrl: 'LinkedIn',
};

const compact = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The field a column feeds, or null: the admin import's header matching
 * (`shared/import/header-matching.ts`), and LinkedIn's own "URL" column (the profile's address).
 */
export function matchConnectionHeader(header: string): ConnectionField | null {
  const key = compact(header);
  if (key === '') return null;
  if (key === 'url' || key === 'profileurl' || key === 'linkedinurl') return 'linkedinUrl';
  switch (matchHeader(header)) {
    case 'fullName':
      return 'name';
    case 'firstName':
      return 'firstName';
    case 'lastName':
      return 'lastName';
    case 'primaryFirm':
      return 'company';
    case 'title':
      return 'position';
    case 'email':
      return 'email';
    case 'linkedin':
      return 'linkedinUrl';
    default:
      return null;
  }
}

/** Each column's field in column order; a field already fed by an earlier column is not fed twice. */
export function matchConnectionHeaders(headers: readonly string[]): (ConnectionField | null)[] {
  const taken = new Set<ConnectionField>();
  return headers.map((header) => {
    const field = matchConnectionHeader(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

const givesName = (fields: readonly (ConnectionField | null)[]) =>
  fields.includes('name') || fields.includes('firstName') || fields.includes('lastName');

/** How many records at the start may be notes before the header (LinkedIn's export has three). */
const HEADER_SEARCH_ROWS = 10;

/**
 * Where the header is among a file's first records: LinkedIn's export starts with a few "Notes:"
 * lines before `First Name,Last Name,URL,…`. The first record whose columns give a name; else the
 * first record (the founder chooses the columns in the preview).
 */
export function headerRowOf(records: readonly (readonly string[])[]): number {
  const end = Math.min(records.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < end; i++) if (givesName(matchConnectionHeaders(records[i] ?? []))) return i;
  return 0;
}

/** One connection as the API takes it: a name, and what else the row gives. */
export interface ConnectionRow {
  /** The row's number in the file (the first row after the header is row 1). */
  row: number;
  name?: string;
  company?: string;
  position?: string;
  email?: string;
  linkedinUrl?: string;
}

const cell = (value: string | undefined) =>
  (value ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_CONNECTION_CELL);

/** The fields of one row ('First name' and 'Last name' make the name when no Name column does). */
export function connectionRow(
  row: number,
  cells: readonly string[],
  fields: readonly (ConnectionField | null)[],
): ConnectionRow {
  const got: Partial<Record<ConnectionField, string>> = {};
  fields.forEach((field, index) => {
    const value = cell(cells[index]);
    if (field && value !== '') got[field] = value;
  });
  const name = got.name ?? [got.firstName, got.lastName].filter(Boolean).join(' ');
  const out: ConnectionRow = { row };
  if (name !== '') out.name = name.slice(0, MAX_CONNECTION_CELL);
  if (got.company) out.company = got.company;
  if (got.position) out.position = got.position;
  if (got.email) out.email = got.email.toLowerCase();
  if (got.linkedinUrl) out.linkedinUrl = got.linkedinUrl;
  return out;
}

/** A connection as stored: the row's fields, without its number. */
export interface Connection {
  name: string;
  company: string | null;
  position: string | null;
  email: string | null;
  linkedinUrl: string | null;
}

/** What the server makes of one row: kept, or skipped with the reason. */
export type ConnectionRowOutcome =
  | { row: number; outcome: 'added'; connection: Connection }
  | { row: number; outcome: 'skipped'; message: string };

export const NO_NAME = 'No name: a connection needs a name (First name and Last name, or Name).';
export const BAD_EMAIL = 'The email is not an address: kept without it.';

/** A row checked: a name is needed; an email that is no address is dropped (noted). */
export function readConnectionRow(row: ConnectionRow): ConnectionRowOutcome {
  const name = cell(row.name);
  if (name === '') return { row: row.row, outcome: 'skipped', message: NO_NAME };
  const email = cell(row.email).toLowerCase();
  return {
    row: row.row,
    outcome: 'added',
    connection: {
      name,
      company: cell(row.company) || null,
      position: cell(row.position) || null,
      email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null,
      linkedinUrl: cell(row.linkedinUrl) || null,
    },
  };
}
