import type { SaveInvestorProfileBody } from '../../../shared/api/investor-profile';
import { parseCheckSize } from '../../../shared/import/cell-values';
import {
  parsePortfolioLines,
  parseRecentInvestmentLines,
  portfolioLine,
  recentInvestmentLine,
} from '../../../shared/import/profile-cells';
import { FUND_SIZE_MESSAGE, plausibleVintage, VINTAGE_MESSAGE } from '../../../shared/investors/deploying';
import {
  type BuyableContact,
  type InvestorProfileFields,
  PROFILE_STAGES,
  profileProblems,
  submissionProblems,
} from '../../../shared/investors/investor-profile';
import type { LeadOrFollow } from '../../../shared/investors/profile-facts';
import { type InvestorRole, isInvestorRole } from '../../../shared/investors/roles';
import { tagLabel } from '../../../shared/tags/display';

/**
 * The profile form's state: what the inputs hold (lists as comma-separated text, cheques as short
 * amounts such as "250k"), and its conversion to and from the API's profile.
 */
export interface ProfileFormState {
  name: string;
  firm: string;
  title: string;
  investorType: InvestorRole | '';
  stages: string[];
  sectors: string;
  cities: string;
  countries: string;
  regions: string;
  chequeMin: string;
  chequeMax: string;
  /** Lead, follow or both (issue 33; `leadsRounds` follows it: yes for lead or both). */
  leadOrFollow: LeadOrFollow | '';
  thesis: string;
  typicalCheque: string;
  geographicFocus: string;
  /** One company a line: 'Acme Robotics (acme.example, Seed, 2021)'. */
  portfolio: string;
  /** One investment a line: 'Lumen Health (Series A, 2024-03, $4M)'. */
  recentInvestments: string;
  /** The fund's size as a short amount ('150m') and its latest vintage year (issue 52). */
  fundSize: string;
  vintage: string;
  linkedin: string;
  twitter: string;
  crunchbase: string;
  website: string;
  email: string;
  phone: string;
  foundersMayBuy: Record<BuyableContact, boolean>;
}

export const chequeMessages = {
  min: 'Write the smallest cheque as an amount in US dollars, such as 25k or 250000.',
  max: 'Write the largest cheque as an amount in US dollars, such as 1m or 1000000.',
  typical: 'Write your typical cheque as an amount in US dollars, such as 100k or 100000.',
  portfolioLine: (line: string) =>
    `Portfolio: "${line}" has details we cannot read. Write one company a line as Name (website, stage, year), such as Acme Robotics (acme.com, Seed, 2021).`,
  investmentLine: (line: string) =>
    `Recent investments: "${line}" has details we cannot read. Write one investment a line as Company (round, date, amount), such as Lumen Health (Series A, 2024-03, $4M).`,
} as const;

/** A whole-dollar amount as the form shows it: "250k", "1.5m", "2b", or the digits. */
export function chequeText(amount: number | null): string {
  if (amount === null) return '';
  for (const [suffix, size] of [
    ['b', 1e9],
    ['m', 1e6],
    ['k', 1e3],
  ] as const) {
    const short = amount / size;
    if (amount >= size && Number.isInteger(short * 10)) return `${short}${suffix}`;
  }
  return String(amount);
}

const listText = (values: readonly string[]) => values.join(', ');
const listOf = (text: string) =>
  text
    .split(/[,;]/)
    .map((value) => value.trim())
    .filter((value) => value !== '');

export function formStateOf(profile: InvestorProfileFields): ProfileFormState {
  return {
    name: profile.name,
    firm: profile.firm,
    title: profile.title,
    investorType: profile.investorType ?? '',
    stages: [...profile.stages],
    // Stored lower case, as imported tags are; shown as the directory shows them.
    sectors: listText(profile.sectors.map(tagLabel)),
    cities: listText(profile.cities),
    countries: listText(profile.countries),
    regions: listText(profile.regions),
    chequeMin: chequeText(profile.chequeMin),
    chequeMax: chequeText(profile.chequeMax),
    leadOrFollow:
      profile.leadOrFollow ??
      (profile.leadsRounds === null || profile.leadsRounds === undefined
        ? ''
        : profile.leadsRounds
          ? 'lead'
          : 'follow'),
    thesis: profile.thesis,
    typicalCheque: chequeText(profile.typicalCheque ?? null),
    geographicFocus: listText(profile.geographicFocus ?? []),
    portfolio: (profile.portfolio ?? []).map(portfolioLine).join('\n'),
    recentInvestments: (profile.recentInvestments ?? [])
      .map((deal) => recentInvestmentLine(deal, chequeText))
      .join('\n'),
    fundSize: chequeText(profile.fundSize ?? null),
    vintage: profile.vintage === null || profile.vintage === undefined ? '' : String(profile.vintage),
    ...profile.links,
    ...profile.contact,
    foundersMayBuy: { ...profile.foundersMayBuy },
  };
}

