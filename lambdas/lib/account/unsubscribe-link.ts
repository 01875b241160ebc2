import { siteConfig } from '../config';
import type { OutgoingEmail } from '../email';
import type { BulkEmailKind } from '../table/models';
import { unsubscribeTokenOf } from '../table/repositories/unsubscribes';

/**
 * One-click unsubscribe (issue 48, RFC 8058; docs/decisions.md "One-click unsubscribe"): the link of a
 * founder's bulk email of one kind (`unsubscribe.ts` says what it does).
 */

/** The bulk email with its unsubscribe link: the headers `sendEmail` writes (List-Unsubscribe, -Post). */
export async function withUnsubscribe(
  email: OutgoingEmail,
  userId: string,
  kind: BulkEmailKind,
  now: Date,
): Promise<OutgoingEmail> {
  const token = await unsubscribeTokenOf(userId, kind, now);
  return { ...email, unsubscribeUrl: `${siteConfig().SITE_URL}/api/unsubscribe?token=${token}` };
}
