import * as z from 'zod/mini';
import { PIPELINE_STAGES } from '../pipeline/stages';
import {
  MAX_SECTION_LENGTH,
  MAX_SUBJECT_LENGTH,
  MAX_UPDATE_RECIPIENTS,
  RECIPIENT_GROUPS,
} from '../updates/limits';
import { projectIdParams } from './params';
import { multiLine, singleLine } from './text';

/**
 * The API contract of monthly investor updates (issue 53). The composer, the sending and the
 * figures of a project's updates are its creator's only (anyone else: 404 as for the project); the
 * web copy and the unsubscribe are public, each behind a random token of its own. No answer carries a
 * recipient's email address.
 */

export const updateIdParams = z.object({
  ...projectIdParams.shape,
  updateId: z.string().check(z.regex(/^[a-z0-9]{8,40}$/, 'Not an update id')),
});

const tokenString = z
  .string({ error: 'The link is not complete: use the link in the email.' })
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'The link is not complete: use the link in the email.'));

export const copyTokenParams = z.object({ token: tokenString });
/** The web copy's query: `r`, the recipient's token when the link came from their email (records the open). */
export const copyQuery = z.object({ r: z.optional(tokenString) });
export const updateUnsubscribeQuery = z.object({ token: tokenString });

const section = multiLine(
  z
    .string()
    .check(z.maxLength(MAX_SECTION_LENGTH, `A section must be at most ${MAX_SECTION_LENGTH} characters.`)),
);

export const sendUpdateBody = z.strictObject({
  subject: z
    .string({ error: 'Give the update a subject.' })
    .check(
      singleLine(),
      z.trim(),
      z.minLength(1, 'Give the update a subject.'),
      z.maxLength(MAX_SUBJECT_LENGTH, `The subject must be at most ${MAX_SUBJECT_LENGTH} characters.`),
    ),
  /** Whether the update carries the MRR line and the round's coverage line, as the server computes them. */
  includeMrr: z.boolean(),
  includeCoverage: z.boolean(),
  highlights: section,
  lowlights: section,
  asks: section,
  recipientEntryIds: z
    .array(
      z.string().check(singleLine(), z.regex(/^(inv|prv)-[A-Za-z0-9_-]{1,80}$/, 'Not a pipeline entry id')),
    )
    .check(
      z.maxLength(
        MAX_UPDATE_RECIPIENTS,
        `An update goes to at most ${MAX_UPDATE_RECIPIENTS} recipients: choose fewer.`,
      ),
    ),
});
export type SendUpdateBody = z.infer<typeof sendUpdateBody>;

const mrrFiguresSchema = z.object({
  currency: z.string(),
  currentX100: z.number(),
  previousX100: z.number(),
  changeX100: z.number(),
  changePercent: z.nullable(z.number()),
});
const coverageSchema = z.object({
  committedUsd: z.number(),
  committedInvestors: z.number(),
  raiseUsd: z.nullable(z.number()),
  percent: z.nullable(z.number()),
});

export const candidateSchema = z.object({
  entryId: z.string(),
  name: z.string(),
  firm: z.nullable(z.string()),
  stage: z.enum(PIPELINE_STAGES),
  kind: z.enum(['directory', 'private']),
  groups: z.array(z.enum(RECIPIENT_GROUPS)),
  /** Why the entry cannot receive updates; null when it can. */
  ineligible: z.nullable(z.enum(['noEmail', 'unsubscribed', 'bounced', 'passed'])),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const draftResponse = z.object({
  project: z.object({ id: z.string(), name: z.string() }),
  subject: z.string(),
  /** Null when the project has no payment connection or no subscription. */
  mrr: z.nullable(mrrFiguresSchema),
  mrrLine: z.nullable(z.string()),
  coverage: coverageSchema,
  coverageLine: z.string(),
  candidates: z.array(candidateSchema),
  limits: z.object({ maxRecipients: z.number(), perMonth: z.number(), sentThisMonth: z.number() }),
});
export type DraftResponse = z.infer<typeof draftResponse>;

export const updateSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(['sending', 'sent', 'failed']),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  /** The web copy's token: its page is /updates/read/<token>. */
  webToken: z.string(),
  recipients: z.number(),
  /** Claimed for sending (an email went out, or was refused). */
  sent: z.number(),
  /** Accepted by our mail service. */
  delivered: z.number(),
  /** Refused by the recipient's side (never sent to again). */
  bounced: z.number(),
  /** Left out at sending: unsubscribed or bounced meanwhile. */
  skipped: z.number(),
  /** Recipients who opened the link in their email. */
  opened: z.number(),
});
export type UpdateSummary = z.infer<typeof updateSummarySchema>;

export const updatesResponse = z.object({
  project: z.object({ id: z.string(), name: z.string() }),
  updates: z.array(updateSummarySchema),
});

export const recipientStatusSchema = z.enum(['pending', 'sending', 'sent', 'bounced', 'skipped']);

export const updateDetailResponse = z.object({
  update: updateSummarySchema,
  figures: z.array(z.string()),
  highlights: z.string(),
  lowlights: z.string(),
  asks: z.string(),
  recipients: z.array(
    z.object({
      entryId: z.string(),
      name: z.string(),
      status: recipientStatusSchema,
      opens: z.number(),
    }),
  ),
});
export type UpdateDetailResponse = z.infer<typeof updateDetailResponse>;

export const sendUpdateResponse = z.object({ update: updateSummarySchema });

export const webCopyResponse = z.object({
  projectName: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  figures: z.array(z.string()),
  sections: z.array(z.object({ title: z.string(), body: z.string() })),
});
export type WebCopyResponse = z.infer<typeof webCopyResponse>;

export const updateUnsubscribeResponse = z.object({
  projectName: z.string(),
  /** Whether this address still gets the project's updates (after a POST: false). */
  on: z.boolean(),
  message: z.string(),
});
