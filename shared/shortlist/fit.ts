import { formatCheckRange, formatCompactUsd } from '../format/money';
import { formatPartialDate } from '../investors/fact-values';
import { facetValueKey } from '../search/filters';

/**
 * How well an investor fits a founder's raise (issue 35; docs/decisions.md, "The shortlist: ranking
 * by fit"): points per criterion, each with the words a founder reads in a second. The same rules
 * for everyone: only the raise and the investor's public facts count, never what a founder paid.
 *
 * This is the rule as written. The search index ranks the whole directory with a fast copy of it
 * (shared/search/fit-rank.ts); a test holds the two to the same score for every investor.
 */

/** The points of each criterion: for (positive) and against (negative). */
export const FIT_POINTS = {
  /** The round is one of the stages they invest at; they list stages without it. */
  stage: { match: 25, miss: -15 },
  /** The first sector in common, each more (at most one more counts); a generalist; none in common. */
  sector: { first: 20, more: 5, generalist: 10, miss: -10 },
  /** Their cheque fits the amount; it is under a twentieth of it; their smallest is over all of it. */
  cheque: { fits: 20, tooSmall: -10, tooLarge: -10 },
  /** Where they invest names the company's country or its region; worldwide; they are based there. */
  location: { investsIn: 15, worldwide: 10, basedInCity: 10, basedInCountry: 8, elsewhere: -10 },
  /** A lead is wanted: they lead; they only follow. */
  lead: { leads: 10, followsOnly: -5 },
  /** The investor confirmed their entry themselves. */
  confirmed: { byInvestor: 5 },
} as const;

export const FIT_CRITERIA = ['stage', 'sector', 'cheque', 'location', 'lead', 'confirmed'] as const;
export type FitCriterion = (typeof FIT_CRITERIA)[number];

/** The best and worst score an investor can get. */
export const FIT_SCORE_MAX =
  FIT_POINTS.stage.match +
  FIT_POINTS.sector.first +
  FIT_POINTS.sector.more +
  FIT_POINTS.cheque.fits +
  FIT_POINTS.location.investsIn +
  FIT_POINTS.lead.leads +
  FIT_POINTS.confirmed.byInvestor;
export const FIT_SCORE_MIN =
  FIT_POINTS.stage.miss +
  FIT_POINTS.sector.miss +
  FIT_POINTS.cheque.tooSmall +
  FIT_POINTS.location.elsewhere +
  FIT_POINTS.lead.followsOnly;

/** A cheque under this share of the amount raised is too small to count. */
export const SMALLEST_USEFUL_SHARE = 1 / 20;

/** The stored value of the sector that says "any sector" (the taxonomy's Generalist). */
export const GENERALIST_SECTOR = 'generalist';

export interface FitReason {
  criterion: FitCriterion;
  /** What a founder reads: "invests at Seed", "no Series A". */
  text: string;
  /** Positive for, negative against. */
  points: number;
}

export interface FitResult {
  score: number;
  /** In the order of {@link FIT_CRITERIA}; nothing for a criterion that neither helps nor hurts. */
  reasons: FitReason[];
}

/** What the founder is raising (every part optional), with the project's sectors. */
export interface FitRaise {
  /** A stage as stored (`seed`, `series a`). */
  round: string | null;
  /** Whole US dollars. */
  amountUsd: number | null;
  country: string | null;
  city: string | null;
  leadWanted: boolean | null;
  sectors: readonly string[];
}

/** The investor's public facts the score reads. */
export interface FitInvestor {
  stageFocus: readonly string[];
  sectorFocus: readonly string[];
  checkMin: number | null;
  checkMax: number | null;
  typicalCheque: number | null;
  leadOrFollow: 'lead' | 'follow' | 'both' | null;
  /** Where they invest (geographic focus): countries, regions, "Global", as given. */
  investsIn: readonly string[];
  /** Where they are. */
  countries: readonly string[];
  cities: readonly string[];
  /** The month ('2026-10') the investor last confirmed their entry themselves, or null. */
  investorConfirmedMonth: string | null;
}

/** How a place the investor invests in covers the company's country. */
export interface PlaceCoverage {
  kind: 'country' | 'region' | 'world';
  /** The place's name as the reason says it ("Europe", "Sweden"). */
  name: string;
}

