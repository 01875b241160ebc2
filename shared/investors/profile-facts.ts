/**
 * Investor profiles worth reading (issue 33): the public profile facts beyond the card (thesis,
 * website, lead or follow, typical cheque, geographic focus, portfolio companies, recent
 * investments), their sizes, and their provenance: each fact keeps who gave it and when, in a
 * profile sheet beside the contact sheet (docs/data-model.md, "Profile facts"). The rules by which
 * imports, an admin's edit and the investor themselves change a sheet are here, pure; they are the
 * contact sheet's (`provenance.ts`): the investor over an admin over an import, an admin's edit
 * replacing whatever gave the value, imports between themselves by time.
 *
 * None of it is a contact detail: all of it is public, none of it is sold.
 */
import * as z from 'zod/mini';
import { formatPartialDate, LEAD_OR_FOLLOW, type LeadOrFollow, PARTIAL_DATE } from './fact-values';
import {
  ADMIN_CORRECTION,
  type ContactSource,
  type ContactSourceKind,
  confirmedPhrase,
  contactSourceSchema,
  importSource,
  investorSource,
  sourceRank,
} from './provenance';
import type { ImportedInvestor } from './types';

const isoDateTime = z.iso.datetime({ offset: true });

/** The sizes every source is held to (the API states them; an import cuts to them). */
export const PROFILE_FACT_LIMITS = {
  thesis: 2000,
  /** The card's one line of the thesis, in characters (an ellipsis where it is cut). */
  thesisLine: 140,
  website: 300,
  places: 20,
  place: 60,
  portfolio: 50,
  recentInvestments: 20,
  company: 100,
  stage: 40,
  round: 40,
  /** Ten billion dollars: past any cheque, short of a typo's extra zeros. */
  cheque: 10_000_000_000,
  /** A fund's size: past the largest venture fund, short of a typo's extra zeros (issue 52). */
  fundSize: 100_000_000_000,
} as const;

export { formatPartialDate, LEAD_OR_FOLLOW, type LeadOrFollow, PARTIAL_DATE };

export const LEAD_OR_FOLLOW_LABELS: Readonly<Record<LeadOrFollow, string>> = {
  lead: 'Leads rounds',
  follow: 'Follows',
  both: 'Leads or follows',
};

/** The earliest and latest year a portfolio company or an investment may carry. */
export const YEAR_RANGE = { min: 1900, max: 2100 } as const;

/** One company of a portfolio: its name, and its website, stage and year when known. */
export const portfolioCompanySchema = z.object({
  name: z.string(),
  website: z.nullable(z.string()),
  /** The stage the investor came in at ('Seed'), as the source wrote it. */
  stage: z.nullable(z.string()),
  /** The year the investor invested. */
  year: z.nullable(z.int()),
});
export type PortfolioCompany = z.infer<typeof portfolioCompanySchema>;

/** One recent investment: the company, and the round, date and amount when known. */
export const recentInvestmentSchema = z.object({
  company: z.string(),
  round: z.nullable(z.string()),
  date: z.nullable(z.string()),
  /** Whole US dollars. */
  amount: z.nullable(z.number()),
});
export type RecentInvestment = z.infer<typeof recentInvestmentSchema>;

/** The profile facts as values: null (or an empty list) where nobody says. */
export const profileFactsSchema = z.object({
  thesis: z.nullable(z.string()),
  website: z.nullable(z.string()),
  leadOrFollow: z.nullable(z.enum(LEAD_OR_FOLLOW)),
  typicalCheque: z.nullable(z.number()),
  geographicFocus: z.array(z.string()),
  portfolio: z.array(portfolioCompanySchema),
  recentInvestments: z.array(recentInvestmentSchema),
  /** The fund's size, whole US dollars (issue 52). */
  fundSize: z.nullable(z.number()),
  /** The fund's (latest) vintage year (issue 52). */
  vintage: z.nullable(z.int()),
});
export type ProfileFacts = z.infer<typeof profileFactsSchema>;

/** The facts a sheet keeps, in the order the profile shows them. */
export const PROFILE_FACT_KINDS = [
  'thesis',
  'website',
  'leadOrFollow',
  'typicalCheque',
  'geographicFocus',
  'portfolio',
  'recentInvestments',
  'fundSize',
  'vintage',
] as const satisfies readonly (keyof ProfileFacts)[];
export type ProfileFactKind = (typeof PROFILE_FACT_KINDS)[number];

