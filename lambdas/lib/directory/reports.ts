import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { contactCorrectionBody } from '../../../shared/api/admin';
import {
  type AdminReport,
  REPORT_REASON_LABELS,
  type ReportAction,
  type ResolveReportBody,
} from '../../../shared/api/reports';
import { grantsBounceCredit } from '../../../shared/credits/bounce-credit';
import {
  CONTACT_KIND_LABELS,
  CONTACT_KINDS,
  type ContactCorrections,
  type ContactKind,
} from '../../../shared/investors/provenance';
import { sendEmail } from '../email';
import { BadRequestError, NotFoundError } from '../errors';
import { logger } from '../observability/logger';
import { getContactSheet } from '../table/repositories/contacts';
import { getSearchableInvestor } from '../table/repositories/investors';
import {
  claimReport,
  createReport,
  getReport,
  markReportResolved,
  newReportId,
  ReportAlreadyResolvedError,
  releaseReportClaim,
} from '../table/repositories/reports';
import { getPurchasedContact } from '../table/repositories/users';
import { correctInvestorContacts } from './contact-corrections';

/** The contact kinds a library item holds a bought value of. */
const PURCHASED_VALUE: Readonly<
  Record<ContactKind, 'email' | 'phone' | 'linkedinUrl' | 'twitterUrl' | 'crunchbaseUrl'>
> = {
  email: 'email',
  phone: 'phone',
  linkedin: 'linkedinUrl',
  twitter: 'twitterUrl',
  crunchbase: 'crunchbaseUrl',
};

/**
 * A founder's report of an investor's wrong data (issue 20). It records whether, and when, the
 * reporter had bought the investor's contact and which kinds, so the bounce credits can tell "a buyer
 * reported a bought email as bounced within 30 days of purchase", and the value reported (the one
 * bought, else the directory's now), which the admins' queue shows beside the value at their time.
 * Null when the investor is unknown.
 */
export async function reportInvestor(input: {
  investorId: string;
  reporterUserId: string;
  reporterEmail: string;
  reason: AdminReport['reason'];
  note: string;
  field: ContactKind | null | undefined;
  now: Date;
}): Promise<AdminReport | null> {
  const investor = await getSearchableInvestor(input.investorId);
  if (!investor) return null;
  const bought = await getPurchasedContact(input.reporterUserId, input.investorId);
  const field = input.field ?? (input.reason === 'email_bounced' ? 'email' : null);
  const boughtValue = field && bought ? bought[PURCHASED_VALUE[field]] : null;
  const listedValue =
    field && !boughtValue ? ((await getContactSheet(investor)).fields[field]?.value ?? null) : null;
  return createReport({
    id: newReportId(),
    investorId: input.investorId,
    investorName: investor.name,
    reporterUserId: input.reporterUserId,
    reporterEmail: input.reporterEmail,
    reason: input.reason,
    field,
    note: input.note.trim(),
    status: 'open',
    createdAt: input.now.toISOString(),
    purchasedAt: bought?.purchasedAt ?? null,
    purchasedFields: bought ? CONTACT_KINDS.filter((kind) => bought[PURCHASED_VALUE[kind]] != null) : [],
    resolution: null,
    claim: null,
    reportedValue: boughtValue
      ? { value: boughtValue, bought: true }
      : listedValue
        ? { value: listedValue, bought: false }
        : null,
  });
}

const OUTCOMES: Readonly<Record<ReportAction, string>> = {
  correct: 'we corrected it',
  remove: 'we removed the value',
  confirm: 'we checked it and confirmed the data is right',
  dismiss: 'we looked into it and left the data as it is',
};

/** The outcome email's line about a bounce credit granted by the resolution. */
export const CREDIT_GRANTED_LINE =
  'As the email you bought bounced, we added one credit to your account: use it to add any investor’s contact to your Contact Library free (Account, "Credits").';

/** The email telling the reporter what became of their report. */
export function reportOutcomeEmail(report: AdminReport) {
  const action = report.resolution?.action ?? 'dismiss';
  const field = report.resolution?.field ? ` (${CONTACT_KIND_LABELS[report.resolution.field]})` : '';
  return {
    to: report.reporterEmail,
    subject: `Your report about ${report.investorName}: ${OUTCOMES[action]}${report.resolution?.creditGranted ? ' (1 credit added)' : ''}`,
    text: [
      `Thank you for reporting wrong data about ${report.investorName} (${REPORT_REASON_LABELS[report.reason]}).`,
      '',
      `Outcome: ${OUTCOMES[action]}${field}.`,
      ...(report.resolution?.creditGranted ? ['', CREDIT_GRANTED_LINE] : []),
      '',
      `Report ${report.id}`,
    ].join('\n'),
  };
}

