import { createHash, randomBytes } from 'node:crypto';
import { batchGet, batchWrite, putRequest } from '../batch';
import {
  type InvestorUpdateItem,
  recipientsOfUpdate,
  type UpdateCopyItem,
  type UpdateOptOutItem,
  type UpdateRecipientItem,
  type UpdateRecipientLinkItem,
  updateCopyKey,
  updateCopyModel,
  updateKey,
  updateModel,
  updateOptOutKey,
  updateOptOutModel,
  updateRecipientKey,
  updateRecipientLinkKey,
  updateRecipientLinkModel,
  updateRecipientModel,
  updatesOfProject,
} from '../models';
import { conditionalWrite, getItem, putItem, queryAll, updateItem } from '../table';

/**
 * Monthly investor updates (issue 53; docs/data-model.md, "Investor updates"): the update and its
 * recipients under the project, the public links by the hash of their token, the opt-outs.
 */

/** A link token: 32 random bytes, base64url (43 characters). */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');
export const emailHash = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/** A new update's id: the time in base 36 then random, so a project's updates sort by creation. */
export const newUpdateId = (now: Date): string =>
  `${now.getTime().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;

/**
 * Writes a new update, its recipients (pending) and their public links, the update last: a crash
 * in between leaves recipients of no update, never an update missing recipients.
 */
export async function createUpdate(
  update: InvestorUpdateItem,
  recipients: readonly UpdateRecipientItem[],
): Promise<void> {
  const links: Record<string, unknown>[] = [
    updateCopyModel.toItem({
      tokenHash: tokenHash(update.webToken),
      projectId: update.projectId,
      updateId: update.id,
    }),
    ...recipients.map((recipient) =>
      updateRecipientLinkModel.toItem({
        tokenHash: tokenHash(recipient.token),
        projectId: recipient.projectId,
        updateId: recipient.updateId,
        entryId: recipient.entryId,
      }),
    ),
  ];
  await batchWrite(
    [...links, ...recipients.map((recipient) => updateRecipientModel.toItem(recipient))].map(putRequest),
  );
  await putItem(updateModel.toItem(update), 'attribute_not_exists(pk)');
}

export async function listUpdates(projectId: string): Promise<InvestorUpdateItem[]> {
  const items = await queryAll({ ...updatesOfProject(projectId), ConsistentRead: true });
  return items.map((item) => updateModel.fromItem(item));
}

export async function getUpdate(projectId: string, updateId: string): Promise<InvestorUpdateItem | null> {
  const item = await getItem(updateKey(projectId, updateId), true);
  return item ? updateModel.fromItem(item) : null;
}

export async function listRecipients(projectId: string, updateId: string): Promise<UpdateRecipientItem[]> {
  const items = await queryAll({ ...recipientsOfUpdate(projectId, updateId), ConsistentRead: true });
  return items
    .map((item) => updateRecipientModel.fromItem(item))
    .sort((a, b) => a.entryId.localeCompare(b.entryId));
}

/**
 * The claim before a send: pending becomes `sending`, once. False when the recipient was claimed
 * already (a step run again after a crash, or a second run): then nothing is sent.
 */
export async function claimRecipient(recipient: UpdateRecipientItem, at: string): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: updateRecipientKey(recipient.projectId, recipient.updateId, recipient.entryId),
      UpdateExpression: 'SET #status = :sending, claimedAt = :at',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sending': 'sending', ':pending': 'pending', ':at': at },
    }),
  );
}

/** What became of a claimed send (or a pending recipient left out). */
export async function settleRecipient(
  recipient: UpdateRecipientItem,
  outcome: { status: 'sent' | 'bounced' | 'skipped'; at: string; messageId?: string | null },
): Promise<void> {
  await updateItem({
    Key: updateRecipientKey(recipient.projectId, recipient.updateId, recipient.entryId),
    UpdateExpression: 'SET #status = :status, doneAt = :at, messageId = :message',
    ConditionExpression: outcome.status === 'skipped' ? '#status = :pending' : '#status = :sending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':status': outcome.status,
      ':at': outcome.at,
      ':message': outcome.messageId ?? null,
      ...(outcome.status === 'skipped' ? { ':pending': 'pending' } : { ':sending': 'sending' }),
    },
  });
}

/** Every recipient done: the update is sent (again: no change). */
/**
 * Marks an update whose sending never started as failed (only while it is still "sending"): its
 * workflow refuses to send a failed update, and it does not count towards the month's updates.
 */
export async function markUpdateFailed(projectId: string, updateId: string): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: updateKey(projectId, updateId),
      UpdateExpression: 'SET #status = :failed',
      ConditionExpression: 'attribute_exists(pk) AND #status = :sending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':failed': 'failed', ':sending': 'sending' },
    }),
  );
}

export async function markUpdateSent(projectId: string, updateId: string, at: string): Promise<void> {
  await conditionalWrite(
    updateItem({
      Key: updateKey(projectId, updateId),
      UpdateExpression: 'SET #status = :sent, sentAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND #status = :sending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent', ':sending': 'sending', ':at': at },
    }),
  );
}

export async function findCopy(token: string): Promise<UpdateCopyItem | null> {
  const item = await getItem(updateCopyKey(tokenHash(token)));
  return item ? updateCopyModel.fromItem(item) : null;
}

export async function findRecipientLink(token: string): Promise<UpdateRecipientLinkItem | null> {
  const item = await getItem(updateRecipientLinkKey(tokenHash(token)));
  return item ? updateRecipientLinkModel.fromItem(item) : null;
}

/** One more open of a recipient's link (the first one's time kept). */
export async function recordOpen(link: UpdateRecipientLinkItem, at: string): Promise<void> {
  await conditionalWrite(
    updateItem({
      Key: updateRecipientKey(link.projectId, link.updateId, link.entryId),
      UpdateExpression: 'ADD opens :one SET firstOpenedAt = if_not_exists(firstOpenedAt, :at)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1, ':at': at },
    }),
  );
}

export async function getRecipient(
  projectId: string,
  updateId: string,
  entryId: string,
): Promise<UpdateRecipientItem | null> {
  const item = await getItem(updateRecipientKey(projectId, updateId, entryId), true);
  return item ? updateRecipientModel.fromItem(item) : null;
}

/** Records an address that gets no more of the project's updates (an unsubscribe is kept over a bounce). */
export async function putOptOut(optOut: UpdateOptOutItem): Promise<void> {
  if (optOut.reason === 'bounced') {
    await conditionalWrite(putItem(updateOptOutModel.toItem(optOut), 'attribute_not_exists(pk)'));
    return;
  }
  await putItem(updateOptOutModel.toItem(optOut));
}

/** The opt-outs of these addresses (by address, lower case). */
export async function getOptOuts(
  projectId: string,
  emails: readonly string[],
): Promise<Map<string, UpdateOptOutItem['reason']>> {
  const byHash = new Map(emails.map((email) => [emailHash(email), email.trim().toLowerCase()]));
  const items = await batchGet(
    [...byHash.keys()].map((hash) => updateOptOutKey(projectId, hash)),
    {
      consistent: true,
    },
  );
  const found = new Map<string, UpdateOptOutItem['reason']>();
  for (const item of items) {
    const optOut = updateOptOutModel.fromItem(item);
    const email = byHash.get(optOut.emailHash);
    if (email) found.set(email, optOut.reason);
  }
  return found;
}

/** Gives a claim back after SES failed without refusing the address: the step's retry sends it. */
export async function releaseRecipient(recipient: UpdateRecipientItem): Promise<void> {
  await conditionalWrite(
    updateItem({
      Key: updateRecipientKey(recipient.projectId, recipient.updateId, recipient.entryId),
      UpdateExpression: 'SET #status = :pending, claimedAt = :none',
      ConditionExpression: '#status = :sending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending', ':sending': 'sending', ':none': null },
    }),
  );
}
