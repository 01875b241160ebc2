import type { IndexName } from '../definition';
import { queryPage } from '../table';
import { listPodcastIdsListedBy } from './podcasts';

/**
 * What a founder keeps under their account. An account that has any of them is a founder's and
 * cannot become an investor's (issue 21): a founder's projects, carts, purchases and podcasts would
 * otherwise sit in an account that can no longer reach them.
 */
export const FOUNDER_RECORD_KINDS = [
  'projects',
  'saved carts',
  'bought contacts',
  'podcasts',
  'podcast votes',
] as const;
export type FounderRecordKind = (typeof FOUNDER_RECORD_KINDS)[number];

/** Whether one Query finds at least one item (Limit 1: a read of one small item at most). */
async function anyItem(
  keyCondition: string,
  values: Record<string, string>,
  index?: IndexName,
): Promise<boolean> {
  const page = await queryPage({
    ...(index ? { index } : {}),
    KeyConditionExpression: keyCondition,
    ExpressionAttributeValues: values,
    Limit: 1,
  });
  return page.items.length > 0;
}

/**
 * The kinds of founder record the user has, in {@link FOUNDER_RECORD_KINDS} order (empty for an
 * account with none): five reads of one item at most, in parallel.
 */
export async function founderRecordKinds(userId: string): Promise<FounderRecordKind[]> {
  const user = `USER#${userId}`;
  const found = await Promise.all([
    anyItem('gsi1pk = :pk AND begins_with(gsi1sk, :prefix)', { ':pk': user, ':prefix': 'PROJECT#' }, 'gsi1'),
    anyItem('gsi2pk = :pk AND begins_with(gsi2sk, :prefix)', { ':pk': user, ':prefix': 'CART#' }, 'gsi2'),
    anyItem('pk = :pk AND begins_with(sk, :prefix)', { ':pk': user, ':prefix': 'CONTACT#' }),
    listPodcastIdsListedBy(userId).then((ids) => ids.length > 0),
    anyItem('gsi1pk = :pk', { ':pk': `VOTER#${userId}` }, 'gsi1'),
  ]);
  return FOUNDER_RECORD_KINDS.filter((_, index) => found[index]);
}
