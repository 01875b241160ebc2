import { formatCheckRange, formatCompactUsd } from '../format/money';
import { RECENCY_POINTS_MAX } from '../investors/deploying';
import { formatPartialDate } from '../investors/fact-values';
import { facetValueKey } from '../search/filters';
import { type RecencyInvestor, recencyPoints, recencyReasons } from './recency';

/**
 * How well an investor fits a founder's raise (issue 49; docs/decisions.md, "The shortlist: ranking
 * by fit"). Must-haves first — the stage, at least one sector, where they invest, a cheque that makes
 * sense for the amount, leading when a lead is wanted — each met, missed or not known; then graded
 * closeness among those met. The list splits into fits (every must-have the raise asks met), partial
 * fits (all but one met, and at least one: the one missing is said) and the rest (two or more
 * missing: hidden by default). The same rules
 * for everyone: only the raise and the investor's public facts count, never what a founder paid.
 *
 * The rule is written once, in {@link judgeFit} over plain facts ({@link FitFacts}); the search index
 * reads those facts from its columns for the whole directory (shared/search/fit-rank.ts) and calls
 * the same function, and {@link scoreFit} words the reasons for the investors a page shows.
 */

export const MUST_HAVES = ['stage', 'sector', 'location', 'cheque', 'lead'] as const;
export type MustHave = (typeof MUST_HAVES)[number];

/** `network`: a warm path from the founder's own connections (issue 52, `shared/network/match.ts`), theirs only. */
export const FIT_CRITERIA = [...MUST_HAVES, 'recency', 'confirmed', 'network', 'answers'] as const;
export type FitCriterion = (typeof FIT_CRITERIA)[number];

/** Where an investor falls: every must-have met, all but one met, two or more missing. */
export const FIT_BANDS = ['fit', 'partial', 'other'] as const;
export type FitBand = (typeof FIT_BANDS)[number];

/** The closeness points of each must-have met (graded; a must-have missed or unknown earns none). */
export const FIT_POINTS = {
  /** The round is one of their stages. */
  stage: 20,
  /** One sector in common; two or more; a generalist ("invests across sectors"). */
  sector: { one: 15, more: 20, generalist: 8 },
  /**
   * Place as a hierarchy: based in the company's city; based in its country; investing in the
   * country by name; in a region holding it; worldwide.
   */
  location: { basedInCity: 25, basedInCountry: 20, investsInCountry: 18, investsInRegion: 12, worldwide: 6 },
  /** The cheque's share of the round, graded: `perShare` points per whole round, at most `max` (half the round). */
  cheque: { perShare: 40, max: 20 },
  /** A lead wanted: they lead; they lead or follow. */
  lead: { leads: 10, both: 7 },
} as const;

/** The most closeness points an investor can get. */
export const FIT_CLOSENESS_MAX =
  FIT_POINTS.stage +
  FIT_POINTS.sector.more +
  FIT_POINTS.location.basedInCity +
  FIT_POINTS.cheque.max +
  FIT_POINTS.lead.leads +
  RECENCY_POINTS_MAX;

/** A cheque that makes sense: the largest they write is at least this share of the round. */
export const SMALLEST_USEFUL_SHARE = 1 / 10;
/** Who leads writes at least this share of the round. */
export const LEAD_SHARE = 1 / 5;
/** From this amount up, angels, incubators and accelerators do not lead the round. */
export const SMALL_INVESTOR_LEAD_LIMIT = 1_000_000;
/** Roles that write small cheques and do not lead a priced round. */
export const SMALL_ROLES: ReadonlySet<string> = new Set(['angel', 'incubator', 'accelerator']);

/** The stored value of the sector that says "any sector" (the taxonomy's Generalist). */
export const GENERALIST_SECTOR = 'generalist';

export interface FitReason {
  criterion: FitCriterion;
  /** What a founder reads: "invests at Seed", "does not invest at Series A". */
  text: string;
  /** The closeness points it earned (0 for what counts against, and for a tie-break). */
  points: number;
  /** For the investor, or what counts against (a must-have missed or not known). */
  tone: 'for' | 'against';
}

