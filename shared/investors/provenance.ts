/**
 * Provenance of contact values (issue 20): where each value came from and when it was last
 * confirmed, kept per investor in a contact sheet (docs/data-model.md, "Provenance"). The rules by
 * which imports, corrections and (issue 21) the investor themselves change a sheet are here, pure.
 */
import * as z from 'zod/mini';
import { formatMonth } from '../format/dates';
import { CONTACT_KINDS, type ContactKind } from './fact-values';
import type { ImportedInvestor } from './types';

const isoDateTime = z.iso.datetime({ offset: true });

export { CONTACT_KINDS, type ContactKind };

/**
 * Who gave a value. Ranked: the investor themselves over an admin's correction over an import. The
 * rank decides between imports and the investor's own word; an admin's correction overrides any
 * source (see {@link correctContactSheet}).
 */
export const CONTACT_SOURCE_KINDS = ['import', 'admin', 'investor'] as const;
export type ContactSourceKind = (typeof CONTACT_SOURCE_KINDS)[number];

const RANK: Readonly<Record<ContactSourceKind, number>> = { import: 0, admin: 1, investor: 2 };

/** A source kind's rank (the investor 2, an admin 1, an import 0): profile facts rank alike (issue 33). */
export const sourceRank = (kind: ContactSourceKind): number => RANK[kind];

/** The source name of an admin's correction. */
export const ADMIN_CORRECTION = 'admin correction';
/** The source name of a value the investor gave (issue 21). */
export const INVESTOR_SOURCE = 'investor';

export const contactSourceSchema = z.object({
  kind: z.enum(CONTACT_SOURCE_KINDS),
  /** The import's source name, 'admin correction' or 'investor'. */
  name: z.string(),
  /** The import's source URL; null for the others. */
  url: z.nullable(z.string()),
  /** The imported investor record that brought the value, or the admin's or investor's user id. */
  ref: z.nullable(z.string()),
  /**
   * For the investor's own values (issue 48): true only when the value was verified as theirs (the
   * email their account verified). Absent or false: their word, ranked as theirs, but never shown or
   * sold as "confirmed by the investor".
   */
  verified: z.optional(z.boolean()),
});
export type ContactSource = z.infer<typeof contactSourceSchema>;

export const contactFieldSchema = z.object({
  /** The value as its source gave it (trimmed); null when an admin removed it. */
  value: z.nullable(z.string()),
  source: contactSourceSchema,
  /** When the value became what it is. A confirmation never moves it. */
  changedAt: isoDateTime,
  /** When a source last gave this same value (moved only to a later UTC day). */
  confirmedAt: isoDateTime,
});
export type ContactField = z.infer<typeof contactFieldSchema>;

export const contactFieldsSchema = z.object({
  email: z.optional(contactFieldSchema),
  phone: z.optional(contactFieldSchema),
  linkedin: z.optional(contactFieldSchema),
  twitter: z.optional(contactFieldSchema),
  crunchbase: z.optional(contactFieldSchema),
});
export type ContactFields = z.infer<typeof contactFieldsSchema>;

/** An investor's contact sheet: each contact value with its source and dates. */
export const contactSheetSchema = z.object({
  investorId: z.string().check(z.minLength(1)),
  fields: contactFieldsSchema,
  updatedAt: isoDateTime,
});
export type ContactSheet = z.infer<typeof contactSheetSchema>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = z.string().check(z.regex(MONTH, 'Not a month (YYYY-MM)'));

/**
 * What the public sees of a sheet beside the `has*` flags: the UTC month (`'2026-03'`) each present
 * value was last confirmed. Never a value, a source or a URL.
 */
export const contactConfirmedSchema = z.object({
  email: z.optional(month),
  phone: z.optional(month),
  linkedin: z.optional(month),
  twitter: z.optional(month),
  crunchbase: z.optional(month),
});
export type ContactConfirmed = z.infer<typeof contactConfirmedSchema>;

/** One piece of evidence about a contact value: a value (null: removed), who gave it, when. */
export interface ContactEvidence {
  readonly value: string | null;
  readonly source: ContactSource;
  readonly at: string;
}

const present = (value: string | null | undefined): value is string => value != null && value.trim() !== '';

