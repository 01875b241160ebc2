import * as z from 'zod/mini';
import { groupDigits } from '../format/numbers';
import { FUND_SIZE_MESSAGE, plausibleVintage, VINTAGE_MESSAGE } from '../investors/deploying';
import type { LeadOrFollow, PortfolioCompany, RecentInvestment } from '../investors/profile-facts';
import { PROFILE_FACT_LIMITS } from '../investors/profile-facts';
import type { InvestorRole } from '../investors/roles';
import { parseInvestorRole } from '../investors/roles';
import type { Firm, ImportedInvestorDraft, MetadataEntry } from '../investors/types';
import { messages } from '../messages';
import { normalizeTag, uniqueTags } from '../tags/normalize-tag';
import { parseCheckSize, splitLinks, splitMultiValue } from './cell-values';
import type { ColumnFamily, ImportColumn } from './header-matching';
import { type PlannedColumn, planColumns } from './header-matching';
import {
  type CellReading,
  parseLeadOrFollow,
  parsePortfolioCell,
  parseRecentInvestmentsCell,
  parseWebsite,
} from './profile-cells';
import { isShouting, titleCaseName } from './row-questions';

/** Where the rows come from and who imports them. */
export interface ImportContext {
  /** Required: a blank source name throws 'Source name is required'. */
  sourceName: string;
  sourceUrl?: string | null;
  importedByUserId: string;
  /** Import time, written as `importedAt` and `updatedAt`. */
  now: Date;
}

type ListFamily =
  | 'photos'
  | 'otherSocial'
  | 'stageFocus'
  | 'sectorFocus'
  | 'cities'
  | 'countries'
  | 'regions'
  | 'geographicFocus'
  | 'tags'
  | 'otherFirms';

const LIST_SPLITTERS: Readonly<Record<ListFamily, (cell: string) => string[]>> = {
  photos: splitLinks,
  otherSocial: splitLinks,
  stageFocus: (cell) => splitMultiValue(cell).map(normalizeTag),
  sectorFocus: (cell) => splitMultiValue(cell).map(normalizeTag),
  cities: splitMultiValue,
  countries: splitMultiValue,
  regions: splitMultiValue,
  geographicFocus: splitMultiValue,
  tags: splitMultiValue,
  otherFirms: splitMultiValue,
};

const isListFamily = (family: ColumnFamily): family is ListFamily => family in LIST_SPLITTERS;

type TextFamily = Exclude<
  ColumnFamily,
  | ListFamily
  | 'email'
  | 'investorRole'
  | 'checkSizeMin'
  | 'checkSizeMax'
  | 'leadsRounds'
  | 'notes'
  | 'website'
  | 'typicalCheque'
  | 'fundSize'
  | 'vintage'
  | 'portfolioCompanies'
  | 'selectedInvestments'
>;

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * A value of a row that the import could not use for its column's field: kept verbatim with the
 * record's other details (`otherMetadata`), and reported to the admin with the reason.
 */
export interface ValueNotice {
  /** The column's header as the admin left it. */
  column: string;
  value: string;
  reason: string;
}

/** Why a value was not used: what the admin reads in the import's summary. */
export const valueNoticeReasons = {
  invalidEmail: 'not a valid email address',
  secondEmail: 'a second email address (the first one is kept as the email)',
  checkSize: 'not an amount (such as 250k, $1.5M or 2,000,000)',
  secondCheckSize: 'a second, different amount for the same bound',
  leadsRounds: 'not a yes or no answer (or lead, follow or both)',
  website: 'not a web address (such as https://firm.example)',
  thesisTooLong: `longer than ${groupDigits(PROFILE_FACT_LIMITS.thesis)} characters: the thesis keeps the first ${groupDigits(PROFILE_FACT_LIMITS.thesis)}`,
  portfolioItem: 'details that are not a website, stage or year of the company',
  portfolioOverLimit: `past the first ${PROFILE_FACT_LIMITS.portfolio} portfolio companies`,
  investmentItem: 'details that are not a round, date or amount of the investment',
  investmentsOverLimit: `past the first ${PROFILE_FACT_LIMITS.recentInvestments} recent investments`,
  capitals: (named: string) => `written in capitals: published as "${named}"`,
  fundSize: `${FUND_SIZE_MESSAGE.replace(/^The fund size must be/, 'not')}`,
  secondFundSize: 'a second, different fund size',
  vintage: `${VINTAGE_MESSAGE.replace(/^The vintage must be/, 'not')}`,
  secondVintage: 'a second, different vintage (the first one is kept)',
  role: 'not a known investor type (VC, Angel, Fund, Accelerator, Incubator, Corporate, Family Office)',
} as const;

