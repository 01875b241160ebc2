import { CONTACT_KINDS, type ContactKind, LEAD_OR_FOLLOW, type LeadOrFollow } from '../investors/fact-values';
import type { ContactConfirmed } from '../investors/provenance';
import { decodeIndex, encodeIndex, indexFormatVersion, SnapshotFormatError } from './binary';
import {
  buildIndexData,
  hasFacts,
  type IndexData,
  type IndexedDeal,
  type IndexedFacts,
  type IndexedInvestor,
  thesisOf,
} from './index-data';
import { utf8Decoder } from './utf8';

export { SnapshotFormatError };

/**
 * Cards as change objects and a recount's parts store them (gzip JSON in S3): one row per
 * searchable investor, a tuple of the public card's fields. It holds the public card only: the
 * presence flags of contact details, never a value. `version` changes when the row layout does.
 * The snapshot itself is the binary index (binary.ts); before issue 34 it was this form too, and a
 * snapshot still in it is read (and rebuilt in memory) until the next aggregation rewrites it.
 */
export const SNAPSHOT_VERSION = 1;

/**
 * Where the snapshot is kept (the exports bucket): the only key of it the directory function may
 * read. Its name is from the JSON form; it holds the gzip of the binary index now (binary.ts), and
 * a reader tells the two apart by their first bytes.
 */
export const SEARCH_INDEX_KEY = 'search-index/investors.json.gz';

/** Where each write of searchable investors records its cards until aggregation folds them in. */
export const SEARCH_INDEX_CHANGES_PREFIX = 'search-index/changes/';

/** Where a recount in progress keeps its tallies and the cards it has read, one folder per run. */
export const SEARCH_INDEX_RECOUNT_PREFIX = 'search-index/recount/';

type Row = [
  id: string,
  name: string,
  role: string,
  stages: string[],
  sectors: string[],
  flags: number,
  firm: string | null,
  title: string | null,
  cities: string[],
  countries: string[],
  checkMin: number | null,
  checkMax: number | null,
  updatedAt: string,
  /** The month each contact kind was last confirmed, in the order of CONTACT_KINDS (absent in older rows). */
  confirmed?: (string | null)[] | null,
  /**
   * Bits: 0-4 the contact kinds (CONTACT_KINDS order) confirmed by the investor themselves; 8 a
   * removed investor (a change object's tombstone: a withdrawn profile). Absent in older rows.
   */
  marks?: number,
  /**
   * The one-line thesis (issue 33): how a change object or a recount's part carries it to the binary
   * snapshot's `theses` column; absent in older rows and for investors without one.
   */
  thesisLine?: string | null,
  /**
   * The shortlist's facts (issue 35): `l` lead or follow, `t` the typical cheque, `g` where they
   * invest, `a` when the entry entered the directory, each absent when unknown. Absent in older rows
   * and for investors with none of them (the 16th column is then null without a thesis).
   */
  facts?: RowFacts,
];

interface RowFacts {
  l?: LeadOrFollow;
  t?: number;
  g?: string[];
  a?: string;
  /** Issue 52: dated deals [date, round key or null], and the fund's vintage. */
  d?: [string, string | null][];
  v?: number;
}

export interface Snapshot {
  version: number;
  builtAt: string;
  /** The change-object key up to which changes are folded in ('' for a change object itself). */
  foldedThrough: string;
  rows: Row[];
}

const FLAGS = ['hasEmail', 'hasPhone', 'hasLinkedIn', 'hasTwitter', 'hasCrunchbase'] as const;