/** The value of one contact kind in an imported record (null when blank). */
export function importedContactValue(record: ImportedInvestor, kind: ContactKind): string | null {
  const raw = kind === 'email' ? record.email : kind === 'phone' ? record.phone : record.social[kind];
  return present(raw) ? raw.trim() : null;
}

const linkKey = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');

/** The form two values of a kind are compared in: emails by case, phones by digits, links loosely. */
function comparable(kind: ContactKind, value: string): string {
  if (kind === 'email') return value.trim().toLowerCase();
  if (kind === 'phone') {
    const digits = value.replace(/[^\d+]/g, '');
    return digits.startsWith('+') ? `+${digits.replace(/\+/g, '')}` : digits.replace(/\+/g, '');
  }
  return linkKey(value);
}

/** Whether two values of a kind are the same contact (both null counts as the same). */
export function sameContactValue(kind: ContactKind, a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return comparable(kind, a) === comparable(kind, b);
}

const utcDay = (iso: string) => new Date(iso).toISOString().slice(0, 10);
const instant = (iso: string) => new Date(iso).getTime();
/** The same instant as a UTC ISO string, so dates from any offset compare as text. */
const utc = (iso: string) => new Date(iso).toISOString();

/**
 * A field after one piece of evidence (docs/data-model.md, "Provenance"):
 * - the same value confirms it: `confirmedAt` moves to the evidence's time if that is a later UTC
 *   day; a higher-ranked source takes the field over;
 * - another value replaces it when its source ranks higher, or ranks the same and is newer than the
 *   last confirmation (`changedAt = confirmedAt =` the evidence's time);
 * - anything else leaves it as it is.
 */
export function applyContactEvidence(
  kind: ContactKind,
  field: ContactField | undefined,
  evidence: ContactEvidence,
): ContactField {
  const at = utc(evidence.at);
  if (!field) return { value: evidence.value, source: evidence.source, changedAt: at, confirmedAt: at };
  const rankNow = RANK[field.source.kind];
  const rankNew = RANK[evidence.source.kind];
  if (sameContactValue(kind, field.value, evidence.value)) {
    const later = utcDay(at) > utcDay(field.confirmedAt);
    return {
      ...field,
      source: rankNew > rankNow ? evidence.source : field.source,
      confirmedAt: later ? at : field.confirmedAt,
    };
  }
  const replaces = rankNew > rankNow || (rankNew === rankNow && instant(at) > instant(field.confirmedAt));
  return replaces
    ? { value: evidence.value, source: evidence.source, changedAt: at, confirmedAt: at }
    : field;
}

/** Where an imported record's values come from: its import's source name and URL. */
export const importSource = (record: ImportedInvestor): ContactSource => ({
  kind: 'import',
  name: record.sourceName,
  url: record.sourceUrl,
  ref: record.id,
});

/** An empty sheet of an investor. */
export const emptyContactSheet = (investorId: string, at: string): ContactSheet => ({
  investorId,
  fields: {},
  updatedAt: utc(at),
});

/** The sheet with an imported record's non-blank values applied, at the record's `importedAt`. */
export function foldImportedRecord(sheet: ContactSheet, record: ImportedInvestor): ContactSheet {
  const fields: ContactFields = { ...sheet.fields };
  for (const kind of CONTACT_KINDS) {
    const value = importedContactValue(record, kind);
    if (value === null) continue; // A blank cell is no evidence.
    fields[kind] = applyContactEvidence(kind, fields[kind], {
      value,
      source: importSource(record),
      at: record.importedAt,
    });
  }
  return { ...sheet, fields: ordered(fields) };
}

/**
 * The sheet of an investor that has none stored: its linked imported record's values, each from that
 * record's import, changed and confirmed when it was imported. Data from before provenance reads so.
 */
export const derivedContactSheet = (investorId: string, record: ImportedInvestor): ContactSheet =>
  foldImportedRecord(emptyContactSheet(investorId, record.importedAt), record);

