import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { contactCorrectionBody } from '../../../shared/api/admin';
import {
  type AdminReport,
  REPORT_REASON_LABELS,
  type ReportAction,
  type ResolveReportBody,
} from '../../../shared/api/reports';
import { grantsBounceCredit, resolutionOutcome } from '../../../shared/credits/bounce-credit';
import {
  CONTACT_KIND_LABELS,
  CONTACT_KINDS,
  type ContactCorrections,
  type ContactKind,
  contactValue,
} from '../../../shared/investors/provenance';
import {
  type LibraryValueField,
  lastPurchasedAt,
  valueBoughtAt,
  valueBoughtIn,
} from '../../../shared/library/updates';
import { sendEmail } from '../email';
import { BadRequestError, NotFoundError } from '../errors';
import { logger } from '../observability/logger';
import { getContactSheet } from '../table/repositories/contacts';
import { bounceCreditGranted } from '../table/repositories/credits';
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
const PURCHASED_VALUE: Readonly<Record<ContactKind, LibraryValueField>> = {
  email: 'email',
  phone: 'phone',
  linkedin: 'linkedinUrl',
  twitter: 'twitterUrl',
  crunchbase: 'crunchbaseUrl',
};

/**
 * A founder's report of an investor's wrong data (issue 20). It records whether, and when, the
 * reporter had bought the investor's contact and which kinds, so the bounce credits can tell "a buyer
 * reported a bought email as bounced within 30 days of purchase": the date of the purchase that gave
 * the reporter the value reported (issue 30), else of their last purchase; and the value reported (the
 * one bought, else the directory's now), which the admins' queue shows beside the value at their time.
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
    // Each purchase counts its own 30 days (issue 30): when the value reported was bought.
    purchasedAt: bought
      ? field
        ? valueBoughtAt(bought, PURCHASED_VALUE[field])
        : lastPurchasedAt(bought)
      : null,
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
 * The reporter's own purchase of the value a report is about: the value bought (for a bounce, the one
 * that bounced) and the cart that bought it; null when the reporter did not buy a value of that kind.
 */
async function reportedPurchase(
  report: AdminReport,
  field: ContactKind,
): Promise<{ value: string; cartId: string } | null> {
  const row = await getPurchasedContact(report.reporterUserId, report.investorId);
  const libraryField = PURCHASED_VALUE[field];
  const value = row?.[libraryField] ?? null;
  const cartId = row ? valueBoughtIn(row, libraryField) : null;
  return value !== null && cartId ? { value, cartId } : null;
}

/**
 * An admin's resolution of an open report, in three steps so that a failure never leaves a report
 * closed with its change unmade:
 * 1. claim the report (status `resolving`, conditional on `open`, or on a claim older than
 *    {@link REPORT_CLAIM_TTL_MS} left by a crashed resolution): a second admin gets
 *    ReportBeingResolvedError or ReportAlreadyResolvedError;
 * 2. apply the correction, removal or confirmation through the admin correction (source 'admin
 *    correction', dated now), which replaces or removes a value whoever gave it (issue 30); the
 *    investor gone is a NotFoundError;
 * 3. mark the report resolved, conditional on our claim, with what the resolution did
 *    ({@link resolutionOutcome}: a correction or removal that left the reported value as it was is a
 *    confirmation or a dismissal) and, when it confirms a bounce the reporter may be credited for (the
 *    bounced value really changed), the reporter's bounce credit in the same transaction, once per
 *    purchase, investor and contact kind (a guard item).
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
    let before: string | null = null;
    let after: string | null = null;
    if (corrections && Object.keys(corrections).length > 0) {
      const corrected = await correctInvestorContacts(report.investorId, corrections, adminUserId, now);
      if (!corrected) throw new NotFoundError('Investor not found');
      if (field) {
        before = contactValue(corrected.previous, field);
        after = contactValue(corrected.contacts, field);
      }
    }
    const purchase = field ? await reportedPurchase(claimed, field) : null;
    const action = resolutionOutcome(body.action, field, purchase?.value ?? before, after);
    const guard =
      field && purchase && grantsBounceCredit(claimed, action, field)
        ? {
            userId: claimed.reporterUserId,
            cartId: purchase.cartId,
            investorId: claimed.investorId,
            kind: field,
            reportId: claimed.id,
          }
        : null;
    const resolution = (creditGranted: boolean): AdminReport => ({
      ...claimed,
      status: 'resolved',
      claim: null,
      resolution: {
        action,
        field: field ?? null,
        value: action === 'correct' ? (body.value ?? '').trim() : null,
        resolvedAt: now.toISOString(),
        resolvedBy: adminUserId,
        creditGranted,
      },
    });
    const grant = {
      userId: claimed.reporterUserId,
      kind: 'granted' as const,
      at: now.toISOString(),
      investorId: claimed.investorId,
      investorName: claimed.investorName,
      reportId: claimed.id,
      cartId: null,
    };
    const credit = guard !== null && !(await bounceCreditGranted(guard));
    resolved = resolution(credit);
    try {
      await markReportResolved(resolved, claim.id, credit && guard ? { grant, guard } : null);
    } catch (error) {
      // Another report of the same bounced value was credited meanwhile: this one resolves without.
      if (
        !(
          credit &&
          guard &&
          error instanceof ReportAlreadyResolvedError &&
          (await bounceCreditGranted(guard))
        )
      )
        throw error;
      resolved = resolution(false);
      await markReportResolved(resolved, claim.id, null);
    }
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