export interface FitResult {
  band: FitBand;
  /** Closeness, 0 to {@link FIT_CLOSENESS_MAX}: the sum of the reasons' points. */
  score: number;
  /** Must-haves the raise asks for, and how many of them are met. */
  asked: number;
  met: number;
  /** In the order of {@link FIT_CRITERIA}: for and against. */
  reasons: FitReason[];
  /**
   * The must-haves missed or not known, in words ("does not invest at Seed", "cheque not known"):
   * one for a partial fit, none for a fit, two or more for the rest.
   */
  missing: string[];
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
  /** The day the recency of deals is judged on (default: today). Not part of the raise's fingerprint. */
  now?: Date;
}

/** The investor's public facts the score reads. */
export interface FitInvestor {
  /** The role as stored ('vc', 'angel'), or null. */
  role: string | null;
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
  hasEmail: boolean;
  hasLinkedIn: boolean;
  /** The month ('2026-10') the investor last confirmed their entry themselves, or null. */
  investorConfirmedMonth: string | null;
  /** Issue 52: dated deals and the fund's vintage (recency at the raise's stage: ./recency.ts). */
  deals?: RecencyInvestor['deals'];
  vintage?: RecencyInvestor['vintage'];
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
  [1 / 50, 'a fiftieth'],
  [1 / 100, 'a hundredth'],
];

/** A share of the round in words: the nearest of all, three quarters, … a hundredth (by ratio). */
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

/** The largest cheque they write: the top of the range, else the typical cheque, else the bottom. */
export const largestChequeOf = (investor: Pick<FitInvestor, 'checkMin' | 'checkMax' | 'typicalCheque'>) =>
  investor.checkMax ?? investor.typicalCheque ?? investor.checkMin;

/**
 * The plain facts the rule reads, as the index can give them for every investor from its columns
 * (numbers and flags: no words). NaN for an amount not known.
 */
export interface FitFacts {
  /** Whether they list stages, and whether the round is among them. */
  hasStages: boolean;
  stageHit: boolean;
  /** Whether they list sectors; how many distinct sectors of the raise they carry (0, 1, 2 = two or more); generalist. */
  hasSectors: boolean;
  sectorsInCommon: number;
  generalist: boolean;
  /** Where they invest: none given (-1), none covering (0), worldwide (1), a region (2), the country (3). */
  investsIn: number;
  /** Where they are: no place (-1), elsewhere (0), the country (1), the city (2). */
  based: number;
  checkMin: number;
  checkMax: number;
  typicalCheque: number;
  /** 0 unknown, 1 lead, 2 follow, 3 both (the index's codes). */
  lead: number;
  smallRole: boolean;
  /** The closeness points of recency at the raise's stage (./recency.ts); 0 without data. */
  recency?: number;
}

/** What a must-have is for one investor: 1 met, 0 missed, -1 not known; -2 the raise does not ask it. */
export type MustHaveState = 1 | 0 | -1 | -2;

/** The verdict on one investor: each must-have's state, the closeness points of each, the band. */
export interface FitVerdict {
  states: Record<MustHave, MustHaveState>;
  points: Record<MustHave, number>;
  score: number;
  asked: number;
  met: number;
  band: FitBand;
}

const known = (value: number) => !Number.isNaN(value);

/** A verdict to be filled (the index judges its whole directory into one, allocating nothing per investor). */
export const emptyVerdict = (): FitVerdict => ({
  states: { stage: -2, sector: -2, location: -2, cheque: -2, lead: -2 },
  points: { stage: 0, sector: 0, location: 0, cheque: 0, lead: 0 },
  score: 0,
  asked: 0,
  met: 0,
  band: 'other',
});

