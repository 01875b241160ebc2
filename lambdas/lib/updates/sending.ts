import { updateEmail } from '../../../shared/updates/email';
import { siteConfig } from '../config';
import { sendEmail } from '../email';
import { logger } from '../observability/logger';
import type { InvestorUpdateItem, UpdateRecipientItem } from '../table/models';
import {
  claimRecipient,
  emailHash,
  getOptOuts,
  getUpdate,
  listRecipients,
  markUpdateSent,
  putOptOut,
  releaseRecipient,
  settleRecipient,
} from '../table/repositories/updates';

/**
 * Sending one investor update (issue 53), the `updateSend` workflow's steps: a few recipients per
 * step, each claimed before its email goes out (so a step retried after a crash sends nobody twice,
 * as the weekly emails do), each email from our sender with the founder as Reply-To, a text and an
 * HTML part, and the recipient's own one-click unsubscribe (RFC 8058). An address that unsubscribed
 * or bounced meanwhile is left out; an address SES refuses is recorded as bounced and gets no more
 * of the project's updates.
 */

/** Recipients per step of the workflow. */
export const SEND_PAGE_SIZE = 10;

export type SendOutcome = 'sent' | 'bounced' | 'skipped' | 'already';

/** The recipient's links: the web copy (recording the open), the unsubscribe page and its one-click API. */
export function recipientLinks(update: Pick<InvestorUpdateItem, 'webToken'>, recipientToken: string) {
  const site = siteConfig().SITE_URL;
  return {
    readUrl: `${site}/updates/read/${update.webToken}?r=${recipientToken}`,
    unsubscribeUrl: `${site}/updates/unsubscribe?token=${recipientToken}`,
    oneClickUrl: `${site}/api/update-unsubscribe?token=${recipientToken}`,
  };
}

/** Whether SES refused this address (the recipient's side): anything else is retried. */
const isRefusal = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'MessageRejected' || error.name === 'MessageRejectedException');

async function sendOne(
  update: InvestorUpdateItem,
  recipient: UpdateRecipientItem,
  now: Date,
): Promise<SendOutcome> {
  const at = now.toISOString();
  const optedOut = (await getOptOuts(update.projectId, [recipient.email])).size > 0;
  if (optedOut) {
    await settleRecipient(recipient, { status: 'skipped', at });
    return 'skipped';
  }
  if (!(await claimRecipient(recipient, at))) return 'already';
  const links = recipientLinks(update, recipient.token);
  const email = updateEmail(update, links);
  try {
    const messageId = await sendEmail({
      to: recipient.email,
      replyTo: update.replyTo,
      subject: email.subject,
      text: email.text,
      html: email.html,
      unsubscribeUrl: links.oneClickUrl,
    });
    await settleRecipient(recipient, { status: 'sent', at, messageId: messageId ?? null });
    return 'sent';
  } catch (error) {
    if (!isRefusal(error)) {
      await releaseRecipient(recipient);
      throw error;
    }
    logger.warn('an investor update was refused for one recipient', {
      projectId: update.projectId,
      updateId: update.id,
      entryId: recipient.entryId,
    });
    await settleRecipient(recipient, { status: 'bounced', at });
    await putOptOut({
      projectId: update.projectId,
      emailHash: emailHash(recipient.email),
      reason: 'bounced',
      at,
    });
    return 'bounced';
  }
}

/**
 * One step: the next recipients still pending, sent. `more` says whether any is left; when none
 * is, the update is marked sent.
 */
export async function sendUpdatePage(input: {
  projectId: string;
  updateId: string;
  now: Date;
  limit?: number;
}): Promise<{ more: boolean; outcomes: Record<SendOutcome, number> }> {
  const outcomes: Record<SendOutcome, number> = { sent: 0, bounced: 0, skipped: 0, already: 0 };
  const update = await getUpdate(input.projectId, input.updateId);
  // A deleted project takes its updates with it: nothing to send.
  if (!update) return { more: false, outcomes };
  // An update whose start was refused was marked failed and its founder told nobody received it.
  if (update.status === 'failed') return { more: false, outcomes };
  const pending = (await listRecipients(input.projectId, input.updateId)).filter(
    (r) => r.status === 'pending',
  );
  const page = pending.slice(0, input.limit ?? SEND_PAGE_SIZE);
  for (const recipient of page) outcomes[await sendOne(update, recipient, input.now)] += 1;
  const more = pending.length > page.length;
  if (!more) await markUpdateSent(input.projectId, input.updateId, input.now.toISOString());
  return { more, outcomes };
}