/** Folds records oldest first (then by id), so a batch gives the same sheet whatever order it came in. */
export function foldImportedRecords(sheet: ContactSheet, records: readonly ImportedInvestor[]): ContactSheet {
  const sorted = [...records].sort(
    (a, b) => instant(a.importedAt) - instant(b.importedAt) || a.id.localeCompare(b.id),
  );
  return sorted.reduce(foldImportedRecord, sheet);
}

/** The corrections an admin makes: per kind a value (set or confirm) or null (remove). */
export type ContactCorrections = Partial<Record<ContactKind, string | null>>;

/**
 * The sheet after an admin's corrections, made `at` by the admin `adminUserId` (issue 30, "Admin
 * authority"): an admin's correction replaces or removes a value whoever gave it, the investor
 * included, and is recorded as the admin's (source 'admin correction', the admin's id, `at`); the same
 * value again confirms it (as any evidence does); removing a kind that holds no value changes nothing.
 * An import cannot undo it (an import ranks below an admin); the investor's own later word can.
 */
export function correctContactSheet(
  sheet: ContactSheet,
  corrections: ContactCorrections,
  adminUserId: string,
  at: string,
): ContactSheet {
  const fields: ContactFields = { ...sheet.fields };
  const source: ContactSource = { kind: 'admin', name: ADMIN_CORRECTION, url: null, ref: adminUserId };
  const when = utc(at);
  for (const kind of CONTACT_KINDS) {
    const value = corrections[kind];
    if (value === undefined) continue;
    const given = present(value) ? value.trim() : null;
    const field = fields[kind];
    if (given === null && !present(field?.value ?? null)) continue; // Nothing to remove.
    fields[kind] =
      field && !sameContactValue(kind, field.value, given)
        ? { value: given, source, changedAt: when, confirmedAt: when }
        : applyContactEvidence(kind, field, { value: given, source, at });
  }
  return { ...sheet, fields: ordered(fields), updatedAt: when };
}

/** The fields in the order of {@link CONTACT_KINDS}, so two equal sheets serialise alike. */
function ordered(fields: ContactFields): ContactFields {
  const out: ContactFields = {};
  for (const kind of CONTACT_KINDS) {
    const field = fields[kind];
    if (field) out[kind] = field;
  }
  return out;
}

/** Whether two sheets hold the same fields (their `updatedAt` aside). */
export const sameContactFields = (a: ContactSheet, b: ContactSheet): boolean =>
  JSON.stringify(ordered(a.fields)) === JSON.stringify(ordered(b.fields));

/** The current value of a kind, or null (absent, or removed). */
export const contactValue = (sheet: ContactSheet, kind: ContactKind): string | null =>
  sheet.fields[kind]?.value ?? null;

/** The `has*` flags of the public card, from the sheet. */
export function contactFlags(sheet: ContactSheet) {
  const has = (kind: ContactKind) => present(contactValue(sheet, kind));
  return {
    hasEmail: has('email'),
    hasPhone: has('phone'),
    hasLinkedIn: has('linkedin'),
    hasTwitter: has('twitter'),
    hasCrunchbase: has('crunchbase'),
  };
}

/** The public months: for each kind with a value, the UTC month it was last confirmed. */
export function confirmedMonths(sheet: ContactSheet): ContactConfirmed {
  const months: ContactConfirmed = {};
  for (const kind of CONTACT_KINDS) {
    const field = sheet.fields[kind];
    if (field && present(field.value)) months[kind] = utc(field.confirmedAt).slice(0, 7);
  }
  return months;
}

/** How cards write a month, the same for every reader (cards are public and prerendered alike). */
const MONTH_STYLE = { locale: 'en-US', timeZone: 'UTC' } as const;

/** `'2026-03'` → `'Mar 2026'` (shared/format/dates.ts); null for anything that is not a month. */
export function formatConfirmedMonth(value: string | null | undefined): string | null {
  if (!value || !MONTH.test(value)) return null;
  return formatMonth(value, MONTH_STYLE);
}

/** How cards name each contact kind. */
export const CONTACT_KIND_LABELS: Readonly<Record<ContactKind, string>> = {
  email: 'Email',
  phone: 'Phone',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  crunchbase: 'Crunchbase',
};

/** The public marker of a value the investor gave or confirmed themselves (issue 21). */
export const CONFIRMED_BY_INVESTOR = 'confirmed by the investor';

