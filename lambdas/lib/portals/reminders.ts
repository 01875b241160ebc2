import { EMAIL_DATE_STYLE, formatDate } from '../../../shared/format/dates';
import { reminderDueAt } from '../../../shared/investors/listing';
import { sendEmail } from '../email';
import { logger } from '../observability/logger';
import type { InvestorListing } from '../table/models';
import { getInvestorMember } from '../table/repositories/investor-accounts';
import { listRemindersDue, putInvestorListing } from '../table/repositories/investor-listings';
import { getPortal } from '../table/repositories/portals';
import type { Page } from '../table/table';

/**
 * The 6-month reminders (issue 21): a listed investor whose last confirmation is 6 months old is
 * emailed once to confirm their profile ("Confirm my profile is still right", no review). Run daily
 * by the `investorReminders` workflow's schedule.
 *
 * At most one reminder per confirmation: the listing is marked reminded (conditionally on the
 * version read, so two runs at once send one) before the email goes; a refused email takes the mark
 * back so the next run tries again. A run that dies between the mark and the send loses that one
 * reminder rather than ever sending two (docs/decisions.md).
 */

export const CONFIRM_ACTION = 'Confirm my profile is still right';

export function reminderEmail(to: string, portalName: string, confirmedAt: string) {
  const since = formatDate(confirmedAt, EMAIL_DATE_STYLE);
  return {
    to,
    subject: `Is your investor profile on ${portalName} still right?`,
    text: [
      `You last confirmed your investor profile on ${portalName} on ${since}.`,
      '',
      `Founders rely on it. Sign in to your profile and choose "${CONFIRM_ACTION}" if nothing has changed,`,
      'or change what has: your changes go to our review, and withdrawing contact details applies at once.',
    ].join('\n'),
  };
}

export interface ReminderRun {
  sent: number;
  refused: number;
}

async function remind(listing: InvestorListing, now: Date): Promise<'sent' | 'refused' | 'skipped'> {
  // The index can lag a write: only a listing still due, and not reminded for this confirmation, is reminded.
  if (listing.withdrawnAt || listing.reminderFor === listing.confirmedAt) return 'skipped';
  if (reminderDueAt(listing.confirmedAt) > now.toISOString()) return 'skipped';
  const member = await getInvestorMember(listing.userId);
  if (!member) return 'skipped';
  const marked = { ...listing, reminderFor: listing.confirmedAt, reminderSentAt: now.toISOString() };
  if (!(await putInvestorListing(marked, listing))) return 'skipped'; // Another run, or the investor, came first.
  const portal = await getPortal(listing.portalId);
  try {
    await sendEmail(reminderEmail(member.email, portal?.name ?? listing.portalId, listing.confirmedAt));
    return 'sent';
  } catch (error) {
    logger.error('a reminder email was refused; the next run tries again', { userId: listing.userId, error });
    // Back to unreminded, unless the listing changed meanwhile (then it says what it is).
    await putInvestorListing(listing, { version: listing.version + 1 });
    return 'refused';
  }
}

/** Reminds every listing due by `now`, page by page. */
export async function sendDueReminders(now: Date = new Date(), pageSize = 100): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, refused: 0 };
  let cursor: string | null = null;
  do {
    const page: Page<InvestorListing> = await listRemindersDue(now, cursor, pageSize);
    for (const listing of page.items) {
      const outcome = await remind(listing, now);
      if (outcome === 'sent') run.sent++;
      if (outcome === 'refused') run.refused++;
    }
    cursor = page.cursor;
  } while (cursor);
  return run;
}