/** A fact's value when present (never null, never an empty list). */
export type ProfileFactValue<K extends ProfileFactKind> = NonNullable<ProfileFacts[K]>;

export const PROFILE_FACT_LABELS: Readonly<Record<ProfileFactKind, string>> = {
  thesis: 'Thesis',
  website: 'Website',
  leadOrFollow: 'Lead or follow',
  typicalCheque: 'Typical cheque',
  geographicFocus: 'Invests in',
  portfolio: 'Portfolio',
  recentInvestments: 'Recent investments',
  fundSize: 'Fund size',
  vintage: 'Vintage',
};

const sourced = <T extends z.core.$ZodType>(value: T) =>
  z.object({
    /** The value as its source gave it; null when an admin (or the investor) removed it. */
    value: z.nullable(value),
    source: contactSourceSchema,
    /** When the value became what it is. A confirmation never moves it. */
    changedAt: isoDateTime,
    /** When a source last gave this same value (moved only to a later UTC day). */
    confirmedAt: isoDateTime,
  });

export const profileSheetFieldsSchema = z.object({
  thesis: z.optional(sourced(z.string())),
  website: z.optional(sourced(z.string())),
  leadOrFollow: z.optional(sourced(z.enum(LEAD_OR_FOLLOW))),
  typicalCheque: z.optional(sourced(z.number())),
  geographicFocus: z.optional(sourced(z.array(z.string()))),
  portfolio: z.optional(sourced(z.array(portfolioCompanySchema))),
  recentInvestments: z.optional(sourced(z.array(recentInvestmentSchema))),
  fundSize: z.optional(sourced(z.number())),
  vintage: z.optional(sourced(z.int())),
});
export type ProfileSheetFields = z.infer<typeof profileSheetFieldsSchema>;
export type ProfileField<K extends ProfileFactKind> = NonNullable<ProfileSheetFields[K]>;

/** An investor's profile sheet: each profile fact with its source and dates. */
export const profileSheetSchema = z.object({
  investorId: z.string().check(z.minLength(1)),
  fields: profileSheetFieldsSchema,
  updatedAt: isoDateTime,
});
export type ProfileSheet = z.infer<typeof profileSheetSchema>;

/** A value for each fact given (null: remove it). What an admin's edit and the investor's word carry. */
export type ProfileFactEdits = { [K in ProfileFactKind]?: ProfileFactValue<K> | null };

const utcDay = (iso: string) => new Date(iso).toISOString().slice(0, 10);
const instant = (iso: string) => new Date(iso).getTime();
const utc = (iso: string) => new Date(iso).toISOString();

/** A value as compared and stored: blank text and empty lists are no value (null). */
export function presentValue<K extends ProfileFactKind>(
  _kind: K,
  value: ProfileFacts[K] | null | undefined,
): ProfileFactValue<K> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return (value.trim() === '' ? null : value.trim()) as ProfileFactValue<K>;
  if (Array.isArray(value)) return (value.length === 0 ? null : value) as ProfileFactValue<K>;
  return value as ProfileFactValue<K>;
}

/** Whether two values of a fact are the same (websites without scheme, `www.` or a trailing slash). */
export function sameProfileValue<K extends ProfileFactKind>(
  kind: K,
  a: ProfileFactValue<K> | null,
  b: ProfileFactValue<K> | null,
): boolean {
  if (a === null || b === null) return a === b;
  if (kind === 'website') return linkKey(a as string) === linkKey(b as string);
  return JSON.stringify(a) === JSON.stringify(b);
}

const linkKey = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');

/** One piece of evidence about a fact: a value (null: removed), who gave it, when. */
export interface ProfileEvidence<K extends ProfileFactKind> {
  readonly value: ProfileFactValue<K> | null;
  readonly source: ContactSource;
  readonly at: string;
}

/**
 * A fact after one piece of evidence, by the contact sheet's rules: the same value confirms it
 * (`confirmedAt` moves to a later UTC day; a higher-ranked source takes it over); another value
 * replaces it when its source ranks higher, or ranks the same and is newer than the last
 * confirmation; anything else leaves it as it is.
 */