/** The columns of a person's name: one written in capitals is published title-cased. */
const NAME_FAMILIES: ReadonlySet<ColumnFamily> = new Set(['fullName', 'firstName', 'lastName']);

const emailSchema = z.email();
const isEmailAddress = (value: string) => emailSchema.safeParse(value).success;

/** Collects the values of one row, column by column, before the record is assembled. */
class RowCollector {
  constructor(private readonly now: Date) {}

  readonly notices: ValueNotice[] = [];
  readonly lists = new Map<ListFamily, string[]>();
  readonly texts = new Map<TextFamily, string>();
  readonly notes: string[] = [];
  readonly metadata: MetadataEntry[] = [];
  readonly extraFirms: string[] = [];
  email: string | null = null;
  role: InvestorRole | null = null;
  checkMin: number | null = null;
  checkMax: number | null = null;
  leadsRounds: boolean | null = null;
  leadOrFollow: LeadOrFollow | null = null;
  website: string | null = null;
  typicalCheque: number | null = null;
  fundSize: number | null = null;
  vintage: number | null = null;
  readonly moreLinks: string[] = [];
  readonly portfolio: PortfolioCompany[] = [];
  readonly recentInvestments: RecentInvestment[] = [];

  list(family: ListFamily): string[] {
    return uniqueTags(this.lists.get(family) ?? []);
  }

  text(family: TextFamily): string | null {
    return this.texts.get(family) ?? null;
  }

  keep(tag: string, value: string, reason?: string): void {
    this.metadata.push({ tag, value });
    if (reason) this.notices.push({ column: tag, value, reason });
  }

  add(family: ColumnFamily, tag: string, cell: string): void {
    if (isListFamily(family)) {
      this.lists.set(family, [...(this.lists.get(family) ?? []), ...LIST_SPLITTERS[family](cell)]);
      return;
    }
    switch (family) {
      case 'notes':
        this.notes.push(cell);
        return;
      case 'email':
        this.addEmail(tag, cell);
        return;
      case 'investorRole':
        this.addRole(tag, cell);
        return;
      case 'checkSizeMin':
      case 'checkSizeMax':
        this.addCheckSize(family, tag, cell);
        return;
      case 'leadsRounds':
        this.addLeadsRounds(tag, cell);
        return;
      case 'website':
        this.addWebsite(tag, cell);
        return;
      case 'typicalCheque':
        this.addTypicalCheque(tag, cell);
        return;
      case 'fundSize':
        this.addFundSize(tag, cell);
        return;
      case 'vintage':
        this.addVintage(tag, cell);
        return;
      case 'thesis':
        this.addThesis(tag, cell);
        return;
      case 'portfolioCompanies':
        this.addItems(tag, parsePortfolioCell(cell), this.portfolio, (c) => c.name, 'portfolio');
        return;
      case 'selectedInvestments':
        this.addItems(
          tag,
          parseRecentInvestmentsCell(cell),
          this.recentInvestments,
          (i) => `${i.company}#${i.date ?? ''}`,
          'investments',
        );
        return;
      default:
        this.addText(family, tag, cell);
    }
  }

  /** First non-empty value wins; a later, different one is kept in metadata (a firm joins `otherFirms`). */
  private addText(family: TextFamily, tag: string, cell: string): void {
    const current = this.texts.get(family);
    if (current === undefined && NAME_FAMILIES.has(family) && isShouting(cell)) {
      // Written in capitals: published as a name is written, the source's own kept in metadata.
      const named = titleCaseName(cell);
      this.texts.set(family, named);
      this.keep(tag, cell, valueNoticeReasons.capitals(named));
    } else if (current === undefined) this.texts.set(family, cell);
    else if (current !== cell) {
      if (family === 'primaryFirm') this.extraFirms.push(cell);
      else this.keep(tag, cell);
    }
  }

