/**
 * "Is this investor deploying now" (issue 52): from the dated recent investments of a profile and
 * the fund's size and vintage, the date of the last new investment, the new deals per stage in the
 * last 12 months, and the flag "likely past its investment period" (the fund's latest vintage more
 * than four years ago and no new deal in 18 months). Pure, and computed for a given `now`.
 *
 * Dates are as precise as their source knew them ('2025', '2025-03', '2025-03-14'). A claim never
 * says more than the date proves (docs/decisions.md, "Deploying now"): a deal counts as inside a
 * window only when its earliest possible day is inside it ('2025-03' is 1 March 2025), and "no new
 * deal in 18 months" is said only when the latest possible day of every dated deal is before it
 * ('2025' is 31 December 2025). No dated deal, no vintage: nothing is claimed.
 */

import { dateSpan, MONTH_NAMES, monthsBefore, utcDay, wholeMonths } from '../dates';
import { normalizeTag } from '../tags/normalize-tag';
import { PARTIAL_DATE } from './fact-values';

/** The windows of the rules, in months, and the vintage's age, in years. */
export const DEPLOYING_RULES = {
  /** "New deals in the last 12 months", and the search filter "Deployed in the last 12 months". */
  recentMonths: 12,
  /** No new deal in this many months (with an old vintage: likely past its investment period). */
  quietMonths: 18,
  /** A fund's investment period: a latest vintage more than this many years ago is past it (with no deal). */
  investmentPeriodYears: 4,
} as const;

/** The earliest vintage year taken (older is a typo), and how far past this year one may be (a fund raising). */
export const VINTAGE_RANGE = { min: 1946, yearsAhead: 1 } as const;

/** What the portal, an admin's edit and the import say of a vintage that is not one (not in the spec). */
export const VINTAGE_MESSAGE = `The vintage must be a year from ${VINTAGE_RANGE.min} to next year, such as 2021.`;
/** What they say of a fund size that is not one (not in the spec). */
export const FUND_SIZE_MESSAGE =
  'The fund size must be a whole number of US dollars from 1 to 100,000,000,000, such as 50M or 50,000,000.';

/** A dated deal as the rules read it: its date (partial) and its round as given (null when not known). */
export interface DatedDeal {
  date: string;
  round: string | null;
}

/** What the rules read of an investor: their recent investments (undated ones count for nothing), the fund. */
export interface DeployingInput {
  deals: readonly { date: string | null; round: string | null }[];
  /** The fund's size, whole US dollars. */
  fundSize: number | null;
  /** The fund's (latest) vintage year. */
  vintage: number | null;
}

/** New deals at one stage in the last 12 months. */
export interface StageDeals {
  /** The round as the latest such deal spells it; null for deals whose round is not known. */
  stage: string | null;
  count: number;
}

/** The deploying-now facts of an investor (what the profile shows), or null when nothing is known. */
export interface DeployingFacts {
  /** The date of the last new investment (partial, as given), or null without a dated deal. */
  lastDeal: string | null;
  /** New deals in the last 12 months, all stages. */
  dealsLast12Months: number;
  /** The same deals per stage, most first (then by stage). */
  stagesLast12Months: StageDeals[];
  fundSize: number | null;
  vintage: number | null;
  /** Dated deals exist, and none in the last 18 months. */
  noDealIn18Months: boolean;
  /** The latest vintage more than four years ago and no new deal in 18 months. */
  pastInvestmentPeriod: boolean;
}

const DAY = 86_400_000;

export { dateSpan, monthsBefore };

const today = utcDay;

/** The dated deals, each with its span; dates in the future (after `now`'s day) are not deals yet. */
function datedDeals(input: Pick<DeployingInput, 'deals'>, now: Date) {
  const out: { deal: DatedDeal; first: number; last: number }[] = [];
  for (const deal of input.deals) {
    if (deal.date === null) continue;
    const span = dateSpan(deal.date);
    if (span === null || span.first > today(now)) continue;
    out.push({ deal: { date: deal.date, round: deal.round }, ...span });
  }
  return out;
}

