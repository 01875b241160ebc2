import * as z from 'zod/mini';
import { normalizeTag, uniqueTags } from '../tags/normalize-tag';
import { LEAD_OR_FOLLOW, portfolioCompanySchema, recentInvestmentSchema } from './profile-facts';
import { CONTACT_KINDS, confirmedMonths, contactConfirmedSchema, derivedContactSheet } from './provenance';
import { investorRoleSchema } from './roles';

/** A string that may be absent (`null`), e.g. an empty CSV cell. */
const optionalText = z.nullable(z.string());

const isoDateTime = z.iso.datetime({ offset: true });

export const firmSchema = z.object({ name: z.string() });
export type Firm = z.infer<typeof firmSchema>;

export const socialLinksSchema = z.object({
  linkedin: optionalText,
  twitter: optionalText,
  crunchbase: optionalText,
  instagram: optionalText,
  youtube: optionalText,
  tiktok: optionalText,
  other: z.array(z.string()),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

export const geographyFocusSchema = z.object({
  cities: z.array(z.string()),
  countries: z.array(z.string()),
  regions: z.array(z.string()),
});
export type GeographyFocus = z.infer<typeof geographyFocusSchema>;

/** An amount in whole currency units (the spec names no currency; sources are typically USD). */
export const moneyValueSchema = z.object({ value: z.number().check(z.nonnegative()) });

export const checkSizeSchema = z.object({
  min: z.nullable(moneyValueSchema),
  max: z.nullable(moneyValueSchema),
  /** The free-text check size as the source wrote it, e.g. '$250k - $1M'. */
  bucket: optionalText,
});
export type CheckSize = z.infer<typeof checkSizeSchema>;

export const metadataEntrySchema = z.object({ tag: z.string(), value: z.string() });
export type MetadataEntry = z.infer<typeof metadataEntrySchema>;

/**
 * Per-field curation status. The spec names the list but not its items; this shape (field name plus a
 * status word, other keys kept) is our choice. The importer always writes an empty list.
 */
export const fieldStatusSchema = z.looseObject({ field: z.string(), status: z.string() });
export type FieldStatus = z.infer<typeof fieldStatusSchema>;

/**
 * 'pending' waits for mapping, 'mapped' is in the directory. 'staged' (ours; the spec shows only
 * 'pending') is a row written by an import that has not finished reading its file: it is published
 * (mapped) only when the import finishes, or when an admin publishes a cancelled import.
 */
export const IMPORTED_INVESTOR_STATUSES = ['pending', 'mapped', 'staged'] as const;
export const importedInvestorStatusSchema = z.enum(IMPORTED_INVESTOR_STATUSES);
export type ImportedInvestorStatus = z.infer<typeof importedInvestorStatusSchema>;

/** An imported investor (collection imported-investors, spec section 3): one CSV row as imported. */
export const importedInvestorSchema = z.object({
  id: z.string().check(z.minLength(1)),
  /** The searchable investor built from this record; null until mapped. */
  searchableInvestorEntryId: z.nullable(z.string()),
  firstName: optionalText,
  lastName: optionalText,
  fullName: optionalText,
  photos: z.array(z.string()),
  email: optionalText,
  phone: optionalText,
  social: socialLinksSchema,
  title: optionalText,
  investorRole: z.nullable(investorRoleSchema),
  primaryFirm: z.nullable(firmSchema),
  otherFirms: z.array(firmSchema),
  stageFocus: z.array(z.string()),
  sectorFocus: z.array(z.string()),
  geographyFocus: z.nullable(geographyFocusSchema),
  checkSize: z.nullable(checkSizeSchema),
  /** Whether the investor leads rounds; null when the source does not say. */
  leadsRounds: z.nullable(z.boolean()),
  selectedInvestments: z.array(z.string()),
  portfolioCompanies: z.array(z.string()),
  tags: z.array(z.string()),
  notes: optionalText,
  /** Included CSV columns no field claimed, and matched values that could not be interpreted. */
  otherMetadata: z.array(metadataEntrySchema),
  sourceName: z.string().check(z.minLength(1)),
  sourceUrl: optionalText,
  importedAt: isoDateTime,
  importedByUserId: z.string(),
  status: z._default(importedInvestorStatusSchema, 'pending'),
  /** The import job that wrote the row (absent on rows written before jobs were recorded). */
  importJobId: z.optional(z.string()),
  fieldStatuses: z.array(fieldStatusSchema),
  updatedAt: isoDateTime,
  /**
   * Profile facts (issue 33), absent on records imported before them: the thesis, the website,
   * whether they lead or follow, the typical cheque (whole dollars), where they invest (places,
   * distinct from `geographyFocus`, where they are), the portfolio and recent investments with their
   * details (`portfolioCompanies` and `selectedInvestments` keep the names, as the spec has them).
   */
  thesis: z.optional(z.nullable(z.string())),
  website: z.optional(z.nullable(z.string())),
  leadOrFollow: z.optional(z.nullable(z.enum(LEAD_OR_FOLLOW))),
  typicalCheque: z.optional(z.nullable(z.number())),
  geographicFocus: z.optional(z.array(z.string())),
  portfolio: z.optional(z.array(portfolioCompanySchema)),
  recentInvestments: z.optional(z.array(recentInvestmentSchema)),
  /** The fund's size (whole US dollars) and its latest vintage year (issue 52), absent when not given. */
  fundSize: z.optional(z.nullable(z.number())),
  vintage: z.optional(z.nullable(z.int())),
});
export type ImportedInvestor = z.infer<typeof importedInvestorSchema>;

/** An imported investor before the caller gives it an id. */
export const importedInvestorDraftSchema = z.omit(importedInvestorSchema, { id: true });
export type ImportedInvestorDraft = z.infer<typeof importedInvestorDraftSchema>;

/**
 * A searchable investor (collection searchable-investors, spec section 3): what search, cart and the home
 * page read. It carries presence flags for contact details, never the details themselves.
 */
export const searchableInvestorSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  investorRole: z.nullable(investorRoleSchema),
  stageFocus: z.array(z.string()),
  sectorFocus: z.array(z.string()),
  hasEmail: z.boolean(),
  hasPhone: z.boolean(),
  hasLinkedIn: z.boolean(),
  hasTwitter: z.boolean(),
  hasCrunchbase: z.boolean(),
  importedInvestorId: z.string().check(z.minLength(1)),
  firmName: z.nullable(z.string()),
  /** Public facts a founder decides on (absent on records mapped before they were kept: defaults). */
  title: z._default(z.nullable(z.string()), null),
  cities: z._default(z.array(z.string()), []),
  countries: z._default(z.array(z.string()), []),
  /** The cheque range in whole currency units; null where the source gives no bound. */
  checkMin: z._default(z.nullable(z.number()), null),
  checkMax: z._default(z.nullable(z.number()), null),
  /**
   * The UTC month each present contact value was last confirmed (issue 20), from the investor's
   * contact sheet; never a value. Empty on records mapped before provenance ("Process all" fills it).
   */
  contactConfirmed: z._default(contactConfirmedSchema, {}),
  /**
   * The contact kinds whose value the investor gave or last confirmed themselves (issue 21): the card
   * says "confirmed by the investor". Kind names only; absent on investors mapped before.
   */
  confirmedByInvestor: z.optional(z.array(z.enum(CONTACT_KINDS))),
  /** The card's one line of the investor's thesis (issue 33), from the profile sheet; absent without one. */
  thesisLine: z.optional(z.string()),
  /**
   * What the shortlist ranks on (issue 35), from the profile sheet, absent where it says nothing:
   * whether they lead or follow, their typical cheque (whole dollars), where they invest (places and
   * regions as given). Kept off the card: the search snapshot carries them (shared/search/index-data.ts).
   */
  leadOrFollow: z.optional(z.enum(LEAD_OR_FOLLOW)),
  typicalCheque: z.optional(z.number()),
  investsIn: z.optional(z.array(z.string())),
  /**
   * Issue 52, from the profile sheet, absent where it says nothing: the dated recent investments
   * (date as precise as given, the round as given) and the fund's latest vintage: what "deployed in
   * the last 12 months" and the shortlist's recency read (shared/investors/deploying.ts).
   */
  deals: z.optional(z.array(z.object({ date: z.string(), round: z.nullable(z.string()) }))),
  vintage: z.optional(z.int()),
  /**
   * When the entry first entered the directory (issue 35: a saved search's "new since"); absent on
   * entries made before it was kept, which never count as new.
   */
  addedAt: z.optional(isoDateTime),
  updatedAt: isoDateTime,
});
export type SearchableInvestor = z.infer<typeof searchableInvestorSchema>;

