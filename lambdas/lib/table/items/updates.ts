import * as z from 'zod/mini';
import { accessPattern, defineModel, type TableKey } from '../model';
import { isoDate, projectPartition } from './common';

/**
 * Monthly investor updates (issue 53; docs/decisions.md, "Monthly investor updates"). An update and
 * its recipients live under their project (`PROJECT#<id>`: the project's creator only, deleted with
 * it); the two public links are found by the SHA-256 of their random token, each in a partition of
 * its own (`UPDATE_COPY#`, `UPDATE_RECIPIENT#`), so a read of the table gives no working link.
 */

export const UPDATE_PREFIX = 'UPDATE#';
export const updateKey = (projectId: string, updateId: string): TableKey => ({
  pk: projectPartition(projectId),
  sk: `${UPDATE_PREFIX}${updateId}`,
});

/** One update as written and sent. `id` sorts by creation (time first), so the list is newest last. */
export const updateModel = defineModel(
  'investorUpdate',
  z.object({
    projectId: z.string(),
    id: z.string(),
    /** The founder who wrote it (the project's creator). */
    userId: z.string(),
    projectName: z.string(),
    subject: z.string(),
    /** The pre-filled lines kept (MRR, coverage), as computed when it was sent. */
    figures: z.array(z.string()),
    highlights: z.string(),
    lowlights: z.string(),
    asks: z.string(),
    /** The founder's address, the Reply-To of every email of it. */
    replyTo: z.string(),
    /** The web copy's token (the founder's page shows the link; the public lookup has its hash). */
    webToken: z.string(),
    status: z.enum(['sending', 'sent', 'failed']),
    recipients: z.int(),
    createdAt: isoDate,
    sentAt: z.nullable(isoDate),
  }),
  (v) => updateKey(v.projectId, v.id),
);
export type InvestorUpdateItem = z.infer<typeof updateModel.schema>;

/** A project's updates, oldest first (a few a month: one Query). */
export const updatesOfProject = accessPattern(
  { index: 'table', params: ['projectId'], description: "A project's investor updates (issue 53)" },
  (projectId: string) => ({ partition: projectPartition(projectId), sortPrefix: UPDATE_PREFIX }),
);

export const recipientPrefix = (updateId: string) => `UPDATEREC#${updateId}#`;
export const updateRecipientKey = (projectId: string, updateId: string, entryId: string): TableKey => ({
  pk: projectPartition(projectId),
  sk: `${recipientPrefix(updateId)}${entryId}`,
});

export const RECIPIENT_STATUSES = ['pending', 'sending', 'sent', 'bounced', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/**
 * One recipient of an update: a pipeline entry and the address it had when the update was written.
 * `status` moves once: pending, then `sending` (the claim, written before the email goes out, so a
 * retried step never sends twice), then `sent` (SES took it) or `bounced` (SES refused it); or
 * `skipped` when the address unsubscribed or bounced before its turn.
 */
export const updateRecipientModel = defineModel(
  'investorUpdateRecipient',
  z.object({
    projectId: z.string(),
    updateId: z.string(),
    entryId: z.string(),
    name: z.string(),
    email: z.string(),
    /** The recipient's own token: the open-recording link and the unsubscribe link of their email. */
    token: z.string(),
    status: z.enum(RECIPIENT_STATUSES),
    claimedAt: z.nullable(isoDate),
    doneAt: z.nullable(isoDate),
    messageId: z.nullable(z.string()),
    opens: z.int(),
    firstOpenedAt: z.nullable(isoDate),
  }),
  (v) => updateRecipientKey(v.projectId, v.updateId, v.entryId),
);
export type UpdateRecipientItem = z.infer<typeof updateRecipientModel.schema>;

/** One update's recipients (at most MAX_UPDATE_RECIPIENTS: one Query). */
export const recipientsOfUpdate = accessPattern(
  {
    index: 'table',
    params: ['projectId', 'updateId'],
    description: "One investor update's recipients and what became of each",
  },
  (projectId: string, updateId: string) => ({
    partition: projectPartition(projectId),
    sortPrefix: recipientPrefix(updateId),
  }),
);

export const updateCopyKey = (tokenHash: string): TableKey => ({
  pk: `UPDATE_COPY#${tokenHash}`,
  sk: 'LINK',
});
/** The web copy's public link: which update its token shows. */
export const updateCopyModel = defineModel(
  'investorUpdateCopy',
  z.object({ tokenHash: z.string(), projectId: z.string(), updateId: z.string() }),
  (v) => updateCopyKey(v.tokenHash),
);
export type UpdateCopyItem = z.infer<typeof updateCopyModel.schema>;

export const updateRecipientLinkKey = (tokenHash: string): TableKey => ({
  pk: `UPDATE_RECIPIENT#${tokenHash}`,
  sk: 'LINK',
});
/** A recipient's public token: whose open it records and which address it unsubscribes. */
export const updateRecipientLinkModel = defineModel(
  'investorUpdateRecipientLink',
  z.object({ tokenHash: z.string(), projectId: z.string(), updateId: z.string(), entryId: z.string() }),
  (v) => updateRecipientLinkKey(v.tokenHash),
);
export type UpdateRecipientLinkItem = z.infer<typeof updateRecipientLinkModel.schema>;

export const updateOptOutKey = (projectId: string, emailHash: string): TableKey => ({
  pk: projectPartition(projectId),
  sk: `UPDATE_OPTOUT#${emailHash}`,
});
/**
 * An address that gets no more of a project's updates: it unsubscribed, or an update to it bounced.
 * By the SHA-256 of the address (lower case), under the project.
 */
export const updateOptOutModel = defineModel(
  'investorUpdateOptOut',
  z.object({
    projectId: z.string(),
    emailHash: z.string(),
    reason: z.enum(['unsubscribed', 'bounced']),
    at: isoDate,
  }),
  (v) => updateOptOutKey(v.projectId, v.emailHash),
);
export type UpdateOptOutItem = z.infer<typeof updateOptOutModel.schema>;
