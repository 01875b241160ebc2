import type { KeyQuery } from '../model';
import { cartsOfCreator, projectsOfCreator, purchasedContactsOf, votesOfVoter } from '../models';
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
async function anyItem(query: KeyQuery): Promise<boolean> {
  const page = await queryPage({ ...query, Limit: 1 });
  return page.items.length > 0;
}

/**
 * The kinds of founder record the user has, in {@link FOUNDER_RECORD_KINDS} order (empty for an
 * account with none): five reads of one item at most, in parallel.
 */
export async function founderRecordKinds(userId: string): Promise<FounderRecordKind[]> {
  const found = await Promise.all([
    anyItem(projectsOfCreator(userId)),
    anyItem(cartsOfCreator(userId)),
    anyItem(purchasedContactsOf(userId)),
    listPodcastIdsListedBy(userId).then((ids) => ids.length > 0),
    anyItem(votesOfVoter(userId)),
  ]);
  return FOUNDER_RECORD_KINDS.filter((_, index) => found[index]);
}
