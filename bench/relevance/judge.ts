/**
 * THE JUDGE of the relevance benchmark (issue 49): what a founder would accept as an answer, written
 * apart from the scoring code and to be reviewed as a spec. It reads investors as the directory holds
 * them (the card and the shortlist's facts) and the taxonomy (stages, sectors, places), and nothing of
 * shared/shortlist/fit.ts or shared/search/fit-rank.ts: when the product's ranking and these rules
 * disagree, one of them is wrong, and a founder decides which.
 *
 * A raise (every part optional) is accepted by an investor — a **full fit** — when every part the
 * founder gave holds:
 *
 * 1. Stage: the round is one of the stages they list.
 * 2. Sectors (when the founder gave any): they list one of them, or say they invest across sectors
 *    ("Generalist").
 * 3. Place (when the founder gave a country): where they say they invest names the country, a region
 *    holding it ("Europe", "DACH") or the whole world ("Global", "Worldwide"); an investor who says
 *    nothing of where they invest is judged by where they are: in the country.
 * 4. Cheque (when the founder gave an amount): it is known; their smallest cheque is not more than the
 *    whole round, and their largest is at least a tenth of it (a founder does not chase a cheque that
 *    moves less than a tenth of the round).
 * 5. Lead (when the founder wants one): they lead rounds (or lead and follow); they are not an angel,
 *    incubator or accelerator when the round is $1M or more; and their largest cheque is at least a
 *    fifth of the round (who leads takes a real part of it).
 *
 * What is not known does not hold: a founder accepts an investor known to fit.
 *
 * **The best local fit** of a raise with a city: among the investors based in that city (else, with
 * none there, in the country), the ones meeting the most of the rules above (the full fits, when
 * some are local), then those whose typical cheque is at least a fifth of the round (a cheque the
 * round can be built on), then with the most of the raise's sectors, then — when a lead is wanted —
 * the ones who lead rather than lead or follow. Several alike are all "the best"; the benchmark reports
 * where the first of them is ranked.
 *
 * **A search's true matches**: each query names what the founder meant (a sector, a stage, a city,
 * or one person, written in the case beside a query that may be misspelt). An investor truly matches
 * when they carry that value (by the taxonomy: any synonym), or when their name or firm has a word
 * beginning with each word the founder typed, exactly. For a person, the person meant must come first.
 */
import type { CartInvestor } from '../../shared/cart/cart';
import type { IndexedInvestor } from '../../shared/search/index-data';
import { taxonomyKey } from '../../shared/taxonomy/fold';
import { resolveCity, resolveCountry, resolveRegion } from '../../shared/taxonomy/places';
import { DEFAULT_TAXONOMY } from '../../shared/taxonomy/taxonomy';

/** What a founder raises: every part optional. */
export interface JudgedRaise {
  /** A stage ("seed", "Series A"): any spelling the taxonomy knows. */
  round: string | null;
  amountUsd: number | null;
  country: string | null;
  city: string | null;
  leadWanted: boolean | null;
  sectors: readonly string[];
}

/** Words investors write for "anywhere". */
const ANYWHERE = new Set([
  'global',
  'globally',
  'worldwide',
  'world',
  'anywhere',
  'international',
  'everywhere',
]);
/** Kinds of investor that do not lead a round of $1M or more. */
const SMALL_KINDS = new Set(['angel', 'incubator', 'accelerator']);
const SMALL_KIND_LEAD_LIMIT = 1_000_000;
const SMALLEST_SHARE = 1 / 10;
const LEAD_SHARE = 1 / 5;

const stageOf = (raw: string) => DEFAULT_TAXONOMY.resolve('stage', raw)?.value ?? taxonomyKey(raw);
const sectorOf = (raw: string) => DEFAULT_TAXONOMY.resolve('sector', raw)?.value ?? taxonomyKey(raw);
const countryCode = (raw: string) => resolveCountry(raw)?.code ?? null;

/** Whether one place an investor invests in covers the country (ISO code). */
function covers(place: string, code: string): boolean {
  if (ANYWHERE.has(taxonomyKey(place))) return true;
  const named = resolveCountry(place);
  if (named) return named.code === code;
  return resolveRegion(place)?.countries.includes(code) ?? false;
}

/** The cheque they write when asked for one amount: typical, else the middle of the range, else a bound. */
function typicalOf(card: CartInvestor, facts: IndexedInvestor['facts']): number | null {
  const typical = facts?.typicalCheque ?? null;
  if (typical !== null) return typical;
  const { checkMin, checkMax } = card;
  if (checkMin != null && checkMax != null) return (checkMin + checkMax) / 2;
  return checkMin ?? checkMax ?? null;
}

const largestOf = (card: CartInvestor, facts: IndexedInvestor['facts']) =>
  card.checkMax ?? facts?.typicalCheque ?? card.checkMin ?? null;