/** Whether a deal dated `date` surely falls in the last `months` months before `now` (its earliest day on or after the cut). */
export const dealWithin = (date: string, now: Date, months: number): boolean => {
  const span = dateSpan(date);
  return span !== null && span.first >= monthsBefore(now, months) && span.first <= today(now);
};

/** Whether no deal of `input` can be in the last `months` months, and at least one is dated. */
export function noDealWithin(input: Pick<DeployingInput, 'deals'>, now: Date, months: number): boolean {
  const dated = datedDeals(input, now);
  const cut = monthsBefore(now, months);
  return dated.length > 0 && dated.every((d) => d.last < cut);
}

/** Whether a vintage year is more than four years before `now`'s year. */
export const vintageOld = (vintage: number, now: Date): boolean =>
  now.getUTCFullYear() - vintage > DEPLOYING_RULES.investmentPeriodYears;

/** Whether a vintage is a plausible year: from 1946 to next year. */
export const plausibleVintage = (year: number, now: Date): boolean =>
  Number.isInteger(year) &&
  year >= VINTAGE_RANGE.min &&
  year <= now.getUTCFullYear() + VINTAGE_RANGE.yearsAhead;

/** The key a round is grouped by ('Series A', 'series a' alike). */
const roundKey = (round: string | null) => (round === null ? '' : normalizeTag(round));