export function applyProfileEvidence<K extends ProfileFactKind>(
  kind: K,
  field: ProfileField<K> | undefined,
  evidence: ProfileEvidence<K>,
): ProfileField<K> {
  const at = utc(evidence.at);
  const fresh = { value: evidence.value, source: evidence.source, changedAt: at, confirmedAt: at };
  if (!field) return fresh as ProfileField<K>;
  const rankNow = sourceRank(field.source.kind);
  const rankNew = sourceRank(evidence.source.kind);
  if (sameProfileValue(kind, field.value as ProfileFactValue<K> | null, evidence.value)) {
    const later = utcDay(at) > utcDay(field.confirmedAt);
    return {
      ...field,
      source: rankNew > rankNow ? evidence.source : field.source,
      confirmedAt: later ? at : field.confirmedAt,
    };
  }
  const replaces = rankNew > rankNow || (rankNew === rankNow && instant(at) > instant(field.confirmedAt));
  return replaces ? (fresh as ProfileField<K>) : field;
}

/** An empty sheet of an investor. */
export const emptyProfileSheet = (investorId: string, at: string): ProfileSheet => ({
  investorId,
  fields: {},
  updatedAt: utc(at),
});

/**
 * The facts an imported record gives (issue 33's columns), each null where its cells were blank. A
 * record imported before them reads its spec lists (`portfolioCompanies`, `selectedInvestments`)
 * as companies without details, and `leadsRounds` as lead (yes) or follow (no). Never the notes:
 * they are the admins' own.
 */
export function importedProfileFacts(record: ImportedInvestor): ProfileFacts {
  const leadOrFollow =
    record.leadOrFollow ??
    (record.leadsRounds === true ? 'lead' : record.leadsRounds === false ? 'follow' : null);
  const portfolio =
    record.portfolio && record.portfolio.length > 0
      ? record.portfolio
      : record.portfolioCompanies.map((name) => ({ name, website: null, stage: null, year: null }));
  const recentInvestments =
    record.recentInvestments && record.recentInvestments.length > 0
      ? record.recentInvestments
      : record.selectedInvestments.map((company) => ({ company, round: null, date: null, amount: null }));
  return {
    thesis: presentValue('thesis', record.thesis ?? null),
    website: presentValue('website', record.website ?? null),
    leadOrFollow,
    typicalCheque: record.typicalCheque ?? null,
    geographicFocus: record.geographicFocus ?? [],
    portfolio,
    recentInvestments,
    fundSize: record.fundSize ?? null,
    vintage: record.vintage ?? null,
  };
}

/** Sets one kind of a sheet's fields (the generic keeps value and kind together). */
function setField<K extends ProfileFactKind>(fields: ProfileSheetFields, kind: K, field: ProfileField<K>) {
  (fields as Record<ProfileFactKind, unknown>)[kind] = field;
}

const fieldOf = <K extends ProfileFactKind>(fields: ProfileSheetFields, kind: K) =>
  fields[kind] as ProfileField<K> | undefined;

/** The sheet with an imported record's facts applied at its `importedAt` (a blank cell is no evidence). */
export function foldImportedProfile(sheet: ProfileSheet, record: ImportedInvestor): ProfileSheet {
  const facts = importedProfileFacts(record);
  const fields: ProfileSheetFields = { ...sheet.fields };
  const apply = <K extends ProfileFactKind>(kind: K) => {
    const value = presentValue(kind, facts[kind]);
    if (value === null) return;
    setField(
      fields,
      kind,
      applyProfileEvidence(kind, fieldOf(fields, kind), {
        value,
        source: importSource(record),
        at: record.importedAt,
      }),
    );
  };
  for (const kind of PROFILE_FACT_KINDS) apply(kind);
  return { ...sheet, fields: ordered(fields) };
}

/** The sheet of an investor that has none stored: its linked imported record's facts. */
export const derivedProfileSheet = (investorId: string, record: ImportedInvestor): ProfileSheet =>
  foldImportedProfile(emptyProfileSheet(investorId, record.importedAt), record);

/** Folds records oldest first (then by id), so a batch gives the same sheet whatever order it came in. */
export function foldImportedProfiles(
  sheet: ProfileSheet,
  records: readonly ImportedInvestor[],
): ProfileSheet {
  const sorted = [...records].sort(
    (a, b) => instant(a.importedAt) - instant(b.importedAt) || a.id.localeCompare(b.id),
  );
  return sorted.reduce(foldImportedProfile, sheet);
}