const present = (value: string | null | undefined): boolean => value != null && value.trim() !== '';

const collapseSpaces = (value: string): string => value.trim().replace(/\s+/g, ' ');

type NameParts = Pick<ImportedInvestor, 'fullName' | 'firstName' | 'lastName'>;

/** The investor's display name: the full name, else first and last name joined, else ''. */
export function investorDisplayName(investor: NameParts): string {
  if (present(investor.fullName)) return collapseSpaces(investor.fullName ?? '');
  return collapseSpaces([investor.firstName ?? '', investor.lastName ?? ''].join(' '));
}

const focusList = (values: readonly string[]): string[] => uniqueTags(values.map(normalizeTag));

/** Non-blank texts, spaces collapsed, first spelling of each (case-insensitive) kept. */
export const uniqueTexts = (values: readonly string[]): string[] => {
  const seen = new Map<string, string>();
  for (const value of values) {
    const text = collapseSpaces(value);
    if (text !== '' && !seen.has(text.toLowerCase())) seen.set(text.toLowerCase(), text);
  }
  return [...seen.values()];
};

/**
 * Builds the searchable investor for an imported investor. Contact details are not copied: only
 * `hasEmail`, `hasPhone`, `hasLinkedIn`, `hasTwitter` and `hasCrunchbase` say whether a non-blank value
 * exists, and `contactConfirmed` the month it was imported (mapping then takes both from the
 * investor's contact sheet). The name falls back as in {@link investorDisplayName}; stage and sector lists are normalised
 * ({@link normalizeTag}) and deduplicated; `updatedAt` is the imported record's.
 */
