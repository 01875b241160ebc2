import * as z from 'zod/mini';
import { CONTACT_KINDS } from '../investors/provenance';
import {
  MAX_OPEN_REPORTS_PER_FOUNDER,
  REPORT_ALREADY_OPEN,
  REPORT_ALREADY_RESOLVED,
  REPORT_BEING_RESOLVED,
  REPORT_LIMIT_REACHED,
} from './error-messages';
import { pageQuery } from './paging';
import { multiLine, singleLine } from './text';

export {
  MAX_OPEN_REPORTS_PER_FOUNDER,
  REPORT_ALREADY_OPEN,
  REPORT_ALREADY_RESOLVED,
  REPORT_BEING_RESOLVED,
  REPORT_LIMIT_REACHED,
};

/**
 * Reports of wrong data (issue 20): a signed-in founder reports an investor's data as wrong; admins
 * work the open reports (oldest first) and the reporter is emailed the outcome. No response but the
 * admins' names the reporter.
 */

export const REPORT_REASONS = ['email_bounced', 'wrong_person', 'left_firm', 'wrong_focus', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  email_bounced: 'Email bounced',
  wrong_person: 'Wrong person',
  left_firm: 'Left the firm',
  wrong_focus: 'Wrong focus',
  other: 'Other',
};

export const REPORT_NOTE_MAX_LENGTH = 1000;
export const REPORT_NOTE_TOO_LONG = `The note must be at most ${REPORT_NOTE_MAX_LENGTH} characters.`;
export const REPORT_REASON_INVALID = `Choose a reason: ${REPORT_REASONS.join(', ')}.`;

export const reportFieldSchema = z.enum(CONTACT_KINDS, {
  error: `Choose a contact field: ${CONTACT_KINDS.join(', ')}.`,
});

/** POST /investors/{investorId}/reports. An 'email bounced' report is about the email. */
export const createReportBody = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: REPORT_REASON_INVALID }),
  note: z._default(
    multiLine(z.string().check(z.maxLength(REPORT_NOTE_MAX_LENGTH, { error: REPORT_NOTE_TOO_LONG }))),
    '',
  ),
  field: z.optional(z.nullable(reportFieldSchema)),
});
export type CreateReportBody = z.input<typeof createReportBody>;

/** `resolving`: an admin's resolution has claimed the report and is applying it (see resolveReport). */
export const REPORT_STATUSES = ['open', 'resolving', 'resolved'] as const;
export const REPORT_ACTIONS = ['correct', 'remove', 'confirm', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** What the reporter gets back: their report, without who they are. */
export const founderReportSchema = z.object({
  id: z.string(),
  investorId: z.string(),
  reason: z.enum(REPORT_REASONS),
  field: z.nullable(reportFieldSchema),
  note: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export const createReportResponse = founderReportSchema;
export type FounderReport = z.infer<typeof founderReportSchema>;

export const reportResolutionSchema = z.object({
  action: z.enum(REPORT_ACTIONS),
  field: z.nullable(reportFieldSchema),
  value: z.nullable(z.string()),
  resolvedAt: z.string(),
  resolvedBy: z.string(),
  /** Whether this resolution gave the reporter a bounce credit (granted in the same transaction). */
  creditGranted: z._default(z.boolean(), false),
});

/** An admin's claim of a report while resolving it: whose, since when, and its id (for release). */
export const reportClaimSchema = z.object({ id: z.string(), by: z.string(), at: z.string() });

/**
 * The value the founder reported as wrong: the one they bought (`bought`), or the directory's when
 * they reported it without having bought it. Recorded when the report is filed; null when the report
 * names no contact field, or there was no value (reports filed before it was recorded, too).
 */
export const reportedValueSchema = z.object({ value: z.string(), bought: z.boolean() });

/** A stored report, as admins see it. */
export const adminReportSchema = z.object({
  ...founderReportSchema.shape,
  investorName: z.string(),
  reporterUserId: z.string(),
  reporterEmail: z.string(),
  /** When the reporter had bought this investor's contact (null: not bought), for bounce credits. */
  purchasedAt: z.nullable(z.string()),
  /** The contact kinds the reporter had bought of this investor. */
  purchasedFields: z.array(reportFieldSchema),
  resolution: z.nullable(reportResolutionSchema),
  claim: z._default(z.nullable(reportClaimSchema), null),
  reportedValue: z._default(z.nullable(reportedValueSchema), null),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** Open reports per page of the queue, by default and at most. */
export const REPORTS_PAGE_SIZE = 25;
export const REPORTS_MAX_PAGE_SIZE = 100;

/** GET /admin/reports?cursor=&limit=: one page of the open reports, oldest first. */
export const adminReportsQuery = z.object(pageQuery(REPORTS_PAGE_SIZE, REPORTS_MAX_PAGE_SIZE));

/** One report of the queue: the report, and the value of its field in the directory now. */
export const adminReportRowSchema = z.object({
  ...adminReportSchema.shape,
  /** The value of the report's field now (null: none, the investor is gone, or the report names no field). */
  currentValue: z.nullable(z.string()),
  /** Whether the investor is still in the directory. */
  investorListed: z.boolean(),
});
export type AdminReportRow = z.infer<typeof adminReportRowSchema>;

/** A page of the queue, and the cursor of the next page (null on the last). */
export const adminReportsResponse = z.object({
  reports: z.array(adminReportRowSchema),
  cursor: z.nullable(z.string()),
});
export type AdminReportsResponse = z.infer<typeof adminReportsResponse>;

export const reportIdParams = z.object({ reportId: z.string().check(z.minLength(1), z.maxLength(100)) });

/** POST /admin/reports/{reportId}/resolve. `correct` needs a field and a value, `remove` a field. */
export const resolveReportBody = z
  .strictObject({
    action: z.enum(REPORT_ACTIONS, { error: `Choose an action: ${REPORT_ACTIONS.join(', ')}.` }),
    field: z.optional(z.nullable(reportFieldSchema)),
    value: z.optional(z.nullable(z.string().check(singleLine(), z.maxLength(500)))),
  })
  .check(
    z.refine((b) => b.action !== 'correct' || (b.field != null && (b.value ?? '').trim() !== ''), {
      error: 'A correction needs a field and its new value.',
    }),
    z.refine((b) => b.action !== 'remove' || b.field != null, {
      error: 'Removing needs the field to remove.',
    }),
  );
export type ResolveReportBody = z.input<typeof resolveReportBody>;

export const resolveReportResponse = adminReportSchema;