export function encodeSnapshot(
  investors: Iterable<IndexedInvestor>,
  builtAt: Date,
  foldedThrough = '',
): Snapshot {
  const rows: Row[] = [];
  for (const investor of investors) {
    const { card, updatedAt, removed } = investor;
    const thesis = thesisOf(investor);
    const marks = encodeMarks(card.confirmedByInvestor, removed === true);
    const row: Row = [
      card.id,
      card.name,
      card.investorRole,
      card.stageFocus,
      card.sectorFocus,
      FLAGS.reduce((bits, flag, i) => (card[flag] ? bits | (1 << i) : bits), 0),
      card.firmName ?? null,
      card.title ?? null,
      card.cities ?? [],
      card.countries ?? [],
      card.checkMin ?? null,
      card.checkMax ?? null,
      updatedAt,
      encodeConfirmed(card.contactConfirmed),
    ];
    // Rows without marks, a thesis or the shortlist's facts keep the older layout (14 columns).
    const facts = hasFacts(investor.facts) ? encodeFacts(investor.facts) : null;
    if (marks !== 0 || thesis !== '' || facts) row.push(marks);
    if (thesis !== '' || facts) row.push(thesis !== '' ? thesis : null);
    if (facts) row.push(facts);
    rows.push(row);
  }
  return { version: SNAPSHOT_VERSION, builtAt: builtAt.toISOString(), foldedThrough, rows };
}

function encodeFacts(facts: IndexedFacts): RowFacts {
  const out: RowFacts = {};
  if (facts.leadOrFollow) out.l = facts.leadOrFollow;
  if (facts.typicalCheque !== null && facts.typicalCheque !== undefined) out.t = facts.typicalCheque;
  if (facts.investsIn && facts.investsIn.length > 0) out.g = [...facts.investsIn];
  if (facts.addedAt) out.a = facts.addedAt;
  if (facts.deals && facts.deals.length > 0) out.d = facts.deals.map((deal) => [deal.date, deal.round]);
  if (facts.vintage) out.v = facts.vintage;
  return out;
}

/** A deal of a row: [date, round or null]; null when it is not one. */
function decodeDeal(value: unknown): IndexedDeal | null {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string') return null;
  if (value[1] !== null && typeof value[1] !== 'string') return null;
  return { date: value[0], round: value[1] };
}

function decodeFacts(value: unknown): IndexedFacts | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const row = value as Record<string, unknown>;
  const lead = (LEAD_OR_FOLLOW as readonly unknown[]).includes(row.l) ? (row.l as LeadOrFollow) : null;
  if (row.l !== undefined && lead === null) return null;
  if (row.t !== undefined && typeof row.t !== 'number') return null;
  if (row.g !== undefined && !(Array.isArray(row.g) && row.g.every((place) => typeof place === 'string')))
    return null;
  if (row.a !== undefined && typeof row.a !== 'string') return null;
  const deals = row.d === undefined ? [] : Array.isArray(row.d) ? row.d.map(decodeDeal) : [null];
  if (deals.some((deal) => deal === null)) return null;
  if (row.v !== undefined && !Number.isInteger(row.v)) return null;
  return {
    deals: deals as IndexedDeal[],
    vintage: typeof row.v === 'number' ? row.v : null,
    leadOrFollow: lead,
    typicalCheque: typeof row.t === 'number' ? row.t : null,
    investsIn: (row.g as string[] | undefined) ?? [],
    addedAt: typeof row.a === 'string' ? row.a : null,
  };
}

/** The months as a short list (null without any): rows stay small. */
function encodeConfirmed(confirmed: ContactConfirmed | undefined): (string | null)[] | null {
  if (!confirmed || CONTACT_KINDS.every((kind) => !confirmed[kind])) return null;
  return CONTACT_KINDS.map((kind) => confirmed[kind] ?? null);
}

const REMOVED_BIT = 1 << 8;

function encodeMarks(byInvestor: readonly ContactKind[] | undefined, removed: boolean): number {
  const bits = CONTACT_KINDS.reduce((sum, kind, i) => (byInvestor?.includes(kind) ? sum | (1 << i) : sum), 0);
  return removed ? bits | REMOVED_BIT : bits;
}

