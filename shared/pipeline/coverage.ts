/**
 * Round coverage of a fundraising pipeline (issue 52): how much of the raise is committed and
 * soft-circled, where the lead stands, and which investors to follow up first this week. Pure: the
 * pipeline page computes it from the board it already holds (docs/decisions.md, "Round coverage").
 */

import { formatCompactUsd } from '../format/money';
import type { PipelineStage } from './stages';

/** What coverage reads of an entry (the board's entries have all of it). */
export interface CoverageEntry {
  readonly id: string;
  readonly name: string;
  readonly firm: string | null;
  readonly stage: PipelineStage;
  readonly amount: number | null;
  readonly lead?: boolean | undefined;
  readonly nextStep: string | null;
  readonly nextStepDate: string | null;
  readonly stageChangedAt: string;
}

/** Contacted this many days ago with no reply: follow up. */
export const NO_REPLY_DAYS = 7;
/** At most this many investors in "Follow up this week". */
export const FOLLOW_UP_LIMIT = 5;

/** The stages at which an investor is talking to the founder: a meeting or later, before a decision. */
const TALKING: ReadonlySet<PipelineStage> = new Set(['meeting', 'dueDiligence', 'termSheet']);

export type FollowUpReason = 'overdue' | 'noReply' | 'noNextStep';

export interface FollowUp {
  readonly entryId: string;
  readonly name: string;
  readonly reason: FollowUpReason;
  /** Overdue: days since the next step's date; no reply: days since contacted; no next step: days at the stage. */
  readonly days: number;
  readonly text: string;
}

export interface Coverage {
  /** Sum of the amounts of Committed entries (whole dollars). */
  readonly committed: number;
  /** Sum of the amounts of Term sheet entries. */
  readonly softCircled: number;
  /** Committed or Term sheet entries without an amount (they count nowhere). */
  readonly withoutAmount: number;
  /** The raise's amount sought, or null when the founder has not said. */
  readonly raise: number | null;
  /** (committed + soft-circled) / raise, whole percent (rounded down), or null without a raise. */
  readonly percent: number | null;
  /** The entries marked as lead (not Passed), by name. */
  readonly leads: readonly { entryId: string; name: string; stage: PipelineStage }[];
  readonly followUps: readonly FollowUp[];
}

const DAY_MS = 86_400_000;

/** Whole days from an ISO instant (or a YYYY-MM-DD day) to `now`, never negative. */
function daysSince(from: string, now: Date): number {
  const start = Date.parse(from.length === 10 ? `${from}T00:00:00Z` : from);
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((now.getTime() - start) / DAY_MS));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The coverage of a pipeline against its raise. `today` is the founder's day (YYYY-MM-DD) for
 * next-step dates; `now` the instant for days since a move.
 */
export function roundCoverage(
  entries: readonly CoverageEntry[],
  raiseAmount: number | null,
  today: string,
  now: Date,
): Coverage {
  let committed = 0;
  let softCircled = 0;
  let withoutAmount = 0;
  for (const entry of entries) {
    if (entry.stage !== 'committed' && entry.stage !== 'termSheet') continue;
    if (entry.amount === null || !Number.isFinite(entry.amount)) {
      withoutAmount += 1;
      continue;
    }
    if (entry.stage === 'committed') committed += entry.amount;
    else softCircled += entry.amount;
  }
  const raise = raiseAmount !== null && raiseAmount > 0 ? raiseAmount : null;
  const percent = raise === null ? null : Math.floor(((committed + softCircled) / raise) * 100);
  const leads = entries
    .filter((entry) => entry.lead === true && entry.stage !== 'passed')
    .map((entry) => ({ entryId: entry.id, name: entry.name, stage: entry.stage }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    committed,
    softCircled,
    withoutAmount,
    raise,
    percent,
    leads,
    followUps: followUps(entries, today, now),
  };
}

/**
 * The investors to follow up first: a next step whose date has passed (longest overdue first), then
 * those contacted with no reply for {@link NO_REPLY_DAYS} days or more (longest waiting first), then
 * those at a meeting or later with no next step (longest at the stage first). At most
 * {@link FOLLOW_UP_LIMIT}.
 */
export function followUps(entries: readonly CoverageEntry[], today: string, now: Date): FollowUp[] {
  const found: FollowUp[] = [];
  const rank: Record<FollowUpReason, number> = { overdue: 0, noReply: 1, noNextStep: 2 };
  for (const entry of entries) {
    if (entry.stage === 'passed' || entry.stage === 'committed') continue;
    if (entry.nextStepDate && entry.nextStepDate < today) {
      const days = Math.max(1, daysSince(entry.nextStepDate, new Date(`${today}T00:00:00Z`)));
      found.push({
        entryId: entry.id,
        name: entry.name,
        reason: 'overdue',
        days,
        text: `Next step overdue by ${plural(days, 'day')}${entry.nextStep ? `: ${entry.nextStep}` : ''}`,
      });
      continue;
    }
    const atStage = daysSince(entry.stageChangedAt, now);
    if (entry.stage === 'contacted' && atStage >= NO_REPLY_DAYS) {
      found.push({
        entryId: entry.id,
        name: entry.name,
        reason: 'noReply',
        days: atStage,
        text: `Contacted ${plural(atStage, 'day')} ago, no reply`,
      });
    } else if (TALKING.has(entry.stage) && !entry.nextStep && !entry.nextStepDate) {
      found.push({
        entryId: entry.id,
        name: entry.name,
        reason: 'noNextStep',
        days: atStage,
        text: 'No next step set',
      });
    }
  }
  return found
    .sort((a, b) => rank[a.reason] - rank[b.reason] || b.days - a.days || a.name.localeCompare(b.name))
    .slice(0, FOLLOW_UP_LIMIT);
}

/**
 * The coverage in one line: "Committed $600K and soft-circled $400K of $2.5M (40%)"; without a raise
 * amount, "Committed $600K and soft-circled $400K".
 */
export function coverageSummary(coverage: Coverage): string {
  const amounts = `Committed ${formatCompactUsd(coverage.committed)} and soft-circled ${formatCompactUsd(coverage.softCircled)}`;
  if (coverage.raise === null) return amounts;
  return `${amounts} of ${formatCompactUsd(coverage.raise)} (${coverage.percent}%)`;
}

/** Where the lead stands: "No lead yet", "Lead: Ana Ruiz", "Leads: Ana Ruiz and Ben Ode". */
export function leadSummary(coverage: Coverage): string {
  const names = coverage.leads.map((lead) => lead.name);
  if (names.length === 0) return 'No lead yet';
  if (names.length === 1) return `Lead: ${names[0]}`;
  return `Leads: ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