/**
 * `'confirmed Mar 2026'`, or `'confirmed by the investor Mar 2026'` for a value the investor
 * themselves gave or confirmed last; null without a month.
 */
export function confirmedPhrase(value: string | null | undefined, byInvestor = false): string | null {
  const label = formatConfirmedMonth(value);
  if (!label) return null;
  return byInvestor ? `${CONFIRMED_BY_INVESTOR} ${label}` : `confirmed ${label}`;
}

/** A card's freshness line for one kind: 'Email · confirmed Mar 2026', or 'Email' without a month. */
export function freshnessLabel(
  kind: ContactKind,
  confirmed: ContactConfirmed | undefined,
  byInvestor: readonly ContactKind[] = [],
): string {
  const phrase = confirmedPhrase(confirmed?.[kind], byInvestor.includes(kind));
  return phrase ? `${CONTACT_KIND_LABELS[kind]} · ${phrase}` : CONTACT_KIND_LABELS[kind];
}

/**
 * The public list of contact kinds whose present value the investor gave or last confirmed
 * themselves (source kind 'investor') and that was verified as theirs (issue 48: only the email
 * their account verified; a typed email, a phone or a link is their word, never verified): the card
 * and the export say "confirmed by the investor" for them. Only kind names: never a value or a
 * source name.
 */
export function investorConfirmedKinds(sheet: ContactSheet): ContactKind[] {
  return CONTACT_KINDS.filter((kind) => {
    const field = sheet.fields[kind];
    return (
      field !== undefined &&
      present(field.value) &&
      field.source.kind === 'investor' &&
      field.source.verified === true
    );
  });
}

/**
 * The investor with everything public its sheet decides: the `has*` flags, the months, and the
 * investor's marker (left out when no kind has it, so investors without it stay as they were stored).
 */
export function withPublicContactFacts<T extends { confirmedByInvestor?: ContactKind[] | undefined }>(
  investor: T,
  sheet: ContactSheet,
): T {
  const { confirmedByInvestor: _previous, ...rest } = investor;
  const byInvestor = investorConfirmedKinds(sheet);
  return {
    ...rest,
    ...contactFlags(sheet),
    contactConfirmed: confirmedMonths(sheet),
    ...(byInvestor.length > 0 ? { confirmedByInvestor: byInvestor } : {}),
  } as unknown as T;
}

/**
 * The source of what an investor says of themselves (issue 21): their user id as the reference;
 * `verified` (issue 48) when the value was verified as theirs.
 */
export const investorSource = (userId: string, verified?: boolean): ContactSource => ({
  kind: 'investor',
  name: INVESTOR_SOURCE,
  url: null,
  ref: userId,
  ...(verified === undefined ? {} : { verified }),
});

/**
 * Whether the investor's value of a kind is verified as theirs (issue 48): only an email equal to
 * the email their account verified. Nothing verifies a phone or a link, nor a typed email.
 */
export const verifiedAsInvestors = (
  kind: ContactKind,
  value: string,
  verifiedEmail: string | null,
): boolean => kind === 'email' && verifiedEmail !== null && sameContactValue('email', value, verifiedEmail);

/** The field with the investor's source of now (its verified flag restated) when the value is theirs. */
function restated(kind: ContactKind, field: ContactField, userId: string, verifiedEmail: string | null) {
  if (field.source.kind !== 'investor' || !present(field.value)) return field;
  return { ...field, source: investorSource(userId, verifiedAsInvestors(kind, field.value, verifiedEmail)) };
}

/**
 * The sheet after an investor's listed profile says, at `at`, per contact kind: a value founders may
 * buy (set, or confirmed when unchanged), or null (withdrawn: the value leaves the sheet, whoever
 * gave it, since the investor's word ranks over an import's and an admin's). `verifiedEmail` is the
 * email the investor's account verified (issue 48): only a value equal to it is marked verified.
 */
