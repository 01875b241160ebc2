/**
 * Monthly investor updates (issue 53): the numbers a new update starts with, from what the product
 * already holds. Pure: the server computes the draft with it and the unit tests check it.
 *
 * - MRR: from the project's connected Stripe account (the same report as Business Insights,
 *   `shared/insights/mrr.ts` `computeMrrReport`): now, and its change since the end of last month.
 * - Coverage of the round: the amounts of the pipeline's entries at the stage Committed, against the
 *   raise's amount (the project's raise, issue 35). Computed here from the entries, not from
 *   another module, so the update says exactly what it was sent with.
 */
import { MONTH_NAMES } from '../dates';
import type { MrrReport } from '../insights/mrr';
import type { PipelineStage } from '../pipeline/stages';

export interface MrrFigures {
  /** Lower case, as Stripe writes it. */
  readonly currency: string;
  readonly currentX100: number;
  /** MRR at the end of last month (UTC). */
  readonly previousX100: number;
  readonly changeX100: number;
  /** The change in per cent of last month's MRR, one decimal; null when last month had none. */
  readonly changePercent: number | null;
}

export interface CoverageFigures {
  /** Whole US dollars committed (entries at the stage Committed with an amount). */
  readonly committedUsd: number;
  /** Entries at the stage Committed (with or without an amount). */
  readonly committedInvestors: number;
  /** The raise's amount, whole US dollars; null when the project says none. */
  readonly raiseUsd: number | null;
  /** Committed in per cent of the raise (whole, may pass 100); null without a raise amount. */
  readonly percent: number | null;
}

/** MRR now and its change over the month, from Business Insights' report; null without subscriptions. */
export function mrrFigures(report: MrrReport | null): MrrFigures | null {
  if (!report || report.currency === null) return null;
  const previousX100 = report.series.length >= 2 ? (report.series.at(-2)?.mrrX100 ?? 0) : 0;
  const currentX100 = report.currentMrrX100;
  const changeX100 = currentX100 - previousX100;
  return {
    currency: report.currency,
    currentX100,
    previousX100,
    changeX100,
    changePercent: previousX100 > 0 ? Math.round((changeX100 / previousX100) * 1000) / 10 : null,
  };
}

/** The round's coverage: the committed amounts of the pipeline against the raise. */
export function coverageFigures(
  entries: readonly { stage: PipelineStage; amount: number | null }[],
  raiseUsd: number | null | undefined,
): CoverageFigures {
  const committed = entries.filter((entry) => entry.stage === 'committed');
  const committedUsd = committed.reduce(
    (sum, entry) => sum + (entry.amount !== null && entry.amount > 0 ? entry.amount : 0),
    0,
  );
  const raise = raiseUsd && raiseUsd > 0 ? raiseUsd : null;
  return {
    committedUsd,
    committedInvestors: committed.length,
    raiseUsd: raise,
    percent: raise ? Math.round((committedUsd / raise) * 100) : null,
  };
}

/** "December 2026" (UTC): the month an update is written in. */
export const monthName = (now: Date): string => `${MONTH_NAMES[now.getUTCMonth()]} ${now.getUTCFullYear()}`;

/** The calendar month (UTC) of an instant, `YYYY-MM`: the unit of the monthly limit. */
export const monthOf = (at: Date | string): string => new Date(at).toISOString().slice(0, 7);

/** The subject a new update starts with. */
export const defaultSubject = (projectName: string, now: Date): string =>
  `${projectName}: investor update, ${monthName(now)}`;

/** An amount of money in minor units (x100) of a currency, for people: "$1,234.50", "€980". */
export function formatMoneyX100(amountX100: number, currency: string): string {
  const whole = amountX100 % 100 === 0;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(amountX100 / 100);
  } catch {
    return `${(amountX100 / 100).toFixed(whole ? 0 : 2)} ${currency.toUpperCase()}`;
  }
}

const usd = (amount: number) => formatMoneyX100(Math.round(amount) * 100, 'usd');

/** The MRR line of an update: "MRR: $12,400 (up $1,400, +12.7% since last month)". */
export function mrrLine(mrr: MrrFigures): string {
  const now = formatMoneyX100(mrr.currentX100, mrr.currency);
  if (mrr.changeX100 === 0) return `MRR: ${now} (unchanged since last month)`;
  const direction = mrr.changeX100 > 0 ? 'up' : 'down';
  const amount = formatMoneyX100(Math.abs(mrr.changeX100), mrr.currency);
  const percent =
    mrr.changePercent === null ? '' : `, ${mrr.changePercent > 0 ? '+' : ''}${mrr.changePercent}%`;
  return `MRR: ${now} (${direction} ${amount}${percent} since last month)`;
}

/** The coverage line: "Round: $450,000 committed of $1,000,000 (45%), 3 investors". */
export function coverageLine(coverage: CoverageFigures): string {
  const investors = `${coverage.committedInvestors} ${coverage.committedInvestors === 1 ? 'investor' : 'investors'}`;
  if (coverage.raiseUsd === null) return `Round: ${usd(coverage.committedUsd)} committed, ${investors}`;
  return `Round: ${usd(coverage.committedUsd)} committed of ${usd(coverage.raiseUsd)} (${coverage.percent}%), ${investors}`;
}