export function toSearchableInvestor(imported: ImportedInvestor, id: string): SearchableInvestor {
  const firmName = imported.primaryFirm?.name.trim() ?? '';
  return {
    id,
    name: investorDisplayName(imported),
    investorRole: imported.investorRole,
    stageFocus: focusList(imported.stageFocus),
    sectorFocus: focusList(imported.sectorFocus),
    hasEmail: present(imported.email),
    hasPhone: present(imported.phone),
    hasLinkedIn: present(imported.social.linkedin),
    hasTwitter: present(imported.social.twitter),
    hasCrunchbase: present(imported.social.crunchbase),
    importedInvestorId: imported.id,
    firmName: firmName === '' ? null : firmName,
    title: present(imported.title) ? collapseSpaces(imported.title ?? '') : null,
    cities: uniqueTexts(imported.geographyFocus?.cities ?? []),
    countries: uniqueTexts(imported.geographyFocus?.countries ?? []),
    checkMin: imported.checkSize?.min?.value ?? null,
    checkMax: imported.checkSize?.max?.value ?? null,
    contactConfirmed: confirmedMonths(derivedContactSheet(id, imported)),
    updatedAt: imported.updatedAt,
  };
}

/** Lower case, Unicode-compatibility form (NFKC), trimmed, inner whitespace collapsed. */
const normaliseKeyPart = (value: string): string => collapseSpaces(value.normalize('NFKC')).toLowerCase();

/**
 * The identity key mapping uses to recognise the same investor across imports:
 * `email#<email>` (trimmed, lower-cased) when the record has a non-blank email, otherwise
 * `name#<name>#<firm name or ''>` with name and firm normalised (trimmed, lower-cased, inner whitespace
 * collapsed). Returns `null` when the record has neither an email nor a name, because such records cannot be
 * told apart and must not be merged into one.
 */
export function identityKeyOf(
  imported: Pick<ImportedInvestor, 'email' | 'fullName' | 'firstName' | 'lastName' | 'primaryFirm'>,
): string | null {
  if (present(imported.email)) return `email#${normaliseKeyPart(imported.email ?? '')}`;
  const name = normaliseKeyPart(investorDisplayName(imported));
  if (name === '') return null;
  return `name#${name}#${normaliseKeyPart(imported.primaryFirm?.name ?? '')}`;
}