export function applyInvestorContacts(
  sheet: ContactSheet,
  offered: Readonly<Partial<Record<ContactKind, string | null>>>,
  userId: string,
  at: string,
  verifiedEmail: string | null = null,
): ContactSheet {
  const fields: ContactFields = { ...sheet.fields };
  for (const kind of CONTACT_KINDS) {
    const value = offered[kind];
    if (value === undefined) continue; // Not said: left as it is.
    const given = present(value) ? value.trim() : null;
    if (given === null && !present(fields[kind]?.value ?? null) && fields[kind]?.source.kind === 'investor')
      continue; // Already withdrawn by the investor: the withdrawal's date stands.
    const verified = given !== null && verifiedAsInvestors(kind, given, verifiedEmail);
    const after = applyContactEvidence(kind, fields[kind], {
      value: given,
      source: investorSource(userId, given === null ? undefined : verified),
      at,
    });
    // Their same value again keeps its source: its verified flag is what this statement says.
    fields[kind] = given === null ? after : restated(kind, after, userId, verifiedEmail);
  }
  return { ...sheet, fields: ordered(fields), updatedAt: utc(at) };
}

/**
 * The sheet after the investor confirms their listed values are still right (no review): every
 * value they gave is confirmed at `at` (verified only when it is their account's verified email,
 * issue 48); nothing else moves.
 */
export function confirmInvestorContacts(
  sheet: ContactSheet,
  userId: string,
  at: string,
  verifiedEmail: string | null = null,
): ContactSheet {
  const fields: ContactFields = { ...sheet.fields };
  for (const kind of CONTACT_KINDS) {
    const field = fields[kind];
    if (field?.source.kind !== 'investor' || !present(field.value)) continue;
    const confirmed = applyContactEvidence(kind, field, {
      value: field.value,
      source: investorSource(userId),
      at,
    });
    fields[kind] = restated(kind, confirmed, userId, verifiedEmail);
  }
  return { ...sheet, fields: ordered(fields), updatedAt: utc(at) };
}

/**
 * Where a value came from and when, as a founder may see it (issue 50): the kind of source only (never
 * its name, URL or reference), the UTC month the value was last confirmed, and for the investor's own
 * values whether it was verified as theirs (issue 48). A value's source says nothing of the value.
 */
export const valueSourceSchema = z.object({
  by: z.enum(CONTACT_SOURCE_KINDS),
  month,
  verified: z.optional(z.boolean()),
});
export type ValueSource = z.infer<typeof valueSourceSchema>;

/** The public source of each contact kind with a value: kinds and months only, never a value. */
export const contactSourcesSchema = z.object({
  email: z.optional(valueSourceSchema),
  phone: z.optional(valueSourceSchema),
  linkedin: z.optional(valueSourceSchema),
  twitter: z.optional(valueSourceSchema),
  crunchbase: z.optional(valueSourceSchema),
});
export type ContactSources = z.infer<typeof contactSourcesSchema>;

/** The founder-facing source of one sheet field. */
export const valueSourceOf = (field: ContactField): ValueSource => ({
  by: field.source.kind,
  month: utc(field.confirmedAt).slice(0, 7),
  ...(field.source.kind === 'investor' ? { verified: field.source.verified === true } : {}),
});

/** For each kind of the sheet with a present value, its source kind and month. */
export function contactSources(sheet: ContactSheet): ContactSources {
  const out: ContactSources = {};
  for (const kind of CONTACT_KINDS) {
    const field = sheet.fields[kind];
    if (field && present(field.value)) out[kind] = valueSourceOf(field);
  }
  return out;
}

/**
 * A value's source in a founder's words (issue 50), with its month:
 * - 'From the investor, confirmed Mar 2026': the investor gave it and it was verified as theirs;
 * - "From the investor's own profile, Mar 2026": their word, not verified (never "confirmed", issue 48);
 * - 'Corrected by our team, Mar 2026': an admin's correction (a founder's report leads to one);
 * - 'From an import, Mar 2026': a data import.
 * Null without a month.
 */
export function sourcePhrase(source: ValueSource | null | undefined): string | null {
  const label = formatConfirmedMonth(source?.month);
  if (!source || !label) return null;
  if (source.by === 'investor')
    return source.verified === false
      ? `From the investor's own profile, ${label}`
      : `From the investor, confirmed ${label}`;
  if (source.by === 'admin') return `Corrected by our team, ${label}`;
  return `From an import, ${label}`;
}
