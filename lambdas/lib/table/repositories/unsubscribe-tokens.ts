import { createHash } from 'node:crypto';
import { type UnsubscribeToken, unsubscribeTokenKey, unsubscribeTokenModel } from '../models';
import { getItem } from '../table';

/** How a token is stored: its SHA-256 (base64url), so a read of the table gives no working link. */
export const unsubscribeTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A token is 32 random bytes, base64url: 43 characters of that alphabet. */
export const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What a token turns off, or null when it is not one of ours. */
export async function findUnsubscribeToken(token: string): Promise<UnsubscribeToken | null> {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return null;
  const item = await getItem(unsubscribeTokenKey(unsubscribeTokenHash(token)), true);
  return item ? unsubscribeTokenModel.fromItem(item) : null;
}
