/**
 * Reading the profile facts' cells (issue 33): lead or follow, portfolio companies and recent
 * investments with their details. The same readers take the lines an investor or an admin types
 * (one company or investment a line), so every source writes the same shapes.
 *
 * A company or an investment is its name with its details in parentheses, the details separated
 * by commas: `Acme Robotics (acme.example, Seed, 2021)`, `Lumen Health (Series A, 2024-03, $4M)`.
 * A cell holds several, separated by comma, semicolon or slash as every multi-value cell (the
 * parentheses keep an item's details together).
 */
import {
  LEAD_OR_FOLLOW,
  type LeadOrFollow,
  PROFILE_FACT_LIMITS as LIMITS,
  type PortfolioCompany,
  type RecentInvestment,
  YEAR_RANGE,
} from '../investors/profile-facts';
import { parseCheckSize, splitMultiValue } from './cell-values';

const BOTH = new Set(['both', 'either', 'lead/follow', 'leads/follows', 'follow/lead', 'follows/leads']);
const LEAD = new Set(['lead', 'leads', 'leader', 'yes', 'y', 'true', '1', 'leads rounds', 'lead investor']);
const FOLLOW = new Set(['follow', 'follows', 'follower', 'no', 'n', 'false', '0', 'co-invest', 'co-invests']);

/**
 * Reads a lead-or-follow answer: 'both', 'lead/follow', 'either' → both; 'lead', 'yes' → lead;
 * 'follow', 'no' → follow (case and trailing punctuation ignored); anything else → null.
 */
export function parseLeadOrFollow(text: string | null | undefined): LeadOrFollow | null {
  if (text == null) return null;
  const answer = text
    .trim()
    .toLowerCase()
    .replace(/[.!?]+$/, '')
    .replace(/\s*(?:\/|&|,|\+|\band\b|\bor\b)\s*/g, '/')
    .replace(/\s+/g, ' ');
  if ((LEAD_OR_FOLLOW as readonly string[]).includes(answer)) return answer as LeadOrFollow;
  if (BOTH.has(answer)) return 'both';
  if (LEAD.has(answer)) return 'lead';
  if (FOLLOW.has(answer)) return 'follow';
  return null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const inYears = (year: number) => year >= YEAR_RANGE.min && year <= YEAR_RANGE.max;

/** A year alone ('2021'), or null. */
export function parseYear(token: string): number | null {
  const match = /^(?:fy\s*)?(\d{4})$/i.exec(token.trim());
  const year = match ? Number(match[1]) : Number.NaN;
  return inYears(year) ? year : null;
}

/**
 * A date as precise as it is written: '2024', '2024-03', '2024-03-15', 'Mar 2024', 'March 2024',
 * '15 Mar 2024' → 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'; null for anything else.
 */
export function parsePartialDate(token: string): string | null {
  const text = token.trim().toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ');
  const iso = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(text);
  const pad = (n: number) => String(n).padStart(2, '0');
  const valid = (y: number, m: number | null, d: number | null) => {
    if (!inYears(y)) return null;
    if (m === null) return String(y);
    if (m < 1 || m > 12) return null;
    if (d === null) return `${y}-${pad(m)}`;
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return d >= 1 && d <= last ? `${y}-${pad(m)}-${pad(d)}` : null;
  };
  if (iso) return valid(Number(iso[1]), iso[2] ? Number(iso[2]) : null, iso[3] ? Number(iso[3]) : null);
  const named = /^(?:(\d{1,2}) )?([a-z]{3,9})\.? (\d{4})$/.exec(text);
  if (named) {
    const month = MONTHS.indexOf((named[2] ?? '').slice(0, 3));
    if (month < 0) return null;
    return valid(Number(named[3]), month + 1, named[1] ? Number(named[1]) : null);
  }
  return null;
}

/** A web address, with `https://` added when typed without ('acme.example'); null when it is not one. */
export function parseWebsite(token: string): string | null {
  const text = token.trim();
  if (/\s/.test(text) || text.length > LIMITS.website) return null;
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  const match = /^https?:\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})(?::\d{1,5})?(?:[/?#]\S*)?$/i.exec(
    withScheme,
  );
  return match ? withScheme : null;
}

/** An amount ('$2M', '500k', 'USD 1,000,000'), never a bare year; null otherwise. */
export function parseAmount(token: string): number | null {
  if (parseYear(token) !== null) return null;
  const amount = parseCheckSize(token);
  return amount !== null && amount <= LIMITS.cheque ? amount : null;
}

/** Text cut to `max` characters (whole characters, not UTF-16 units). */
const cut = (text: string, max: number) => Array.from(text.trim()).slice(0, max).join('').trim();

/** An item's name and the details in its parentheses: 'Acme (a, b)' → ['Acme', ['a', 'b']]. */
function nameAndDetails(item: string): { name: string; details: string[] } {
  const match = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(item.trim());
  if (!match) return { name: item.trim(), details: [] };
  return {
    name: (match[1] ?? '').trim(),
    details: (match[2] ?? '')
      .split(',')
      .map((detail) => detail.trim())
      .filter((detail) => detail !== ''),
  };
}

