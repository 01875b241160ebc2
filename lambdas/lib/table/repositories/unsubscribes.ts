import { createHash, randomBytes } from 'node:crypto';
import {
  type BulkEmailKind,
  founderUnsubscribeModel,
  type UnsubscribeToken,
  unsubscribeTokenModel,
} from '../models';
import { conditionalWrite, getItem, putItem } from '../table';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A token is 32 random bytes, base64url: 43 characters of that alphabet. */
export const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The founder's unsubscribe token of one kind, made at their first email of it: 32 random bytes. The
 * token item first, then the founder's pointer to it (conditional): two sends at once keep the first
 * pointer, and the loser's token item is an orphan that turns the same email off (harmless).
 */
export async function unsubscribeTokenOf(userId: string, kind: BulkEmailKind, now: Date): Promise<string> {
  const key = founderUnsubscribeModel.keys({ userId, kind, token: '', createdAt: now.toISOString() });
  const held = await getItem(key);
  if (held) return founderUnsubscribeModel.fromItem(held).token;
  const token = randomBytes(32).toString('base64url');
  const createdAt = now.toISOString();
  await putItem(unsubscribeTokenModel.toItem({ tokenHash: hashOf(token), userId, kind, createdAt }));
  const kept = await conditionalWrite(
    putItem(founderUnsubscribeModel.toItem({ userId, kind, token, createdAt }), 'attribute_not_exists(pk)'),
  );
  if (kept) return token;
  const first = await getItem(key, true);
  return first ? founderUnsubscribeModel.fromItem(first).token : token;
}

/** What a token turns off, or null when it is not one of ours. */
export async function findUnsubscribeToken(token: string): Promise<UnsubscribeToken | null> {
  if (!UNSUBSCRIBE_TOKEN.test(token)) return null;
  const key = unsubscribeTokenModel.keys({
    tokenHash: hashOf(token),
    userId: '',
    kind: 'searchAlerts',
    createdAt: '',
  });
  const item = await getItem(key, true);
  return item ? unsubscribeTokenModel.fromItem(item) : null;
}
