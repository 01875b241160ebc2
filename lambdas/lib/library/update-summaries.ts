import { EMAIL_DATE_STYLE, formatDate } from '../../../shared/format/dates';
import { CONTACT_KIND_LABELS } from '../../../shared/investors/provenance';
import { type ContactUpdate, contactUpdates, isoWeek } from '../../../shared/library/updates';
import { BRAND } from '../../../shared/messages';
import { withUnsubscribe } from '../account/unsubscribe-link';
import { siteConfig } from '../config';
import { sendEmail } from '../email';
import { logger } from '../observability/logger';
import type { UpdateSummary } from '../table/models';
import { getInvestorContacts } from '../table/repositories/contacts';
import {
  claimUpdateSummary,
  getUpdateSummary,
  listUpdateSummaries,
  recordUpdateSummarySent,
  releaseUpdateSummary,
} from '../table/repositories/update-summaries';
import { getUserProfiles, listPurchasedContacts } from '../table/repositories/users';

/**
 * The weekly summary of updates to bought contacts (issue 20; docs/decisions.md, "The weekly summary
 * is sent at most once a week"): a page of buyers at a time; for each, the bought values that changed
 * since their last summary (within 12 months of purchase), claimed for the week before the email
 * goes out, given back when SES refuses it.
 */

/** Buyers per page: each step of the workflow handles one page. */
export const SUMMARY_PAGE_SIZE = 50;

export interface InvestorUpdates {
  readonly investorName: string;
  readonly updates: readonly ContactUpdate[];
}

/** '26 Nov 2026', as every email writes a day (shared/format/dates.ts). */
const dateOf = (iso: string) => formatDate(iso, EMAIL_DATE_STYLE);

/** The summary email of one founder. */
export function updateSummaryEmail(to: string, investors: readonly InvestorUpdates[]) {
  const count = investors.length;
  const settings = `${siteConfig().SITE_URL}/account/settings`;
  const lines = investors.flatMap(({ investorName, updates }) => [
    investorName,
    ...updates.map((update) =>
      update.status === 'removed'
        ? `  ${CONTACT_KIND_LABELS[update.kind]}: removed on ${dateOf(update.changedAt)} (was ${update.was})`
        : `  ${CONTACT_KIND_LABELS[update.kind]}: now ${update.value} (updated ${dateOf(update.changedAt)}, was ${update.was})`,
    ),
    '',
  ]);
  return {
    to,
    subject: `Updates to ${count} of your contacts`,
    text: [
      `Contacts you bought changed this week. Your Contact Library shows the new values, free for 12 months after each purchase:`,
      '',
      ...lines,
      `Contact Library: ${settings}`,
      '',
      `You get at most one of these emails a week. To stop them, turn off "Weekly update emails" in your account settings: ${settings}`,
      '',
      `— ${BRAND}`,
    ].join('\n'),
  };
}

/** The updates of one buyer since their last summary, by investor. */
async function updatesOf(summary: UpdateSummary, now: Date): Promise<InvestorUpdates[]> {
  const library = await listPurchasedContacts(summary.userId);
  if (library.length === 0) return [];
  const sheets = await getInvestorContacts(library.map((row) => row.searchableInvestorId));
  return library
    .map((row) => ({
      investorName: row.name,
      updates: contactUpdates(row, sheets.get(row.searchableInvestorId), now, summary.coveredUntil),
    }))
    .filter((investor) => investor.updates.length > 0);
}

export type SummaryOutcome = 'sent' | 'off' | 'nothing' | 'already' | 'refused';

/** One buyer's summary for the week of `now`. */
async function summarise(
  listed: UpdateSummary,
  email: string | null,
  enabled: boolean,
  now: Date,
): Promise<SummaryOutcome> {
  const week = isoWeek(now);
  if (!enabled || !email) return 'off';
  // The index's copy may lag the item (a week claimed then given back a moment ago): the week sent
  // and what was covered are read from the item itself, strongly consistent.
  const summary = (await getUpdateSummary(listed.userId)) ?? listed;
  if (summary.lastSentWeek === week) return 'already';
  const investors = await updatesOf(summary, now);
  if (investors.length === 0) return 'nothing';
  if (!(await claimUpdateSummary(summary, week))) return 'already';
  try {
    await sendEmail(
      await withUnsubscribe(updateSummaryEmail(email, investors), summary.userId, 'updateEmails', now),
    );
  } catch (error) {
    // Given back: the next run sends it. Other buyers go on.
    logger.error('a weekly update summary was not sent', { userId: summary.userId, error });
    await releaseUpdateSummary(summary, week);
    return 'refused';
  }
  await recordUpdateSummarySent(summary.userId, week, now.toISOString());
  return 'sent';
}

/**
 * One page of buyers: each gets this week's summary unless it is off, was sent, or has nothing new.
 * Returns the next page's cursor (null after the last) and the count of each outcome.
 */
export async function sendUpdateSummariesPage(input: {
  cursor: string | null;
  now: Date;
  limit?: number;
}): Promise<{ cursor: string | null; outcomes: Record<SummaryOutcome, number> }> {
  const page = await listUpdateSummaries(input.cursor, input.limit ?? SUMMARY_PAGE_SIZE);
  const profiles = await getUserProfiles(page.items.map((summary) => summary.userId));
  const outcomes: Record<SummaryOutcome, number> = { sent: 0, off: 0, nothing: 0, already: 0, refused: 0 };
  for (const summary of page.items) {
    const profile = profiles.get(summary.userId);
    const outcome = await summarise(
      summary,
      profile?.email ?? null,
      profile?.updateEmails ?? true,
      input.now,
    );
    outcomes[outcome] += 1;
  }
  return { cursor: page.cursor, outcomes };
}