/** The rule itself, over plain facts. */
export function judgeFit(
  raise: FitRaise,
  f: FitFacts,
  sectorCount = raiseSectors(raise).length,
  into: FitVerdict = emptyVerdict(),
): FitVerdict {
  const { states, points } = into;
  states.stage = -2;
  states.sector = -2;
  states.location = -2;
  states.cheque = -2;
  states.lead = -2;
  points.stage = 0;
  points.sector = 0;
  points.location = 0;
  points.cheque = 0;
  points.lead = 0;
  const P = FIT_POINTS;

  if (raise.round !== null) {
    states.stage = !f.hasStages ? -1 : f.stageHit ? 1 : 0;
    if (states.stage === 1) points.stage = P.stage;
  }

  if (sectorCount > 0) {
    states.sector = !f.hasSectors ? -1 : f.sectorsInCommon > 0 || f.generalist ? 1 : 0;
    if (f.sectorsInCommon > 1) points.sector = P.sector.more;
    else if (f.sectorsInCommon === 1) points.sector = P.sector.one;
    else if (f.generalist && f.hasSectors) points.sector = P.sector.generalist;
  }

  if (raise.country !== null) {
    // Where they invest says it when they say it; else where they are.
    const covers = f.investsIn > 0 || (f.investsIn === -1 && f.based >= 1);
    states.location = covers ? 1 : f.investsIn === 0 || f.based === 0 ? 0 : -1;
    if (covers) {
      const invests =
        f.investsIn === 3
          ? P.location.investsInCountry
          : f.investsIn === 2
            ? P.location.investsInRegion
            : f.investsIn === 1
              ? P.location.worldwide
              : 0;
      const based = f.based === 2 ? P.location.basedInCity : f.based === 1 ? P.location.basedInCountry : 0;
      points.location = Math.max(invests, based);
    }
  }

  const amount = raise.amountUsd !== null && raise.amountUsd > 0 ? raise.amountUsd : null;
  const typical = known(f.typicalCheque)
    ? f.typicalCheque
    : known(f.checkMin) && known(f.checkMax)
      ? (f.checkMin + f.checkMax) / 2
      : known(f.checkMin)
        ? f.checkMin
        : f.checkMax;
  const largest = known(f.checkMax) ? f.checkMax : known(f.typicalCheque) ? f.typicalCheque : f.checkMin;
  if (amount !== null) {
    if (!known(typical)) states.cheque = -1;
    else if (known(f.checkMin) && f.checkMin > amount) states.cheque = 0;
    else if (largest < amount * SMALLEST_USEFUL_SHARE) states.cheque = 0;
    else {
      states.cheque = 1;
      points.cheque = Math.min(P.cheque.max, Math.round(P.cheque.perShare * Math.min(1, typical / amount)));
    }
  }

  if (raise.leadWanted === true) {
    const tooSmallToLead =
      amount !== null &&
      ((f.smallRole && amount >= SMALL_INVESTOR_LEAD_LIMIT) ||
        (known(largest) && largest < amount * LEAD_SHARE));
    if (f.lead === 2 || tooSmallToLead) states.lead = 0;
    else if (f.lead === 1 || f.lead === 3) states.lead = 1;
    else states.lead = -1;
    if (states.lead === 1) points.lead = f.lead === 1 ? P.lead.leads : P.lead.both;
  }

  let asked = 0;
  let met = 0;
  let score = 0;
  for (let i = 0; i < MUST_HAVES.length; i++) {
    const must = MUST_HAVES[i] as MustHave;
    const state = states[must];
    if (state === -2) continue;
    asked++;
    if (state === 1) met++;
    score += points[must];
  }
  // Recency at the stage: graded closeness only, never a must-have.
  into.score = score + (f.recency ?? 0);
  into.asked = asked;
  into.met = met;
  // A fit meets every must-have asked; a partial fit all but one (and at least one); the rest, hidden.
  into.band = asked > 0 && met === asked ? 'fit' : met > 0 && met === asked - 1 ? 'partial' : 'other';
  return into;
}

/**
 * The tie-break among investors judged alike: data a founder can act on (an email, a LinkedIn, a
 * cheque, stages, a place: 0 to 5). Recency (the investor's own confirmation) and then a hash of
 * the id come after it in the ranking; never the name.
 */
export function completenessOf(
  investor: Pick<
    FitInvestor,
    | 'hasEmail'
    | 'hasLinkedIn'
    | 'checkMin'
    | 'checkMax'
    | 'typicalCheque'
    | 'stageFocus'
    | 'investsIn'
    | 'countries'
    | 'cities'
  >,
): number {
  return (
    (investor.hasEmail ? 1 : 0) +
    (investor.hasLinkedIn ? 1 : 0) +
    (typicalChequeOf(investor) !== null ? 1 : 0) +
    (investor.stageFocus.length > 0 ? 1 : 0) +
    (investor.investsIn.length > 0 || investor.countries.length > 0 || investor.cities.length > 0 ? 1 : 0)
  );
}

/** The order of investors judged alike (ids hashed, FNV-1a): fixed, and says nothing of the name. */
export function idHash(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return hash >>> 0;
}

const stageKey = (value: string) => facetValueKey('stage', value);
const sectorKey = (value: string) => facetValueKey('sector', value);
const placeKey = (value: string) => facetValueKey('country', value);

/** The month '2026-10' as the reason writes it: 'Oct 2026'. */
const monthWords = (month: string) => formatPartialDate(month);

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