/** Each rule of the spec, for one investor: true when it holds, null when the raise does not ask it. */
export function judgeRules(raise: JudgedRaise, investor: IndexedInvestor) {
  const { card, facts } = investor;
  const amount = raise.amountUsd !== null && raise.amountUsd > 0 ? raise.amountUsd : null;
  const largest = largestOf(card, facts);
  const stage = raise.round === null ? null : card.stageFocus.map(stageOf).includes(stageOf(raise.round));
  const wanted = new Set(raise.sectors.map(sectorOf));
  const theirs = card.sectorFocus.map(sectorOf);
  const sector =
    wanted.size === 0 ? null : theirs.some((s) => wanted.has(s)) || theirs.includes('generalist');
  let place: boolean | null = null;
  if (raise.country !== null) {
    const code = countryCode(raise.country);
    const investsIn = facts?.investsIn ?? [];
    place =
      code !== null &&
      (investsIn.length > 0
        ? investsIn.some((where) => covers(where, code))
        : (card.countries ?? []).some((where) => countryCode(where) === code));
  }
  let cheque: boolean | null = null;
  if (amount !== null) {
    const min = card.checkMin ?? null;
    cheque =
      typicalOf(card, facts) !== null &&
      (min === null || min <= amount) &&
      largest !== null &&
      largest >= amount * SMALLEST_SHARE;
  }
  let lead: boolean | null = null;
  if (raise.leadWanted === true) {
    const leads = facts?.leadOrFollow === 'lead' || facts?.leadOrFollow === 'both';
    const smallKind =
      SMALL_KINDS.has(card.investorRole) && amount !== null && amount >= SMALL_KIND_LEAD_LIMIT;
    const bigEnough = amount === null || (largest !== null && largest >= amount * LEAD_SHARE);
    lead = leads && !smallKind && bigEnough;
  }
  return { stage, sector, place, cheque, lead };
}

/** Whether the founder accepts the investor: every rule the raise asks holds (a raise asking nothing accepts nobody). */
export function isFullFit(raise: JudgedRaise, investor: IndexedInvestor): boolean {
  const rules = Object.values(judgeRules(raise, investor)).filter((rule) => rule !== null);
  return rules.length > 0 && rules.every((rule) => rule === true);
}

/** Where an investor is, for the raise: 2 in its city, 1 in its country, 0 elsewhere or not said. */
function localness(raise: JudgedRaise, card: CartInvestor): number {
  const code = raise.country === null ? null : countryCode(raise.country);
  if (code === null) return 0;
  const city = raise.city === null ? null : (resolveCity(raise.city, [code])?.name ?? raise.city);
  if (city !== null && (card.cities ?? []).some((c) => taxonomyKey(c) === taxonomyKey(city))) return 2;
  return (card.countries ?? []).some((c) => countryCode(c) === code) ? 1 : 0;
}

/** How many of the rules the raise asks hold for the investor. */
const rulesHeld = (raise: JudgedRaise, investor: IndexedInvestor) =>
  Object.values(judgeRules(raise, investor)).filter((rule) => rule === true).length;

/**
 * The ids of the best local fits (ties all count), or none when nobody is in the raise's country:
 * the founder's "the fund down the road that does exactly this".
 */
export function bestLocalFits(raise: JudgedRaise, investors: readonly IndexedInvestor[]): Set<string> {
  const near = Math.max(0, ...investors.map((investor) => localness(raise, investor.card)));
  if (near === 0) return new Set();
  const wanted = new Set(raise.sectors.map(sectorOf));
  const amount = raise.amountUsd ?? 0;
  const merit = (investor: IndexedInvestor): [number, number, number, number] => [
    rulesHeld(raise, investor),
    amount > 0 && (typicalOf(investor.card, investor.facts) ?? 0) >= amount * LEAD_SHARE ? 1 : 0,
    investor.card.sectorFocus.map(sectorOf).filter((s) => wanted.has(s)).length,
    raise.leadWanted === true && investor.facts?.leadOrFollow === 'lead' ? 1 : 0,
  ];
  let best: [number, number, number, number] | null = null;
  let ids: string[] = [];
  for (const investor of investors) {
    if (localness(raise, investor.card) !== near) continue;
    const m = merit(investor);
    const order = best === null ? 1 : m[0] - best[0] || m[1] - best[1] || m[2] - best[2] || m[3] - best[3];
    if (order > 0) {
      best = m;
      ids = [investor.card.id];
    } else if (order === 0) ids.push(investor.card.id);
  }
  return new Set(ids);
}

/** What a search query means: a value of a facet, or one person. */
export type QueryMeaning =
  | { sector: string }
  | { stage: string }
  | { city: string }
  | { person: string /* the investor's id */ };

const folded = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether the investor's name or firm has a word beginning with each word typed. */
function namedBy(q: string, card: CartInvestor): boolean {
  const typed = folded(q);
  const words = [...folded(card.name), ...folded(card.firmName ?? '')];
  return typed.length > 0 && typed.every((t) => words.some((w) => w.startsWith(t)));
}

/** Whether an investor truly matches a query that means `meaning`. */
export function trulyMatches(q: string, meaning: QueryMeaning, investor: IndexedInvestor): boolean {
  const { card } = investor;
  if ('person' in meaning) return card.id === meaning.person;
  if (namedBy(q, card)) return true;
  if ('sector' in meaning) return card.sectorFocus.map(sectorOf).includes(sectorOf(meaning.sector));
  if ('stage' in meaning) return card.stageFocus.map(stageOf).includes(stageOf(meaning.stage));
  return (card.cities ?? []).some((city) => taxonomyKey(city) === taxonomyKey(meaning.city));
}

/** Precision at k: the share of the first k answers the founder accepts (k answers counted even when fewer came). */
export function precisionAt(k: number, ranked: readonly string[], accepted: ReadonlySet<string>): number {
  let hits = 0;
  for (const id of ranked.slice(0, k)) if (accepted.has(id)) hits++;
  return hits / k;
}

/** Recall in the top n: the share of all accepted answers found among the first n. */
export function recallAt(n: number, ranked: readonly string[], accepted: ReadonlySet<string>): number {
  if (accepted.size === 0) return 1;
  let hits = 0;
  for (const id of ranked.slice(0, n)) if (accepted.has(id)) hits++;
  return hits / accepted.size;
}

/** The 1-based rank of the first of `wanted` in the ranking, or null when none is ranked. */
export function firstRankOf(ranked: readonly string[], wanted: ReadonlySet<string>): number | null {
  const at = ranked.findIndex((id) => wanted.has(id));
  return at < 0 ? null : at + 1;
}
