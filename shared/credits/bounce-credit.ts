import type { ReportAction, ReportReason } from '../api/reports';
import { type ContactKind, sameContactValue } from '../investors/provenance';

/**
 * Bounce credits (issue 20): a buyer who reports a bought email as bounced within 30 days of buying it
 * gets one credit once an admin confirms the bounce by correcting or removing the email
 * (docs/decisions.md, "Bounce credits"); issue 30: only when the bounced value really changed, and at
 * most once per purchase, investor and contact kind ("Admin authority and credits").
 */

export const BOUNCE_CREDIT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The facts of a report that decide a bounce credit. */
export interface BounceCreditFacts {
  reason: ReportReason;
  field: ContactKind | null;
  createdAt: string;
  purchasedAt: string | null;
  purchasedFields: readonly ContactKind[];
}

export type BounceCreditEligibility =
  | { eligible: true; note: string }
  | { eligible: false; note: string | null };

/**
 * Whether the report would earn its reporter a bounce credit if an admin confirms the bounce, and the
 * sentence the admin queue shows about it (null for reports that are not about a bounced email).
 */
export function bounceCreditEligibility(report: BounceCreditFacts): BounceCreditEligibility {
  if (report.reason !== 'email_bounced' || report.field !== 'email') return { eligible: false, note: null };
  if (!report.purchasedAt || !report.purchasedFields.includes('email'))
    return { eligible: false, note: 'No bounce credit: the reporter had not bought this email.' };
  const days = (Date.parse(report.createdAt) - Date.parse(report.purchasedAt)) / DAY_MS;
  if (!(days <= BOUNCE_CREDIT_DAYS))
    return {
      eligible: false,
      note: `No bounce credit: reported ${Math.floor(days)} days after the purchase (more than ${BOUNCE_CREDIT_DAYS}).`,
    };
  return {
    eligible: true,
    note: `Bounce credit: correcting or removing the email gives the reporter one credit (bought ${Math.max(0, Math.floor(days))} days before the report).`,
  };
}

/** The actions that confirm a bounce: the email was wrong, so it is corrected or removed. */
export const BOUNCE_CONFIRMING_ACTIONS: readonly ReportAction[] = ['correct', 'remove'];

/** Whether resolving the report with this action on this field grants the reporter a bounce credit. */
export function grantsBounceCredit(
  report: BounceCreditFacts,
  action: ReportAction,
  field: ContactKind | null,
): boolean {
  return (
    bounceCreditEligibility(report).eligible &&
    BOUNCE_CONFIRMING_ACTIONS.includes(action) &&
    field === 'email'
  );
}

/**
 * What a resolution did (issue 30): the admin's action when the value the report is about is no longer
 * what the directory holds after it; else a correction to the value it already had is a confirmation,
 * and a removal of nothing (or a correction that left the reported value) a dismissal. `reported` is
 * the value the report is about: the one the reporter bought (for a bounce, the one that bounced), else
 * the one the directory held before the resolution; `after`, the one it holds after.
 */
export function resolutionOutcome(
  action: ReportAction,
  kind: ContactKind | null,
  reported: string | null,
  after: string | null,
): ReportAction {
  if (action !== 'correct' && action !== 'remove') return action;
  if (kind === null || sameContactValue(kind, reported, after))
    return action === 'correct' && after !== null ? 'confirm' : 'dismiss';
  return action;
}