  /**
   * The first valid address (a leading 'mailto:' dropped) is the email; other items go to metadata,
   * an invalid or second address with its reason.
   */
  private addEmail(tag: string, cell: string): void {
    const items = splitLinks(cell).map((item) => item.replace(/^mailto:/i, ''));
    for (const item of items) {
      if (item === this.email) continue;
      const valid = isEmailAddress(item);
      if (this.email === null && valid) this.email = item;
      else this.keep(tag, item, valid ? valueNoticeReasons.secondEmail : valueNoticeReasons.invalidEmail);
    }
  }

  /** First recognised role wins; text that only parses to 'other' is also kept verbatim in metadata. */
  private addRole(tag: string, cell: string): void {
    const role = parseInvestorRole(cell);
    if (role === 'other' && normalizeTag(cell) !== 'other') this.keep(tag, cell, valueNoticeReasons.role);
    if (this.role === null || (this.role === 'other' && role !== 'other')) this.role = role;
  }

  private addCheckSize(family: 'checkSizeMin' | 'checkSizeMax', tag: string, cell: string): void {
    const amount = parseCheckSize(cell);
    const current = family === 'checkSizeMin' ? this.checkMin : this.checkMax;
    if (amount === null) this.keep(tag, cell, valueNoticeReasons.checkSize);
    else if (current !== null && current !== amount) this.keep(tag, cell, valueNoticeReasons.secondCheckSize);
    if (amount === null || current !== null) return;
    if (family === 'checkSizeMin') this.checkMin = amount;
    else this.checkMax = amount;
  }

  /** Lead, follow or both (yes is lead, no is follow); `leadsRounds` says yes for lead or both. */
  private addLeadsRounds(tag: string, cell: string): void {
    const answer = parseLeadOrFollow(cell);
    if (answer === null || (this.leadOrFollow !== null && this.leadOrFollow !== answer))
      this.keep(tag, cell, valueNoticeReasons.leadsRounds);
    else {
      this.leadOrFollow = answer;
      this.leadsRounds = answer !== 'follow';
    }
  }

  /** The first web address is the website; further ones join the other links; anything else is kept. */
  private addWebsite(tag: string, cell: string): void {
    for (const item of splitLinks(cell)) {
      const website = parseWebsite(item);
      if (website === null) this.keep(tag, item, valueNoticeReasons.website);
      else if (this.website === null) this.website = website;
      else if (website !== this.website) this.moreLinks.push(website);
    }
  }

  private addTypicalCheque(tag: string, cell: string): void {
    const amount = parseCheckSize(cell);
    if (amount === null || amount > PROFILE_FACT_LIMITS.cheque)
      this.keep(tag, cell, valueNoticeReasons.checkSize);
    else if (this.typicalCheque !== null && this.typicalCheque !== amount)
      this.keep(tag, cell, valueNoticeReasons.secondCheckSize);
    else this.typicalCheque = amount;
  }

  /** The fund's size (issue 52), by the one money parser: whole dollars from 1 to a hundred billion. */
  private addFundSize(tag: string, cell: string): void {
    const amount = parseCheckSize(cell);
    if (amount === null || amount < 1 || amount > PROFILE_FACT_LIMITS.fundSize)
      this.keep(tag, cell, valueNoticeReasons.fundSize);
    else if (this.fundSize !== null && this.fundSize !== amount)
      this.keep(tag, cell, valueNoticeReasons.secondFundSize);
    else this.fundSize = amount;
  }

  /** The fund's vintage (issue 52): a plausible year, 1946 to next year ('Fund III, 2021' is not one). */
  private addVintage(tag: string, cell: string): void {
    const match = /^(?:fy\s*)?(\d{4})$/i.exec(cell.trim());
    const year = match ? Number(match[1]) : Number.NaN;
    if (!plausibleVintage(year, this.now)) this.keep(tag, cell, valueNoticeReasons.vintage);
    else if (this.vintage !== null && this.vintage !== year)
      this.keep(tag, cell, valueNoticeReasons.secondVintage);
    else this.vintage = year;
  }

  /** The first thesis wins (line breaks kept); a longer one keeps its start, and is kept whole. */
  private addThesis(tag: string, cell: string): void {
    const current = this.texts.get('thesis');
    if (current !== undefined) {
      if (current !== cell) this.keep(tag, cell);
      return;
    }
    const characters = Array.from(cell);
    if (characters.length > PROFILE_FACT_LIMITS.thesis) {
      this.texts.set('thesis', characters.slice(0, PROFILE_FACT_LIMITS.thesis).join('').trim());
      this.keep(tag, cell, valueNoticeReasons.thesisTooLong);
    } else this.texts.set('thesis', cell);
  }

