import * as z from 'zod/mini';
import { contactCorrectionBody } from '../../../shared/api/admin';
import {
  type AdminReport,
  REPORT_REASON_LABELS,
  type ReportAction,
  type ResolveReportBody,
} from '../../../shared/api/reports';
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
import { createReport, getReport, markReportResolved, newReportId } from '../table/repositories/reports';
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
 * reported a bought email as bounced within 30 days of purchase". Null when the investor is unknown.
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
  return createReport({
    id: newReportId(),
    investorId: input.investorId,
    investorName: investor.name,
    reporterUserId: input.reporterUserId,
    reporterEmail: input.reporterEmail,
    reason: input.reason,
    field: input.field ?? (input.reason === 'email_bounced' ? 'email' : null),
    note: input.note.trim(),
    status: 'open',
    createdAt: input.now.toISOString(),
    purchasedAt: bought?.purchasedAt ?? null,
    purchasedFields: bought ? CONTACT_KINDS.filter((kind) => bought[PURCHASED_VALUE[kind]] != null) : [],
    resolution: null,
  });
}

const OUTCOMES: Readonly<Record<ReportAction, string>> = {
  correct: 'we corrected it',
  remove: 'we removed the value',
  confirm: 'we checked it and confirmed the data is right',
  dismiss: 'we looked into it and left the data as it is',
};

/** The email telling the reporter what became of their report. */
export function reportOutcomeEmail(report: AdminReport) {
  const action = report.resolution?.action ?? 'dismiss';
  const field = report.resolution?.field ? ` (${CONTACT_KIND_LABELS[report.resolution.field]})` : '';
  return {
    to: report.reporterEmail,
    subject: `Your report about ${report.investorName}: ${OUTCOMES[action]}`,
    text: [
      `Thank you for reporting wrong data about ${report.investorName} (${REPORT_REASON_LABELS[report.reason]}).`,
      '',
      `Outcome: ${OUTCOMES[action]}${field}.`,
      '',
      `Report ${report.id}`,
    ].join('\n'),
  };
}

/**
 * An admin's resolution of an open report: the report is marked resolved first (conditionally, so a
 * report is resolved once: {@link ReportAlreadyResolvedError}), then a correction, removal or
 * confirmation goes through the admin correction (source 'admin correction', dated now), then the
 * reporter is emailed the outcome.
 */
export async function resolveReport(
  reportId: string,
  body: ResolveReportBody,
  adminUserId: string,
  now: Date,
): Promise<AdminReport> {
  const report = await getReport(reportId);
  if (!report) throw new NotFoundError('Report not found');
  const field = body.field ?? (body.action === 'dismiss' ? null : report.field);
  let corrections: ContactCorrections | null = null;
  if (body.action === 'correct' && field) {
    // The same checks as the correction form's (an email is an email, a LinkedIn link is LinkedIn's).
    const checked = z.safeParse(contactCorrectionBody, { [field]: (body.value ?? '').trim() });
    if (!checked.success) throw new BadRequestError(checked.error.issues[0]?.message ?? 'Invalid value');
    corrections = checked.data as ContactCorrections;
  }
  if (body.action === 'remove' && field) corrections = { [field]: null };
  if (body.action === 'confirm') {
    const investor = await getSearchableInvestor(report.investorId);
    if (!investor) throw new NotFoundError('Investor not found');
    const sheet = await getContactSheet(investor);
    const kinds = field ? [field] : CONTACT_KINDS.filter((kind) => sheet.fields[kind]?.value);
    corrections = {};
    for (const kind of kinds) {
      const value = sheet.fields[kind]?.value;
      if (!value) throw new BadRequestError(`There is no ${CONTACT_KIND_LABELS[kind]} value to confirm.`);
      corrections[kind] = value;
    }
  }
  const resolved = await markReportResolved({
    ...report,
    status: 'resolved',
    resolution: {
      action: body.action,
      field: field ?? null,
      value: body.action === 'correct' ? (body.value ?? '').trim() : null,
      resolvedAt: now.toISOString(),
      resolvedBy: adminUserId,
    },
  });
  if (corrections && Object.keys(corrections).length > 0) {
    const corrected = await correctInvestorContacts(report.investorId, corrections, adminUserId, now);
    if (!corrected) logger.warn('the investor of a resolved report no longer exists', { reportId });
  }
  try {
    await sendEmail(reportOutcomeEmail(resolved));
  } catch (error) {
    // The resolution stands; the reporter misses one email.
    logger.error('the email of a report outcome was not sent', { reportId, error });
  }
  return resolved;
}