/** What the score needs of the taxonomy: labels, and which of an investor's places covers a country. */
export interface FitWords {
  stageLabel(value: string): string;
  sectorLabel(value: string): string;
  /** Whether a place an investor invests in ("Europe", "Nordics", "Global", "Sweden") covers the country. */
  coverage(place: string, country: string): PlaceCoverage | null;
}

/** "A", "A, and B", "A, B, and C": the way of listing ("Fintech, and Payments"). */
export function listInWords(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')}, ${conjunction} ${items.at(-1)}`;
}

/** "A", "A or B": what an investor has none of. */
const noneOf = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** The raise's sectors, each once (by its stored value), in the project's order. */
export function raiseSectors(raise: Pick<FitRaise, 'sectors'>): string[] {
  const seen = new Set<string>();
  return raise.sectors.filter((sector) => {
    const key = sectorKey(sector);
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const SHARES: readonly [number, string][] = [
  [1, 'all'],
  [3 / 4, 'three quarters'],
  [2 / 3, 'two thirds'],
  [1 / 2, 'half'],
  [1 / 3, 'a third'],
  [1 / 4, 'a quarter'],
  [1 / 5, 'a fifth'],
  [1 / 10, 'a tenth'],
  [1 / 20, 'a twentieth'],
];

/** A share of the round in words: the nearest of all, three quarters, … a twentieth (by ratio). */
export function shareInWords(share: number): string {
  if (share >= 1) return 'all';
  let best = SHARES[0] as [number, string];
  for (const candidate of SHARES)
    if (Math.abs(Math.log(share / candidate[0])) < Math.abs(Math.log(share / best[0]))) best = candidate;
  return best[1];
}

/**
 * The cheque an investor writes, as one amount: the typical cheque when known, else the middle of
 * the range, else its one bound; null without any.
 */
export function typicalChequeOf(investor: Pick<FitInvestor, 'checkMin' | 'checkMax' | 'typicalCheque'>) {
  if (investor.typicalCheque !== null) return investor.typicalCheque;
  if (investor.checkMin !== null && investor.checkMax !== null)
    return (investor.checkMin + investor.checkMax) / 2;
  return investor.checkMin ?? investor.checkMax;
}

/** Where a cheque falls against the amount raised. */
export type ChequeFit = 'fits' | 'tooSmall' | 'tooLarge' | 'unknown';

export function chequeFit(
  investor: Pick<FitInvestor, 'checkMin' | 'checkMax' | 'typicalCheque'>,
  amount: number | null,
): ChequeFit {
  const cheque = typicalChequeOf(investor);
  if (amount === null || amount <= 0 || cheque === null) return 'unknown';
  if (investor.checkMin !== null && investor.checkMin > amount) return 'tooLarge';
  if (cheque < amount * SMALLEST_USEFUL_SHARE) return 'tooSmall';
  return 'fits';
}

const stageKey = (value: string) => facetValueKey('stage', value);
const sectorKey = (value: string) => facetValueKey('sector', value);
const placeKey = (value: string) => facetValueKey('country', value);

/** The month '2026-10' as the reason writes it: 'Oct 2026'. */
const monthWords = (month: string) => formatPartialDate(month);

/**
 * The score of one investor for a raise, with its reasons. Missing data counts for nothing: a raise
 * without an amount, or an investor without a cheque, scores 0 on cheque; likewise for every criterion.
 */
export function scoreFit(raise: FitRaise, investor: FitInvestor, words: FitWords): FitResult {
  const reasons: FitReason[] = [];
  const add = (criterion: FitCriterion, text: string, points: number) => {
    reasons.push({ criterion, text, points });
  };

  // Stage: the round among their stages, or a list of stages without it.
  if (raise.round !== null && investor.stageFocus.length > 0) {
    const round = stageKey(raise.round);
    if (investor.stageFocus.some((stage) => stageKey(stage) === round))
      add('stage', `invests at ${words.stageLabel(raise.round)}`, FIT_POINTS.stage.match);
    else add('stage', `no ${words.stageLabel(raise.round)}`, FIT_POINTS.stage.miss);
  }

  // Sectors: those in common, in the project's order; a generalist; or none of them.
  const sectors = raiseSectors(raise);
  if (sectors.length > 0 && investor.sectorFocus.length > 0) {
    const theirs = new Set(investor.sectorFocus.map(sectorKey));
    const common = sectors.filter((sector) => theirs.has(sectorKey(sector)));
    if (common.length > 0)
      add(
        'sector',
        listInWords(common.map((sector) => words.sectorLabel(sector))),
        FIT_POINTS.sector.first + (common.length > 1 ? FIT_POINTS.sector.more : 0),
      );
    else if (theirs.has(GENERALIST_SECTOR))
      add('sector', 'invests across sectors', FIT_POINTS.sector.generalist);
    else
      add(
        'sector',
        sectors.length > 2
          ? 'none of your sectors'
          : `no ${noneOf(sectors.map((sector) => words.sectorLabel(sector)))}`,
        FIT_POINTS.sector.miss,
      );
  }

  // Cheque: the investor's cheque against the amount.
  const fit = chequeFit(investor, raise.amountUsd);
  if (fit !== 'unknown' && raise.amountUsd !== null) {
    const amount = formatCompactUsd(raise.amountUsd);
    if (fit === 'tooLarge') add('cheque', 'cheque too large', FIT_POINTS.cheque.tooLarge);
    else if (fit === 'tooSmall') add('cheque', 'cheque too small', FIT_POINTS.cheque.tooSmall);
    else {
      const shown =
        formatCheckRange(investor.checkMin, investor.checkMax) ??
        formatCompactUsd(investor.typicalCheque as number);
      const share = shareInWords((typicalChequeOf(investor) as number) / raise.amountUsd);
      add('cheque', `cheque ${shown} covers ${share} of your ${amount}`, FIT_POINTS.cheque.fits);
    }
  }

  // Location: where they invest, else where they are.
  if (raise.country !== null) {
    const location = locationReason(raise, investor, words);
    if (location) add('location', location.text, location.points);
  }

  // Lead: only when the founder wants one.
  if (raise.leadWanted === true && investor.leadOrFollow !== null) {
    if (investor.leadOrFollow === 'follow') add('lead', 'does not lead rounds', FIT_POINTS.lead.followsOnly);
    else add('lead', 'leads rounds', FIT_POINTS.lead.leads);
  }

  if (investor.investorConfirmedMonth !== null)
    add(
      'confirmed',
      `confirmed by the investor in ${monthWords(investor.investorConfirmedMonth)}`,
      FIT_POINTS.confirmed.byInvestor,
    );

  return { score: reasons.reduce((sum, reason) => sum + reason.points, 0), reasons };
}

/** The best coverage among the places they invest in: the country itself, then a region, then worldwide. */
export function bestCoverage(
  places: readonly string[],
  country: string,
  words: Pick<FitWords, 'coverage'>,
): PlaceCoverage | null {
  let best: PlaceCoverage | null = null;
  const rank = { country: 0, region: 1, world: 2 } as const;
  for (const place of places) {
    const coverage = words.coverage(place, country);
    if (coverage && (!best || rank[coverage.kind] < rank[best.kind])) best = coverage;
  }
  return best;
}

function locationReason(
  raise: FitRaise,
  investor: FitInvestor,
  words: FitWords,
): { text: string; points: number } | null {
  const country = raise.country as string;
  if (investor.investsIn.length > 0) {
    const coverage = bestCoverage(investor.investsIn, country, words);
    if (!coverage) return { text: `does not invest in ${country}`, points: FIT_POINTS.location.elsewhere };
    if (coverage.kind === 'world')
      return { text: 'invests worldwide', points: FIT_POINTS.location.worldwide };
    return { text: `invests in ${coverage.name}`, points: FIT_POINTS.location.investsIn };
  }
  if (
    raise.city !== null &&
    investor.cities.some((city) => placeKey(city) === placeKey(raise.city as string))
  )
    return { text: `based in ${raise.city}`, points: FIT_POINTS.location.basedInCity };
  if (investor.countries.some((place) => placeKey(place) === placeKey(country)))
    return { text: `based in ${country}`, points: FIT_POINTS.location.basedInCountry };
  return null;
}