  /** A portfolio's or investments' items: read ones join the list; what could not be read is kept. */
  private addItems<T>(
    tag: string,
    reading: CellReading<T>,
    into: T[],
    key: (value: T) => string,
    kind: 'portfolio' | 'investments',
  ): void {
    const max = kind === 'portfolio' ? PROFILE_FACT_LIMITS.portfolio : PROFILE_FACT_LIMITS.recentInvestments;
    const seen = new Set(into.map((value) => key(value).toLowerCase()));
    const over: string[] = [...reading.overLimit];
    for (const value of reading.values) {
      if (seen.has(key(value).toLowerCase())) continue;
      if (into.length >= max) {
        over.push(key(value).split('#')[0] ?? '');
        continue;
      }
      seen.add(key(value).toLowerCase());
      into.push(value);
    }
    const itemReason =
      kind === 'portfolio' ? valueNoticeReasons.portfolioItem : valueNoticeReasons.investmentItem;
    const overReason =
      kind === 'portfolio' ? valueNoticeReasons.portfolioOverLimit : valueNoticeReasons.investmentsOverLimit;
    for (const item of reading.unread) this.keep(tag, item, itemReason);
    if (over.length > 0) this.keep(tag, over.join('; '), overReason);
  }
}

/** The profile facts a row gave, each left out when no column gave it. */
function profileFactsOf(collected: RowCollector): Partial<ImportedInvestorDraft> {
  const thesis = collected.text('thesis');
  const geographicFocus = collected.list('geographicFocus');
  return {
    ...(thesis !== null ? { thesis } : {}),
    ...(collected.website !== null ? { website: collected.website } : {}),
    ...(collected.leadOrFollow !== null ? { leadOrFollow: collected.leadOrFollow } : {}),
    ...(collected.typicalCheque !== null ? { typicalCheque: collected.typicalCheque } : {}),
    ...(geographicFocus.length > 0 ? { geographicFocus } : {}),
    ...(collected.portfolio.length > 0 ? { portfolio: collected.portfolio } : {}),
    ...(collected.recentInvestments.length > 0 ? { recentInvestments: collected.recentInvestments } : {}),
    ...(collected.fundSize !== null ? { fundSize: collected.fundSize } : {}),
    ...(collected.vintage !== null ? { vintage: collected.vintage } : {}),
  };
}

const toFirms = (names: readonly string[]): Firm[] => names.map((name) => ({ name }));

/** Column plans by header list: an import builds every row of a file from the same headers, planned once. */
const plannedColumns = new WeakMap<readonly ImportColumn[], PlannedColumn[]>();

function planOnce(columns: readonly ImportColumn[]): PlannedColumn[] {
  let plan = plannedColumns.get(columns);
  if (!plan) {
    plan = planColumns(columns);
    plannedColumns.set(columns, plan);
  }
  return plan;
}

/**
 * Builds an imported investor (without its id, which the caller assigns) from one parsed CSV row, following
 * spec section 5:
 * - Each column's header is matched with `matchHeader`; excluded columns are ignored, and included columns
 *   no family claims go to `otherMetadata` as `{ tag: header, value }` (a blank header becomes
 *   'Column N'). Empty cells are skipped everywhere. Cells are trimmed. Cells past the last header are
 *   ignored; missing cells count as empty.
 * - Multi-value families (stage, sector, countries, cities, regions, other firms, portfolio, selected
 *   investments, tags) split on comma, semicolon or slash with parentheses kept together; links (photos,
 *   other social sites) split on comma, semicolon or whitespace. Stage and sector items are normalised tags
 *   (lower case). Lists concatenate across columns of the same family and are deduplicated.
 * - Single-value families take the first non-empty cell; a later different cell is kept in
 *   `otherMetadata`, except a second firm, which joins `otherFirms` (the primary firm is never repeated
 *   there). Several notes columns are joined with
 *   blank lines.
 * - Values of matched columns that cannot be interpreted are kept verbatim in `otherMetadata` under their
 *   header, so nothing is lost: a check size that does not parse, a leads-rounds answer that is not a
 *   yes/no, email cell items without an '@', and role text that only parses to 'other'.
 * - The full name falls back to first plus last name. `geographyFocus` and `checkSize` are null when all of
 *   their parts are empty. Status is 'pending', `searchableInvestorEntryId` null, `fieldStatuses` empty,
 *   `importedAt` and `updatedAt` are `now` as an ISO string.
 *
 * @throws Error 'Source name is required' when the source name is blank.
 */
