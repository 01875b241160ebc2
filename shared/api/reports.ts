import * as z from 'zod/mini';
import { CONTACT_KINDS } from '../investors/provenance';

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
/** The answer to a second open report of the same investor by the same founder (409). */
export const REPORT_ALREADY_OPEN =
  'You already reported this investor; we will email you when an admin has looked at it.';
export const REPORT_ALREADY_RESOLVED = 'This report has already been resolved.';
/** The answer to a resolve while another admin's resolution of the same report is under way (409). */
export const REPORT_BEING_RESOLVED = 'Another admin is resolving this report right now.';

export const reportFieldSchema = z.enum(CONTACT_KINDS, {
  error: `Choose a contact field: ${CONTACT_KINDS.join(', ')}.`,
});

/** POST /investors/{investorId}/reports. An 'email bounced' report is about the email. */
export const createReportBody = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: REPORT_REASON_INVALID }),
  note: z._default(
    z.string().check(z.maxLength(REPORT_NOTE_MAX_LENGTH, { error: REPORT_NOTE_TOO_LONG })),
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
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportsResponse = z.object({ reports: z.array(adminReportSchema) });
export type AdminReportsResponse = z.infer<typeof adminReportsResponse>;

export const reportIdParams = z.object({ reportId: z.string().check(z.minLength(1), z.maxLength(100)) });

/** POST /admin/reports/{reportId}/resolve. `correct` needs a field and a value, `remove` a field. */
export const resolveReportBody = z
  .strictObject({
    action: z.enum(REPORT_ACTIONS, { error: `Choose an action: ${REPORT_ACTIONS.join(', ')}.` }),
    field: z.optional(z.nullable(reportFieldSchema)),
    value: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
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