const LEAD_CODES = { lead: 1, follow: 2, both: 3 } as const;

/** An investor's facts as {@link judgeFit} reads them, from the investor (the index reads its columns). */
export function fitFactsOf(raise: FitRaise, investor: FitInvestor, words: FitWords): FitFacts {
  const round = raise.round === null ? null : stageKey(raise.round);
  const sectors = new Set(raiseSectors(raise).map(sectorKey));
  const theirs = new Set(investor.sectorFocus.map(sectorKey));
  let common = 0;
  for (const sector of sectors) if (theirs.has(sector)) common++;
  const coverage =
    raise.country === null || investor.investsIn.length === 0
      ? null
      : bestCoverage(investor.investsIn, raise.country, words);
  const city = raise.city === null ? null : placeKey(raise.city);
  const country = raise.country === null ? null : placeKey(raise.country);
  const based =
    investor.countries.length === 0 && investor.cities.length === 0
      ? -1
      : city !== null && investor.cities.some((place) => placeKey(place) === city)
        ? 2
        : country !== null && investor.countries.some((place) => placeKey(place) === country)
          ? 1
          : 0;
  return {
    hasStages: investor.stageFocus.length > 0,
    stageHit: round !== null && investor.stageFocus.some((stage) => stageKey(stage) === round),
    hasSectors: investor.sectorFocus.length > 0,
    sectorsInCommon: Math.min(common, 2),
    generalist: theirs.has(GENERALIST_SECTOR),
    investsIn:
      investor.investsIn.length === 0
        ? -1
        : coverage === null
          ? 0
          : coverage.kind === 'world'
            ? 1
            : coverage.kind === 'region'
              ? 2
              : 3,
    based,
    checkMin: investor.checkMin ?? Number.NaN,
    checkMax: investor.checkMax ?? Number.NaN,
    typicalCheque: investor.typicalCheque ?? Number.NaN,
    lead: investor.leadOrFollow === null ? 0 : LEAD_CODES[investor.leadOrFollow],
    smallRole: investor.role !== null && SMALL_ROLES.has(investor.role),
    recency: recencyPoints(raise.round, investor, raise.now ?? new Date()),
  };
}

const ROLE_WORDS: Record<string, string> = {
  angel: 'an angel',
  incubator: 'an incubator',
  accelerator: 'an accelerator',
};

/**
 * The verdict on one investor for a raise, with its reasons in a founder's words: what fits, with
 * its closeness points, and what counts against (a must-have missed, or not known).
 */
