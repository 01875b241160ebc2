import { dateSpan, monthsBefore, utcDay } from '../dates';
import { DEPLOYING_RULES, monthYear, quietWords, RECENCY_POINTS, stageRecency } from '../investors/deploying';
import { normalizeTag } from '../tags/normalize-tag';

/**
 * Recency of the investor's deals at the raise's stage (issue 49, with issue 52's deploying-now
 * facts): a graded closeness signal beside the must-haves, never one of them. New deals at the stage
 * in the last 12 months earn points (three or more, two, one), one in the last 24 a few; no dated
 * deal earns nothing and costs nothing. What counts against — no new deal in 18 months or more,
 * likely past its investment period — is said in the reasons, with no points and never as a
 * must-have missed (docs/decisions.md, "The fit model: recency at the raise's stage").
 *
 * Hooked into shared/shortlist/fit.ts by a few lines; the index (shared/search/fit-rank.ts) reads
 * the points for its whole directory with {@link recencyPointsByOrd}.
 */

/** What the rule reads of an investor: their dated deals and the fund's vintage. */
export interface RecencyInvestor {
  deals?: readonly { date: string; round: string | null }[] | undefined;
  vintage?: number | null | undefined;
}

/** A reason as the fit model words one (criterion 'recency'). */
export interface RecencyReason {
  criterion: 'recency';
  text: string;
  points: number;
  tone: 'for' | 'against';
}

const inputOf = (investor: RecencyInvestor) => ({
  deals: investor.deals ?? [],
  vintage: investor.vintage ?? null,
});

/** The closeness points of an investor's recency at the round (0 without a round or dated deals). */
export function recencyPoints(round: string | null, investor: RecencyInvestor, now: Date): number {
  if (round === null || (investor.deals ?? []).length === 0) return 0;
  return stageRecency(inputOf(investor), round, now).points;
}

/**
 * The reasons in a founder's words: "4 new Seed deals since March 2026", "last Seed deal in May
 * 2025" for; "no new deal in 2 years", "likely past its investment period" against.
 */
export function recencyReasons(
  round: string | null,
  stageLabel: string | null,
  investor: RecencyInvestor,
  now: Date,
): RecencyReason[] {
  if ((investor.deals ?? []).length === 0) return [];
  const recency = stageRecency(inputOf(investor), round, now);
  const reasons: RecencyReason[] = [];
  const stage = stageLabel ?? '';
  if (recency.count > 0 && recency.since !== null)
    reasons.push({
      criterion: 'recency',
      text: `${recency.count} new ${stage} ${recency.count === 1 ? 'deal' : 'deals'} since ${monthYear(recency.since)}`,
      points: recency.points,
      tone: 'for',
    });
  else if (recency.lately !== null)
    reasons.push({
      criterion: 'recency',
      text: `last ${stage} deal in ${monthYear(recency.lately)}`,
      points: recency.points,
      tone: 'for',
    });
  if (recency.quietMonths !== null && recency.quietMonths >= DEPLOYING_RULES.quietMonths)
    reasons.push({ criterion: 'recency', text: quietWords(recency.quietMonths), points: 0, tone: 'against' });
  if (recency.pastInvestmentPeriod)
    reasons.push({
      criterion: 'recency',
      text: 'likely past its investment period',
      points: 0,
      tone: 'against',
    });
  return reasons;
}

/**
 * Every investor's recency points for a round, from the index's deals column (a CSR list of
 * spellings 'YYYY-MM-DD seed'): each spelling read once, then a count per investor. Zero for all
 * without a round.
 */
export function recencyPointsByOrd(
  column: { offsets: Uint32Array; spellingIds: Uint32Array },
  spellings: readonly string[],
  size: number,
  round: string | null,
  now: Date,
): Uint8Array {
  const points = new Uint8Array(size);
  if (round === null || spellings.length === 0) return points;
  const key = normalizeTag(round);
  const cut12 = monthsBefore(now, DEPLOYING_RULES.recentMonths);
  const cut24 = monthsBefore(now, 24);
  const today = utcDay(now);
  // Per spelling: 2 a deal at the stage in 12 months, 1 one in 24, 0 otherwise.
  const kind = new Uint8Array(spellings.length);
  spellings.forEach((spelling, id) => {
    const space = spelling.indexOf(' ');
    if (space < 0 || spelling.slice(space + 1) !== key) return;
    const span = dateSpan(spelling.slice(0, space));
    if (span === null || span.first > today) return;
    kind[id] = span.first >= cut12 ? 2 : span.first >= cut24 ? 1 : 0;
  });
  const { offsets, spellingIds } = column;
  for (let ord = 0; ord < size; ord++) {
    let count = 0;
    let lately = false;
    const end = offsets[ord + 1] as number;
    for (let i = offsets[ord] as number; i < end; i++) {
      const k = kind[spellingIds[i] as number] as number;
      if (k === 2) count++;
      else if (k === 1) lately = true;
    }
    points[ord] =
      count >= 3
        ? RECENCY_POINTS.many
        : count === 2
          ? RECENCY_POINTS.two
          : count === 1
            ? RECENCY_POINTS.one
            : lately
              ? RECENCY_POINTS.lately
              : 0;
  }
  return points;
}
