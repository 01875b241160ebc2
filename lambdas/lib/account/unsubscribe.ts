import {
  BULK_EMAIL_NAMES,
  type UnsubscribeResponse,
  unsubscribeMessages,
} from '../../../shared/api/unsubscribe';
import { NotFoundError } from '../errors';
import type { BulkEmailKind } from '../table/models';
import { getShortlistHeader, setSearchAlerts } from '../table/repositories/shortlists';
import { findUnsubscribeToken } from '../table/repositories/unsubscribe-tokens';
import { getUserProfile, setPipelineReminders, setUpdateEmails } from '../table/repositories/users';

/**
 * One-click unsubscribe (issue 48, RFC 8058; docs/decisions.md "One-click unsubscribe"): what a
 * founder's link does (`unsubscribe-link.ts` makes it).
 */

async function isOn(userId: string, kind: BulkEmailKind): Promise<boolean> {
  if (kind === 'searchAlerts') return (await getShortlistHeader(userId))?.alerts ?? true;
  const profile = await getUserProfile(userId);
  return kind === 'updateEmails' ? (profile?.updateEmails ?? true) : (profile?.pipelineReminders ?? true);
}

async function tokenOrRefuse(token: string) {
  const found = await findUnsubscribeToken(token);
  if (!found) throw new NotFoundError(unsubscribeMessages.badToken);
  return found;
}

/** GET: what the link turns off, and whether it is on; nothing changes. */
export async function unsubscribeStatus(token: string): Promise<UnsubscribeResponse> {
  const { userId, kind } = await tokenOrRefuse(token);
  const on = await isOn(userId, kind);
  const email = BULK_EMAIL_NAMES[kind];
  return {
    email,
    on,
    message: on
      ? `This link turns off "${email}". Your email app's unsubscribe button does it in one click.`
      : `"${email}" are off. Turn them on again in your account settings.`,
  };
}

/** POST: that email off for its founder (again: still off). */
export async function unsubscribe(token: string, now: Date): Promise<UnsubscribeResponse> {
  const { userId, kind } = await tokenOrRefuse(token);
  if (kind === 'searchAlerts') await setSearchAlerts(userId, false, now.toISOString());
  else if (kind === 'updateEmails') await setUpdateEmails(userId, false);
  else await setPipelineReminders(userId, false);
  const email = BULK_EMAIL_NAMES[kind];
  return { email, on: false, message: `"${email}" are off. Turn them on again in your account settings.` };
}