const cheque = (text: string): number | null | undefined =>
  text.trim() === '' ? null : (parseCheckSize(text) ?? undefined);

/**
 * The body of the save request, or the first thing the form must fix first (a cheque that is no
 * amount). The server trims, checks and normalises again.
 */
export function bodyOf(form: ProfileFormState): { body: SaveInvestorProfileBody } | { error: string } {
  const chequeMin = cheque(form.chequeMin);
  if (chequeMin === undefined) return { error: chequeMessages.min };
  const chequeMax = cheque(form.chequeMax);
  if (chequeMax === undefined) return { error: chequeMessages.max };
  const typicalCheque = cheque(form.typicalCheque);
  if (typicalCheque === undefined) return { error: chequeMessages.typical };
  const portfolio = parsePortfolioLines(form.portfolio);
  if (portfolio.unread[0] !== undefined) return { error: chequeMessages.portfolioLine(portfolio.unread[0]) };
  const deals = parseRecentInvestmentLines(form.recentInvestments);
  if (deals.unread[0] !== undefined) return { error: chequeMessages.investmentLine(deals.unread[0]) };
  const fundSize = cheque(form.fundSize);
  if (fundSize === undefined || (fundSize !== null && fundSize < 1)) return { error: FUND_SIZE_MESSAGE };
  const vintageText = form.vintage.trim();
  const vintage = vintageText === '' ? null : /^\d{4}$/.test(vintageText) ? Number(vintageText) : Number.NaN;
  if (vintage !== null && !plausibleVintage(vintage, new Date())) return { error: VINTAGE_MESSAGE };
  return {
    body: {
      name: form.name,
      firm: form.firm,
      title: form.title,
      investorType: isInvestorRole(form.investorType) ? form.investorType : null,
      stages: PROFILE_STAGES.filter((stage) => form.stages.includes(stage)),
      sectors: listOf(form.sectors),
      cities: listOf(form.cities),
      countries: listOf(form.countries),
      regions: listOf(form.regions),
      chequeMin,
      chequeMax,
      leadsRounds: form.leadOrFollow === '' ? null : form.leadOrFollow !== 'follow',
      leadOrFollow: form.leadOrFollow === '' ? null : form.leadOrFollow,
      thesis: form.thesis,
      typicalCheque,
      geographicFocus: listOf(form.geographicFocus),
      portfolio: portfolio.values,
      recentInvestments: deals.values,
      fundSize,
      vintage,
      links: {
        linkedin: form.linkedin,
        twitter: form.twitter,
        crunchbase: form.crunchbase,
        website: form.website,
      },
      contact: { email: form.email, phone: form.phone },
      foundersMayBuy: { ...form.foundersMayBuy },
    },
  };
}

/** The profile the form describes, as far as the browser can tell (for the checks below). */
function fieldsOf(form: ProfileFormState, body: SaveInvestorProfileBody): InvestorProfileFields {
  return {
    name: form.name.trim(),
    firm: form.firm.trim(),
    title: form.title.trim(),
    investorType: body.investorType ?? null,
    stages: form.stages,
    sectors: body.sectors ?? [],
    cities: body.cities ?? [],
    countries: body.countries ?? [],
    regions: body.regions ?? [],
    chequeMin: body.chequeMin ?? null,
    chequeMax: body.chequeMax ?? null,
    leadsRounds: body.leadsRounds ?? null,
    thesis: form.thesis,
    leadOrFollow: body.leadOrFollow ?? null,
    typicalCheque: body.typicalCheque ?? null,
    links: {
      linkedin: form.linkedin.trim(),
      twitter: form.twitter.trim(),
      crunchbase: form.crunchbase.trim(),
      website: form.website.trim(),
    },
    contact: { email: form.email.trim(), phone: form.phone.trim() },
    foundersMayBuy: form.foundersMayBuy,
  };
}

/**
 * What stops the form from being saved (`submit` false) or submitted (`submit` true), in the
 * words the server would use, so the investor sees every problem at once; empty when nothing does.
 */
export function formProblems(form: ProfileFormState, submit: boolean): string[] {
  const converted = bodyOf(form);
  if ('error' in converted) return [converted.error];
  const fields = fieldsOf(form, converted.body);
  return submit ? submissionProblems(fields) : profileProblems(fields);
}
