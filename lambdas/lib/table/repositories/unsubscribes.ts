import { randomBytes } from 'node:crypto';
import {
  type BulkEmailKind,
  founderUnsubscribeKey,
  founderUnsubscribeModel,
  unsubscribeTokenModel,
} from '../models';
import { conditionalWrite, getItem, putItem } from '../table';
import { unsubscribeTokenHash } from './unsubscribe-tokens';

/**
 * The founder's unsubscribe token of one kind, made at their first email of it: 32 random bytes. The
 * token item first, then the founder's pointer to it (conditional): two sends at once keep the first
 * pointer, and the loser's token item is an orphan that turns the same email off (harmless).
 */
export async function unsubscribeTokenOf(userId: string, kind: BulkEmailKind, now: Date): Promise<string> {
  const key = founderUnsubscribeKey(userId, kind);
  const held = await getItem(key);
  if (held) return founderUnsubscribeModel.fromItem(held).token;
  const token = randomBytes(32).toString('base64url');
  const createdAt = now.toISOString();
  await putItem(
    unsubscribeTokenModel.toItem({ tokenHash: unsubscribeTokenHash(token), userId, kind, createdAt }),
  );
  const kept = await conditionalWrite(
    putItem(founderUnsubscribeModel.toItem({ userId, kind, token, createdAt }), 'attribute_not_exists(pk)'),
  );
  if (kept) return token;
  const first = await getItem(key, true);
  return first ? founderUnsubscribeModel.fromItem(first).token : token;
}