export function scoreFit(raise: FitRaise, investor: FitInvestor, words: FitWords): FitResult {
  const facts = fitFactsOf(raise, investor, words);
  const verdict = judgeFit(raise, facts);
  const reasons: FitReason[] = [];
  const missing: string[] = [];
  const add = (criterion: FitCriterion, text: string, points: number) => {
    reasons.push({ criterion, text, points, tone: 'for' });
  };
  const against = (criterion: FitCriterion, text: string) => {
    reasons.push({ criterion, text, points: 0, tone: 'against' });
    missing.push(text);
  };
  const { states, points } = verdict;

  if (raise.round !== null) {
    const stage = words.stageLabel(raise.round);
    if (states.stage === 1) add('stage', `invests at ${stage}`, points.stage);
    else if (states.stage === 0) against('stage', `does not invest at ${stage}`);
    else against('stage', 'stages not known');
  }

  const sectors = raiseSectors(raise);
  if (sectors.length > 0) {
    const theirs = new Set(investor.sectorFocus.map(sectorKey));
    const common = sectors.filter((sector) => theirs.has(sectorKey(sector)));
    if (common.length > 0) add('sector', listInWords(common.map((s) => words.sectorLabel(s))), points.sector);
    else if (states.sector === 1) add('sector', 'invests across sectors', points.sector);
    else if (states.sector === 0)
      against(
        'sector',
        sectors.length > 2
          ? 'none of your sectors'
          : `no ${noneOf(sectors.map((s) => words.sectorLabel(s)))}`,
      );
    else against('sector', 'sectors not known');
  }

  if (raise.country !== null) {
    const country = raise.country;
    if (states.location === 1) {
      const coverage =
        investor.investsIn.length > 0 ? bestCoverage(investor.investsIn, country, words) : null;
      const basedText =
        facts.based === 2 ? `based in ${raise.city}` : facts.based === 1 ? `based in ${country}` : null;
      const basedPoints =
        facts.based === 2
          ? FIT_POINTS.location.basedInCity
          : facts.based === 1
            ? FIT_POINTS.location.basedInCountry
            : 0;
      const investsText =
        coverage === null
          ? null
          : coverage.kind === 'world'
            ? 'invests worldwide'
            : `invests in ${coverage.name}`;
      const text =
        basedText !== null && basedPoints === points.location
          ? investsText !== null && coverage?.kind !== 'world'
            ? `${basedText}, invests in ${coverage?.name}`
            : basedText
          : (investsText as string);
      add('location', text, points.location);
    } else if (states.location === 0) {
      const where = investor.countries[0];
      against(
        'location',
        investor.investsIn.length > 0
          ? `does not invest in ${country}`
          : `based in ${where ?? investor.cities[0]}, not ${country}`,
      );
    } else against('location', 'where they invest not known');
  }

  if (raise.amountUsd !== null && raise.amountUsd > 0) {
    const amount = formatCompactUsd(raise.amountUsd);
    // Both bounds as a range ("$50K–$500K"), else the one amount they write.
    const cheque = typicalChequeOf(investor);
    const shown =
      investor.checkMin !== null && investor.checkMax !== null
        ? formatCheckRange(investor.checkMin, investor.checkMax)
        : cheque !== null
          ? formatCompactUsd(cheque)
          : null;
    if (states.cheque === 1) {
      const share = shareInWords((typicalChequeOf(investor) as number) / raise.amountUsd);
      add('cheque', `cheque ${shown} covers ${share} of your ${amount}`, points.cheque);
    } else if (states.cheque === 0)
      against(
        'cheque',
        investor.checkMin !== null && investor.checkMin > raise.amountUsd
          ? `smallest cheque ${formatCompactUsd(investor.checkMin)} is more than your ${amount}`
          : `cheque ${shown} is too small for your ${amount}`,
      );
    else against('cheque', 'cheque not known');
  }

  if (raise.leadWanted === true) {
    if (states.lead === 1) add('lead', 'leads rounds', points.lead);
    else if (states.lead === 0) {
      const amount = raise.amountUsd;
      const roleWords = investor.role !== null ? ROLE_WORDS[investor.role] : undefined;
      against(
        'lead',
        investor.leadOrFollow === 'follow'
          ? 'does not lead rounds'
          : roleWords !== undefined && amount !== null && amount >= SMALL_INVESTOR_LEAD_LIMIT
            ? `${roleWords}: does not lead a ${formatCompactUsd(amount)} round`
            : `cheque too small to lead your ${formatCompactUsd(amount as number)}`,
      );
    } else against('lead', 'whether they lead not known');
  }

  reasons.push(
    ...recencyReasons(
      raise.round,
      raise.round === null ? null : words.stageLabel(raise.round),
      investor,
      raise.now ?? new Date(),
    ),
  );

  if (investor.investorConfirmedMonth !== null)
    reasons.push({
      criterion: 'confirmed',
      text: `confirmed by the investor in ${monthWords(investor.investorConfirmedMonth)}`,
      points: 0,
      tone: 'for',
    });

  return {
    band: verdict.band,
    score: verdict.score,
    asked: verdict.asked,
    met: verdict.met,
    reasons,
    missing,
  };
}

/** Whether a raise asks none of the must-haves (nothing to judge on: the shortlist lists everyone). */
export const raiseAsksNothing = (raise: FitRaise): boolean =>
  raise.round === null &&
  (raise.amountUsd === null || raise.amountUsd <= 0) &&
  raise.country === null &&
  raise.leadWanted !== true &&
  raiseSectors(raise).length === 0;

/**
 * The ranking key of a verdict: band, then must-haves met, then closeness, then completeness (higher
 * first). Recency and the id's hash order investors with the same key.
 */
export const RANK_KEYS = 3 * (MUST_HAVES.length + 1) * (FIT_CLOSENESS_MAX + 1) * 6;
export function rankKeyOf(verdict: Pick<FitVerdict, 'band' | 'met' | 'score'>, completeness: number): number {
  const band = verdict.band === 'fit' ? 2 : verdict.band === 'partial' ? 1 : 0;
  return (
    ((band * (MUST_HAVES.length + 1) + verdict.met) * (FIT_CLOSENESS_MAX + 1) + verdict.score) * 6 +
    completeness
  );
}
