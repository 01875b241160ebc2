import { updateMessages } from '../../../shared/updates/limits';
import { NotFoundError } from '../errors';
import {
  emailHash,
  findRecipientLink,
  getOptOuts,
  getRecipient,
  getUpdate,
  putOptOut,
} from '../table/repositories/updates';

/**
 * One-click unsubscribe of an investor update's recipient (issue 53, RFC 8058): the recipient's
 * token (their email's links) names the project and their address. POST stops the project's updates
 * to that address; GET changes nothing (link checkers follow GETs) and says what the link does.
 */

async function recipientOf(token: string) {
  const link = await findRecipientLink(token);
  const [recipient, update] = link
    ? await Promise.all([
        getRecipient(link.projectId, link.updateId, link.entryId),
        getUpdate(link.projectId, link.updateId),
      ])
    : [null, null];
  if (!recipient || !update) throw new NotFoundError(updateMessages.badUnsubscribe);
  return { recipient, update };
}

export async function updateUnsubscribeStatus(token: string) {
  const { recipient, update } = await recipientOf(token);
  const on = (await getOptOuts(update.projectId, [recipient.email])).size === 0;
  return {
    projectName: update.projectName,
    on,
    message: on
      ? `This link stops ${update.projectName}'s investor updates to your address.`
      : `You get no more of ${update.projectName}'s investor updates.`,
  };
}

export async function updateUnsubscribe(token: string, now: Date) {
  const { recipient, update } = await recipientOf(token);
  await putOptOut({
    projectId: update.projectId,
    emailHash: emailHash(recipient.email),
    reason: 'unsubscribed',
    at: now.toISOString(),
  });
  return {
    projectName: update.projectName,
    on: false,
    message: `You get no more of ${update.projectName}'s investor updates.`,
  };
}