function decodeConfirmed(value: unknown): ContactConfirmed {
  const confirmed: ContactConfirmed = {};
  if (!Array.isArray(value)) return confirmed;
  CONTACT_KINDS.forEach((kind, i) => {
    const month = value[i];
    if (typeof month === 'string') confirmed[kind] = month;
  });
  return confirmed;
}

// Rows written before provenance have 13 columns; they read as cards without confirmed months.
const isRow = (row: unknown): row is Row =>
  Array.isArray(row) &&
  row.length >= 13 &&
  row.length <= 17 &&
  (row.length < 16 || typeof row[15] === 'string' || (row[15] === null && row.length === 17)) &&
  (row.length < 17 || decodeFacts(row[16]) !== null) &&
  typeof row[0] === 'string' &&
  typeof row[1] === 'string' &&
  typeof row[2] === 'string' &&
  Array.isArray(row[3]) &&
  Array.isArray(row[4]) &&
  typeof row[5] === 'number' &&
  Array.isArray(row[8]) &&
  Array.isArray(row[9]) &&
  typeof row[12] === 'string';

/** The investors of a stored snapshot; a snapshot of another layout or a damaged one is refused. */
export function decodeSnapshot(value: unknown): {
  builtAt: string;
  foldedThrough: string;
  investors: IndexedInvestor[];
} {
  const snapshot = value as Partial<Snapshot> | null;
  if (!snapshot || snapshot.version !== SNAPSHOT_VERSION || !Array.isArray(snapshot.rows))
    throw new SnapshotFormatError(`Not a version ${SNAPSHOT_VERSION} search snapshot`);
  const investors = snapshot.rows.map((row, i): IndexedInvestor => {
    if (!isRow(row)) throw new SnapshotFormatError(`Search snapshot row ${i} is damaged`);
    const [id, name, role, stages, sectors, flags, firm, title, cities, countries, checkMin, checkMax] = row;
    const marks = typeof row[14] === 'number' ? row[14] : 0;
    const byInvestor = CONTACT_KINDS.filter((_, bit) => (marks & (1 << bit)) !== 0);
    return {
      updatedAt: row[12],
      card: {
        id,
        name,
        investorRole: role,
        stageFocus: stages,
        sectorFocus: sectors,
        hasEmail: (flags & 1) !== 0,
        hasPhone: (flags & 2) !== 0,
        hasLinkedIn: (flags & 4) !== 0,
        hasTwitter: (flags & 8) !== 0,
        hasCrunchbase: (flags & 16) !== 0,
        firmName: firm,
        title,
        cities,
        countries,
        checkMin,
        checkMax,
        contactConfirmed: decodeConfirmed(row[13]),
        ...(byInvestor.length > 0 ? { confirmedByInvestor: byInvestor } : {}),
        ...(typeof row[15] === 'string' ? { thesisLine: row[15] } : {}),
      },
      ...((marks & REMOVED_BIT) !== 0 ? { removed: true } : {}),
      ...(row.length === 17 ? { facts: decodeFacts(row[16]) as IndexedFacts } : {}),
    };
  });
  return {
    builtAt: String(snapshot.builtAt),
    foldedThrough: String(snapshot.foldedThrough ?? ''),
    investors,
  };
}

/** The stored snapshot's bytes (after gunzip) for an index: the binary form. */
export const encodeStoredSnapshot = (data: IndexData): Uint8Array => encodeIndex(data);

/**
 * The index of a stored snapshot (after gunzip): the binary form read as it is, or a snapshot of
 * the JSON form (written before issue 34) rebuilt. Anything else is refused.
 */
export function decodeStoredSnapshot(bytes: Uint8Array): IndexData {
  if (indexFormatVersion(bytes) !== null) return decodeIndex(bytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8Decoder.decode(bytes));
  } catch {
    throw new SnapshotFormatError('Not a search snapshot');
  }
  const { builtAt, foldedThrough, investors } = decodeSnapshot(parsed);
  return buildIndexData(investors, { builtAt: new Date(builtAt), foldedThrough });
}