/**
 * How long a resolution's claim holds a report: far longer than an API request can run (API Gateway
 * stops waiting at 30 s, the function at its timeout), so an older claim is one whose process died
 * between claiming and resolving, and another resolution may take the report over.
 */
export const REPORT_CLAIM_TTL_MS = 5 * 60 * 1000;

/** What the resolution will change: the corrections to apply through the admin correction, if any. */
async function correctionsOf(
  report: AdminReport,
  body: ResolveReportBody,
  field: ContactKind | null,
): Promise<ContactCorrections | null> {
  if (body.action === 'correct' && field) {
    // The same checks as the correction form's (an email is an email, a LinkedIn link is LinkedIn's).
    const checked = z.safeParse(contactCorrectionBody, { [field]: (body.value ?? '').trim() });
    if (!checked.success) throw new BadRequestError(checked.error.issues[0]?.message ?? 'Invalid value');
    return checked.data as ContactCorrections;
  }
  if (body.action === 'remove' && field) return { [field]: null };
  if (body.action === 'confirm') {
    const investor = await getSearchableInvestor(report.investorId);
    if (!investor) throw new NotFoundError('Investor not found');
    const sheet = await getContactSheet(investor);
    const kinds = field ? [field] : CONTACT_KINDS.filter((kind) => sheet.fields[kind]?.value);
    const corrections: ContactCorrections = {};
    for (const kind of kinds) {
      const value = sheet.fields[kind]?.value;
      if (!value) throw new BadRequestError(`There is no ${CONTACT_KIND_LABELS[kind]} value to confirm.`);
      corrections[kind] = value;
    }
    return corrections;
  }
  return null;
}

/**
 * An admin's resolution of an open report, in three steps so that a failure never leaves a report
 * closed with its change unmade:
 * 1. claim the report (status `resolving`, conditional on `open`, or on a claim older than
 *    {@link REPORT_CLAIM_TTL_MS} left by a crashed resolution): a second admin gets
 *    ReportBeingResolvedError or ReportAlreadyResolvedError;
 * 2. apply the correction, removal or confirmation through the admin correction (source 'admin
 *    correction', dated now); the investor gone is a NotFoundError;
 * 3. mark the report resolved, conditional on our claim, with the reporter's bounce credit in the same
 *    transaction when the resolution confirms a bounce the reporter may be credited for.
 * If step 2 or 3 fails, the claim is released (the report is `open` again) and the error rethrown.
 * Then the reporter is emailed the outcome (a refused email is logged; the resolution stands).
 */
export async function resolveReport(
  reportId: string,
  body: ResolveReportBody,
  adminUserId: string,
  now: Date,
): Promise<AdminReport> {
  const report = await getReport(reportId);
  if (!report) throw new NotFoundError('Report not found');
  if (report.status === 'resolved') throw new ReportAlreadyResolvedError('The report is no longer open');
  const field = body.field ?? (body.action === 'dismiss' ? null : report.field);
  const corrections = await correctionsOf(report, body, field);
  const claim = { id: randomUUID(), by: adminUserId, at: now.toISOString() };
  const claimed = await claimReport(
    reportId,
    claim,
    new Date(now.getTime() - REPORT_CLAIM_TTL_MS).toISOString(),
  );
  let resolved: AdminReport;
  try {
    if (corrections && Object.keys(corrections).length > 0) {
      const corrected = await correctInvestorContacts(report.investorId, corrections, adminUserId, now);
      if (!corrected) throw new NotFoundError('Investor not found');
    }
    const credit = grantsBounceCredit(claimed, body.action, field ?? null);
    resolved = {
      ...claimed,
      status: 'resolved',
      claim: null,
      resolution: {
        action: body.action,
        field: field ?? null,
        value: body.action === 'correct' ? (body.value ?? '').trim() : null,
        resolvedAt: now.toISOString(),
        resolvedBy: adminUserId,
        creditGranted: credit,
      },
    };
    await markReportResolved(
      resolved,
      claim.id,
      credit
        ? {
            grant: {
              userId: claimed.reporterUserId,
              kind: 'granted',
              at: now.toISOString(),
              investorId: claimed.investorId,
              investorName: claimed.investorName,
              reportId: claimed.id,
              cartId: null,
            },
          }
        : null,
    );
  } catch (error) {
    try {
      const released = await releaseReportClaim(reportId, claim.id);
      logger.warn('a report resolution failed; the report is open again', { reportId, released, error });
    } catch (releaseError) {
      // The claim then lapses after REPORT_CLAIM_TTL_MS and another resolution may take the report.
      logger.error('a failed report resolution could not release its claim', { reportId, releaseError });
    }
    throw error;
  }
  try {
    await sendEmail(reportOutcomeEmail(resolved));
  } catch (error) {
    // The resolution stands; the reporter misses one email.
    logger.error('the email of a report outcome was not sent', { reportId, error });
  }
  return resolved;
}