/**
 * The sheet after an admin's edit made `at` by `adminUserId`: like a contact correction, each fact
 * given is set (or removed: null) as the admin's, whoever gave it; the same value again confirms it;
 * removing a fact that holds no value changes nothing. Imports cannot undo it; the investor's own
 * later word can.
 */
export function editProfileSheet(
  sheet: ProfileSheet,
  edits: ProfileFactEdits,
  adminUserId: string,
  at: string,
): ProfileSheet {
  const fields: ProfileSheetFields = { ...sheet.fields };
  const source: ContactSource = { kind: 'admin', name: ADMIN_CORRECTION, url: null, ref: adminUserId };
  const when = utc(at);
  const edit = <K extends ProfileFactKind>(kind: K) => {
    if (!(kind in edits) || edits[kind] === undefined) return;
    const given = presentValue(kind, edits[kind] as ProfileFacts[K] | null);
    const field = fieldOf(fields, kind);
    if (given === null && (field?.value ?? null) === null) return; // Nothing to remove.
    setField(
      fields,
      kind,
      field && !sameProfileValue(kind, field.value as ProfileFactValue<K> | null, given)
        ? ({ value: given, source, changedAt: when, confirmedAt: when } as ProfileField<K>)
        : applyProfileEvidence(kind, field, { value: given, source, at }),
    );
  };
  for (const kind of PROFILE_FACT_KINDS) edit(kind);
  return { ...sheet, fields: ordered(fields), updatedAt: when };
}

/**
 * The sheet after the investor's listed profile says, at `at`: each fact they give is their word
 * (it replaces an import's or an admin's value, or confirms it); a fact they leave blank leaves the
 * sheet's value as it is, unless they gave it themselves before: then they took it back (removed).
 */
export function applyInvestorProfile(
  sheet: ProfileSheet,
  facts: ProfileFacts,
  userId: string,
  at: string,
): ProfileSheet {
  const fields: ProfileSheetFields = { ...sheet.fields };
  const source = investorSource(userId);
  const apply = <K extends ProfileFactKind>(kind: K) => {
    const given = presentValue(kind, facts[kind]);
    const field = fieldOf(fields, kind);
    if (given === null && (field?.source.kind !== 'investor' || field.value === null)) return;
    setField(fields, kind, applyProfileEvidence(kind, field, { value: given, source, at }));
  };
  for (const kind of PROFILE_FACT_KINDS) apply(kind);
  return { ...sheet, fields: ordered(fields), updatedAt: utc(at) };
}

/** The fields in the order of {@link PROFILE_FACT_KINDS}, so two equal sheets serialise alike. */
function ordered(fields: ProfileSheetFields): ProfileSheetFields {
  const out: ProfileSheetFields = {};
  for (const kind of PROFILE_FACT_KINDS) {
    const field = fields[kind];
    if (field) setField(out, kind, field);
  }
  return out;
}

/** Whether two sheets hold the same fields (their `updatedAt` aside). */
export const sameProfileFields = (a: ProfileSheet, b: ProfileSheet): boolean =>
  JSON.stringify(ordered(a.fields)) === JSON.stringify(ordered(b.fields));