/** The deploying-now facts of an investor at `now`; null when the data says nothing (no dated deal, no fund). */
export function deployingFacts(input: DeployingInput, now: Date): DeployingFacts | null {
  const dated = datedDeals(input, now);
  if (dated.length === 0 && input.fundSize === null && input.vintage === null) return null;
  let latest: (typeof dated)[number] | null = null;
  for (const d of dated)
    if (!latest || d.first > latest.first || (d.first === latest.first && d.last < latest.last)) latest = d;
  const cut = monthsBefore(now, DEPLOYING_RULES.recentMonths);
  const stages = new Map<string, { stage: string | null; count: number; at: number }>();
  let recent = 0;
  for (const d of dated) {
    if (d.first < cut) continue;
    recent++;
    const key = roundKey(d.deal.round);
    const entry = stages.get(key);
    if (!entry) stages.set(key, { stage: d.deal.round?.trim() || null, count: 1, at: d.first });
    else {
      entry.count++;
      if (d.first > entry.at && d.deal.round) {
        entry.stage = d.deal.round.trim();
        entry.at = d.first;
      }
    }
  }
  const stagesLast12Months = [...stages.values()]
    .map(({ stage, count }) => ({ stage, count }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        (a.stage === null ? 1 : 0) - (b.stage === null ? 1 : 0) ||
        (a.stage ?? '').localeCompare(b.stage ?? ''),
    );
  const quiet = noDealWithin(input, now, DEPLOYING_RULES.quietMonths);
  return {
    lastDeal: latest?.deal.date ?? null,
    dealsLast12Months: recent,
    stagesLast12Months,
    fundSize: input.fundSize,
    vintage: input.vintage,
    noDealIn18Months: quiet,
    pastInvestmentPeriod: input.vintage !== null && vintageOld(input.vintage, now) && quiet,
  };
}

/** Whether the investor made a new deal in the last 12 months (the search filter "Deployed in the last 12 months"). */
export const deployedRecently = (input: Pick<DeployingInput, 'deals'>, now: Date): boolean =>
  input.deals.some((deal) => deal.date !== null && dealWithin(deal.date, now, DEPLOYING_RULES.recentMonths));

/** The closeness points of recency at the raise's stage (issue 49): graded, never a must-have. */
export const RECENCY_POINTS = {
  /** New deals at the stage in the last 12 months: three or more, two, one. */
  many: 10,
  two: 8,
  one: 6,
  /** None in 12 months, but one in the last 24. */
  lately: 3,
} as const;
export const RECENCY_POINTS_MAX = RECENCY_POINTS.many;

/** What the shortlist reads of an investor's deals for one stage at `now`. */
export interface StageRecency {
  /** New deals at the stage in the last 12 months, and the earliest of them (partial date). */
  count: number;
  since: string | null;
  /** The latest deal at the stage in the last 24 months when none in 12 (partial date). */
  lately: string | null;
  /** Whole months since the latest possible day of the investor's last dated deal (any stage); null without one. */
  quietMonths: number | null;
  pastInvestmentPeriod: boolean;
  points: number;
}

/** The recency of an investor's deals at a stage (as stored: 'seed'), for the shortlist. */
export function stageRecency(
  input: Pick<DeployingInput, 'deals' | 'vintage'>,
  stage: string | null,
  now: Date,
): StageRecency {
  const dated = datedDeals(input, now);
  const key = stage === null ? null : normalizeTag(stage);
  const cut12 = monthsBefore(now, DEPLOYING_RULES.recentMonths);
  const cut24 = monthsBefore(now, 24);
  let count = 0;
  let since: (typeof dated)[number] | null = null;
  let lately: (typeof dated)[number] | null = null;
  let lastDay = Number.NEGATIVE_INFINITY;
  for (const d of dated) {
    lastDay = Math.max(lastDay, d.last);
    if (key === null || key === '' || roundKey(d.deal.round) !== key) continue;
    if (d.first >= cut12) {
      count++;
      if (!since || d.first < since.first) since = d;
    } else if (d.first >= cut24 && (!lately || d.first > lately.first)) lately = d;
  }
  const quietMonths = dated.length === 0 ? null : wholeMonths(lastDay, now);
  const quiet = noDealWithin(input, now, DEPLOYING_RULES.quietMonths);
  const points =
    count >= 3
      ? RECENCY_POINTS.many
      : count === 2
        ? RECENCY_POINTS.two
        : count === 1
          ? RECENCY_POINTS.one
          : lately
            ? RECENCY_POINTS.lately
            : 0;
  return {
    count,
    since: since?.deal.date ?? null,
    lately: count === 0 ? (lately?.deal.date ?? null) : null,
    quietMonths,
    pastInvestmentPeriod: input.vintage !== null && vintageOld(input.vintage, now) && quiet,
    points,
  };
}

/** A partial date as "Month YYYY" ('2026-03', '2026-03-14' → 'March 2026'; '2026' → '2026'). */
export function monthYear(date: string): string {
  if (!PARTIAL_DATE.test(date)) return date;
  const [year, month] = date.split('-');
  return month ? `${MONTH_NAMES[Number(month) - 1]} ${year}` : (year as string);
}

/** "Last new investment: March 2026". */
export const lastDealWords = (date: string): string => `Last new investment: ${monthYear(date)}`;

/** "4 new Seed deals", "1 new deal (round not given)". */
export const stageDealsWords = (deals: StageDeals): string =>
  deals.stage === null
    ? `${deals.count} new ${deals.count === 1 ? 'deal' : 'deals'} (round not given)`
    : `${deals.count} new ${deals.stage} ${deals.count === 1 ? 'deal' : 'deals'}`;

/** The flag in plain words. */
export const PAST_INVESTMENT_PERIOD_WORDS =
  'Likely past its investment period: its latest fund is more than four years old and it has made no new investment in 18 months.';

/** "no new deal in 2 years", "no new deal in 20 months": what counts against (18 months or more). */
export function quietWords(months: number): string {
  return months >= 24 ? `no new deal in ${Math.floor(months / 12)} years` : `no new deal in ${months} months`;
}

/** A day as 'YYYY-MM-DD' (for tests and seeds that date deals relative to today). */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The day `days` days before `now`, as 'YYYY-MM-DD'. */
export const daysBefore = (now: Date, days: number): string => isoDay(today(now) - days * DAY);