export function buildImportedInvestor(
  columns: readonly ImportColumn[],
  row: readonly string[],
  context: ImportContext,
): ImportedInvestorDraft {
  return buildImportedInvestorWithNotices(columns, row, context).record;
}

/**
 * {@link buildImportedInvestor}, with the values the record could not use for their fields (an
 * invalid email, an amount that is not one...): each kept in `otherMetadata` and listed here with
 * its reason, for the import's summary.
 */
export function buildImportedInvestorWithNotices(
  columns: readonly ImportColumn[],
  row: readonly string[],
  context: ImportContext,
): { record: ImportedInvestorDraft; notices: ValueNotice[] } {
  const sourceName = context.sourceName.trim();
  if (sourceName === '') throw new Error(messages.sourceNameRequired);

  const collected = new RowCollector(context.now);
  for (const column of planOnce(columns)) {
    if (!column.include) continue;
    const cell = row[column.index]?.trim() ?? '';
    if (cell === '') continue;
    const tag = column.header.trim() === '' ? `Column ${column.index + 1}` : column.header.trim();
    if (column.family === null) collected.keep(tag, cell);
    else collected.add(column.family, tag, cell);
  }

  const firstName = collected.text('firstName');
  const lastName = collected.text('lastName');
  const fullName = collected.text('fullName') ?? blankToNull([firstName ?? '', lastName ?? ''].join(' '));
  const primaryFirm = collected.text('primaryFirm');
  const cities = collected.list('cities');
  const countries = collected.list('countries');
  const regions = collected.list('regions');
  const bucket = collected.text('checkSizeBucket');
  const { checkMin, checkMax } = collected;
  const importedAt = context.now.toISOString();

  const record: ImportedInvestorDraft = {
    searchableInvestorEntryId: null,
    firstName,
    lastName,
    fullName,
    photos: collected.list('photos'),
    email: collected.email,
    phone: collected.text('phone'),
    social: {
      linkedin: collected.text('linkedin'),
      twitter: collected.text('twitter'),
      crunchbase: collected.text('crunchbase'),
      instagram: collected.text('instagram'),
      youtube: collected.text('youtube'),
      tiktok: collected.text('tiktok'),
      other: uniqueTags([...collected.list('otherSocial'), ...collected.moreLinks]),
    },
    title: collected.text('title'),
    investorRole: collected.role,
    primaryFirm: primaryFirm === null ? null : { name: primaryFirm },
    otherFirms: toFirms(
      uniqueTags([...collected.extraFirms, ...collected.list('otherFirms')]).filter(
        (name) => primaryFirm === null || normalizeTag(name) !== normalizeTag(primaryFirm),
      ),
    ),
    stageFocus: collected.list('stageFocus'),
    sectorFocus: collected.list('sectorFocus'),
    geographyFocus:
      cities.length + countries.length + regions.length === 0 ? null : { cities, countries, regions },
    checkSize:
      checkMin === null && checkMax === null && bucket === null
        ? null
        : {
            min: checkMin === null ? null : { value: checkMin },
            max: checkMax === null ? null : { value: checkMax },
            bucket,
          },
    leadsRounds: collected.leadsRounds,
    selectedInvestments: collected.recentInvestments.map((investment) => investment.company),
    portfolioCompanies: collected.portfolio.map((company) => company.name),
    tags: collected.list('tags'),
    notes: collected.notes.length === 0 ? null : collected.notes.join('\n\n'),
    otherMetadata: collected.metadata,
    sourceName,
    sourceUrl: blankToNull(context.sourceUrl),
    importedAt,
    importedByUserId: context.importedByUserId,
    status: 'pending',
    fieldStatuses: [],
    updatedAt: importedAt,
    // Profile facts (issue 33): present only when a column gave them, so older rows read alike.
    ...profileFactsOf(collected),
  };
  return { record, notices: collected.notices };
}