/** What an item's reading could not place: kept by the caller with the item (nothing is lost). */
export interface ItemReading<T> {
  value: T | null;
  /** The details that were neither of the item's kinds of detail. */
  unread: string[];
}

/** One portfolio company: 'Acme Robotics (acme.example, Seed, 2021)'; null without a name. */
export function parsePortfolioItem(item: string): ItemReading<PortfolioCompany> {
  const { name, details } = nameAndDetails(item);
  if (name === '') return { value: null, unread: details };
  const company: PortfolioCompany = {
    name: cut(name, LIMITS.company),
    website: null,
    stage: null,
    year: null,
  };
  const unread: string[] = [];
  for (const detail of details) {
    const year = parseYear(detail);
    const website = year === null ? parseWebsite(detail) : null;
    if (year !== null && company.year === null) company.year = year;
    else if (website !== null && company.website === null) company.website = website;
    else if (year === null && website === null && company.stage === null && /\p{L}/u.test(detail))
      company.stage = cut(detail, LIMITS.stage);
    else unread.push(detail);
  }
  return { value: company, unread };
}

/** One recent investment: 'Lumen Health (Series A, 2024-03, $4M)'; null without a company. */
export function parseRecentInvestmentItem(item: string): ItemReading<RecentInvestment> {
  const { name, details } = nameAndDetails(item);
  if (name === '') return { value: null, unread: details };
  const investment: RecentInvestment = {
    company: cut(name, LIMITS.company),
    round: null,
    date: null,
    amount: null,
  };
  const unread: string[] = [];
  for (const detail of details) {
    const date = parsePartialDate(detail);
    const amount = date === null ? parseAmount(detail) : null;
    if (date !== null && investment.date === null) investment.date = date;
    else if (amount !== null && investment.amount === null) investment.amount = amount;
    else if (date === null && amount === null && investment.round === null && /\p{L}/u.test(detail))
      investment.round = cut(detail, LIMITS.round);
    else unread.push(detail);
  }
  return { value: investment, unread };
}

/** A cell's items read, with the items (or details) that could not be read, and those past the limit. */
export interface CellReading<T> {
  values: T[];
  /** Items whose details could not all be placed, as written. */
  unread: string[];
  /** Items past the limit, as written. */
  overLimit: string[];
}

function readItems<T>(
  items: readonly string[],
  read: (item: string) => ItemReading<T>,
  key: (value: T) => string,
  max: number,
): CellReading<T> {
  const values: T[] = [];
  const seen = new Set<string>();
  const unread: string[] = [];
  const overLimit: string[] = [];
  for (const item of items) {
    const reading = read(item);
    if (reading.value === null || reading.unread.length > 0) unread.push(item);
    if (reading.value === null) continue;
    const k = key(reading.value).toLowerCase();
    if (seen.has(k)) continue;
    if (values.length >= max) {
      overLimit.push(item);
      continue;
    }
    seen.add(k);
    values.push(reading.value);
  }
  return { values, unread, overLimit };
}

/** A portfolio cell: companies split as any multi-value cell, read, deduplicated by name, at most 50. */
export const parsePortfolioCell = (cell: string): CellReading<PortfolioCompany> =>
  readItems(splitMultiValue(cell), parsePortfolioItem, (c) => c.name, LIMITS.portfolio);

/** A recent-investments cell: read as the portfolio's, deduplicated by company and date, at most 20. */
export const parseRecentInvestmentsCell = (cell: string): CellReading<RecentInvestment> =>
  readItems(
    splitMultiValue(cell),
    parseRecentInvestmentItem,
    (i) => `${i.company}#${i.date ?? ''}`,
    LIMITS.recentInvestments,
  );

/** Lines typed in a form, one company a line (blank lines skipped), read as a cell's items. */
export const parsePortfolioLines = (text: string): CellReading<PortfolioCompany> =>
  readItems(linesOf(text), parsePortfolioItem, (c) => c.name, Number.POSITIVE_INFINITY);

/** Lines typed in a form, one investment a line. */
export const parseRecentInvestmentLines = (text: string): CellReading<RecentInvestment> =>
  readItems(
    linesOf(text),
    parseRecentInvestmentItem,
    (i) => `${i.company}#${i.date ?? ''}`,
    Number.POSITIVE_INFINITY,
  );

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A company as a line of the form: 'Acme Robotics (https://acme.example, Seed, 2021)'. */
export function portfolioLine(company: PortfolioCompany): string {
  const details = [
    company.website,
    company.stage,
    company.year === null ? null : String(company.year),
  ].filter((d): d is string => d !== null && d !== '');
  return details.length > 0 ? `${company.name} (${details.join(', ')})` : company.name;
}

/** An investment as a line of the form: 'Lumen Health (Series A, 2024-03, $4M)'. */
export function recentInvestmentLine(
  investment: RecentInvestment,
  formatAmount: (n: number) => string,
): string {
  const details = [
    investment.round,
    investment.date,
    investment.amount === null ? null : formatAmount(investment.amount),
  ].filter((d): d is string => d !== null && d !== '');
  return details.length > 0 ? `${investment.company} (${details.join(', ')})` : investment.company;
}