/** The current facts of a sheet (null or empty where nobody says, or a value was removed). */
export function profileFactsOf(sheet: ProfileSheet): ProfileFacts {
  return {
    thesis: sheet.fields.thesis?.value ?? null,
    website: sheet.fields.website?.value ?? null,
    leadOrFollow: sheet.fields.leadOrFollow?.value ?? null,
    typicalCheque: sheet.fields.typicalCheque?.value ?? null,
    geographicFocus: sheet.fields.geographicFocus?.value ?? [],
    portfolio: sheet.fields.portfolio?.value ?? [],
    recentInvestments: sheet.fields.recentInvestments?.value ?? [],
    fundSize: sheet.fields.fundSize?.value ?? null,
    vintage: sheet.fields.vintage?.value ?? null,
  };
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** What the public sees of a fact's provenance: who (kind only) and the month it was last confirmed. */
export const factConfirmedSchema = z.object({
  by: z.enum(['import', 'admin', 'investor'] as const satisfies readonly ContactSourceKind[]),
  month: z.string().check(z.regex(MONTH, 'Not a month (YYYY-MM)')),
});
export type FactConfirmed = z.infer<typeof factConfirmedSchema>;

export const profileConfirmedSchema = z.object({
  thesis: z.optional(factConfirmedSchema),
  website: z.optional(factConfirmedSchema),
  leadOrFollow: z.optional(factConfirmedSchema),
  typicalCheque: z.optional(factConfirmedSchema),
  geographicFocus: z.optional(factConfirmedSchema),
  portfolio: z.optional(factConfirmedSchema),
  recentInvestments: z.optional(factConfirmedSchema),
  fundSize: z.optional(factConfirmedSchema),
  vintage: z.optional(factConfirmedSchema),
});
export type ProfileConfirmed = z.infer<typeof profileConfirmedSchema>;

/** For each fact with a value: the kind of source that gave it and the UTC month it was last confirmed. */
export function profileConfirmed(sheet: ProfileSheet): ProfileConfirmed {
  const out: ProfileConfirmed = {};
  for (const kind of PROFILE_FACT_KINDS) {
    const field = sheet.fields[kind];
    if (field && field.value !== null)
      out[kind] = { by: field.source.kind, month: utc(field.confirmedAt).slice(0, 7) };
  }
  return out;
}

/** 'confirmed by the investor Mar 2026' for the investor's own facts, 'confirmed Mar 2026' otherwise. */
export const factConfirmedPhrase = (confirmed: FactConfirmed | undefined): string | null =>
  confirmed ? confirmedPhrase(confirmed.month, confirmed.by === 'investor') : null;

/**
 * The card's one line of a thesis: its first paragraph, spaces collapsed, cut at a word before
 * {@link PROFILE_FACT_LIMITS.thesisLine} characters with an ellipsis; null without a thesis.
 */
export function thesisLine(thesis: string | null | undefined): string | null {
  const first =
    (thesis ?? '')
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ')
      .trim() ?? '';
  if (first === '') return null;
  const max = PROFILE_FACT_LIMITS.thesisLine;
  const characters = Array.from(first);
  if (characters.length <= max) return first;
  const head = characters.slice(0, max - 1).join('');
  const cut = head.lastIndexOf(' ');
  return `${(cut > max / 2 ? head.slice(0, cut) : head).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The facts of a profile sheet a searchable investor carries (absent where the sheet says nothing). */
interface PublicProfileFacts {
  thesisLine?: string | undefined;
  leadOrFollow?: LeadOrFollow | undefined;
  typicalCheque?: number | undefined;
  investsIn?: string[] | undefined;
  deals?: { date: string; round: string | null }[] | undefined;
  vintage?: number | undefined;
}

/**
 * The searchable investor with what its profile sheet puts on it: the card's one-line thesis, and
 * what the shortlist ranks on (lead or follow, typical cheque, where they invest: issue 35; dated
 * deals and the fund's vintage: issue 52). Each is
 * left out without a value, so investors without them stay as they were stored.
 */
export function withPublicProfileFacts<T extends PublicProfileFacts>(investor: T, sheet: ProfileSheet): T {
  const {
    thesisLine: _line,
    leadOrFollow: _lead,
    typicalCheque: _cheque,
    investsIn: _places,
    deals: _deals,
    vintage: _vintage,
    ...rest
  } = investor;
  const deals = (sheet.fields.recentInvestments?.value ?? []).flatMap((deal) =>
    deal.date !== null && PARTIAL_DATE.test(deal.date) ? [{ date: deal.date, round: deal.round }] : [],
  );
  const vintage = sheet.fields.vintage?.value ?? null;
  const line = thesisLine(sheet.fields.thesis?.value);
  const lead = sheet.fields.leadOrFollow?.value ?? null;
  const cheque = sheet.fields.typicalCheque?.value ?? null;
  const places = sheet.fields.geographicFocus?.value ?? [];
  return {
    ...rest,
    ...(line ? { thesisLine: line } : {}),
    ...(lead ? { leadOrFollow: lead } : {}),
    ...(cheque !== null ? { typicalCheque: cheque } : {}),
    ...(places.length > 0 ? { investsIn: places } : {}),
    ...(deals.length > 0 ? { deals } : {}),
    ...(vintage !== null ? { vintage } : {}),
  } as T;
}

/** The host of a website, for its link's text: 'https://www.acme.example/about' → 'acme.example'. */
export function websiteHost(website: string): string {
  return website
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/[/?#].*$/, '');
}
