import { randomUUID } from 'node:crypto';
import { MAX_PODCASTS_PER_FOUNDER } from '../../../../shared/api/podcasts';
import { batchWrite, deleteRequest } from '../batch';
import { checkCursorOf } from '../model';
import {
  hiddenPodcasts,
  type PodcastItem,
  podcastKey,
  podcastListerModel,
  podcastModel,
  podcastsByListing,
  podcastsByVotes,
  podcastVoteKey,
  podcastVoteModel,
  podcastVotesSortKey,
  votesOfPodcast,
  votesOfVoter,
} from '../models';
import {
  conditionalTransaction,
  conditionalWrite,
  conditionalWriteReturning,
  getItem,
  type Page,
  putItem,
  queryAll,
  queryCount,
  queryPage,
  transactWrite,
  updateItem,
} from '../table';

/**
 * Podcasts (docs/data-model.md, "Podcasts"): the board reads pages of one index (newest or most
 * voted), each podcast carries its vote count, kept exact by the transaction that writes or deletes a
 * vote, and a lister's podcasts are guarded by one item that also enforces the per-founder limit.
 */

export const PODCAST_SORTS = ['votes', 'newest'] as const;
export type PodcastSort = (typeof PODCAST_SORTS)[number];

const listerKey = (userId: string) => podcastListerModel.keys({ userId, podcastIds: [] });

/** One page of the visible board: most votes first (then newest), or newest first. */
export async function listPodcastsPage(
  sort: PodcastSort,
  cursor: string | null,
  limit: number,
): Promise<Page<PodcastItem>> {
  // A cursor of the other order (or an edited one) would make DynamoDB refuse the query: refuse it here.
  const board = sort === 'votes' ? podcastsByVotes() : podcastsByListing();
  checkCursorOf(cursor, board, 'The cursor does not belong to this order of the board.');
  const page = await queryPage({ ...board, ScanIndexForward: false, Limit: limit, cursor });
  return { items: page.items.map((item) => podcastModel.fromItem(item)), cursor: page.cursor };
}

/** Every hidden podcast, most recently listed first (the admins' list; hiding is rare). */
export async function listHiddenPodcasts(): Promise<PodcastItem[]> {
  const items = await queryAll({
    ...hiddenPodcasts(),
    ScanIndexForward: false,
  });
  return items.map((item) => podcastModel.fromItem(item));
}

export async function getPodcast(id: string): Promise<PodcastItem | null> {
  const item = await getItem(podcastKey(id), true);
  return item ? podcastModel.fromItem(item) : null;
}

/** Why a listing was refused: the lister already has the most podcasts allowed. */
export class PodcastLimitError extends Error {
  override readonly name = 'PodcastLimitError';
}

/**
 * Lists a podcast: the podcast and its lister's guard in one transaction, which refuses a listing
 * past {@link MAX_PODCASTS_PER_FOUNDER} (also when several arrive at once).
 */
export async function createPodcast(podcast: PodcastItem): Promise<PodcastItem> {
  const outcome = await conditionalTransaction(
    transactWrite([
      { Put: { Item: podcastModel.toItem(podcast), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          Key: listerKey(podcast.listedBy),
          UpdateExpression: 'ADD podcastIds :id SET entity = :entity, userId = :user',
          ConditionExpression: 'attribute_not_exists(podcastIds) OR size(podcastIds) < :max',
          ExpressionAttributeValues: {
            ':id': new Set([podcast.id]),
            ':entity': podcastListerModel.entity,
            ':user': podcast.listedBy,
            ':max': MAX_PODCASTS_PER_FOUNDER,
          },
        },
      },
    ]),
  );
  if (outcome.written) return podcast;
  // Another podcast under this id (never, with random ids): the refusal as it came.
  if (await getPodcast(podcast.id)) throw outcome.error;
  throw new PodcastLimitError(`At most ${MAX_PODCASTS_PER_FOUNDER} podcasts per founder`);
}

/** The ids of the podcasts a user has listed: one GetItem. */
export async function listPodcastIdsListedBy(userId: string): Promise<string[]> {
  const key = listerKey(userId);
  const item = await getItem(key.pk, key.sk, true);
  return [...((item?.podcastIds as Set<string> | undefined) ?? [])].sort();
}

/**
 * The podcast's listing, changed by its lister (votes and visibility untouched); null when it is
 * missing or someone else's.
 */
export async function updatePodcastOfLister(
  id: string,
  userId: string,
  listing: Pick<PodcastItem, 'title' | 'url' | 'description' | 'imageUrl' | 'participants'>,
): Promise<PodcastItem | null> {
  const attributes = await conditionalWriteReturning(
    updateItem({
      Key: podcastKey(id),
      UpdateExpression:
        'SET title = :title, #url = :url, description = :description, imageUrl = :imageUrl, participants = :participants',
      ConditionExpression: 'attribute_exists(pk) AND listedBy = :user',
      ExpressionAttributeNames: { '#url': 'url' },
      ExpressionAttributeValues: {
        ':title': listing.title,
        ':url': listing.url,
        ':description': listing.description,
        ':imageUrl': listing.imageUrl,
        ':participants': listing.participants,
        ':user': userId,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return attributes ? podcastModel.fromItem(attributes) : null;
}

/**
 * Deletes a podcast with its votes and frees its lister's place. The votes go first: while they go,
 * the podcast is still there (and a retry finds it).
 */
async function deletePodcastWithVotes(podcast: PodcastItem): Promise<void> {
  const items = await queryAll({
    ...votesOfPodcast(podcast.id),
    ProjectionExpression: 'pk, sk',
  });
  await batchWrite(items.map((item) => deleteRequest({ pk: String(item.pk), sk: String(item.sk) })));
  await transactWrite([
    { Delete: { Key: podcastKey(podcast.id) } },
    {
      Update: {
        Key: listerKey(podcast.listedBy),
        UpdateExpression: 'DELETE podcastIds :id',
        ExpressionAttributeValues: { ':id': new Set([podcast.id]) },
      },
    },
  ]);
}

/** Deletes the lister's podcast and its votes; false when it is missing or someone else's. */
export async function deletePodcastOfLister(id: string, userId: string): Promise<boolean> {
  const current = await getPodcast(id);
  if (!current || current.listedBy !== userId) return false;
  await deletePodcastWithVotes(current);
  return true;
}

/** An admin deletes any podcast (with its votes); false when there is none. */
export async function deletePodcastAsAdmin(id: string): Promise<boolean> {
  const current = await getPodcast(id);
  if (!current) return false;
  await deletePodcastWithVotes(current);
  return true;
}

/**
 * An admin hides a podcast from the board (or shows it again): it leaves (or rejoins) both board
 * indexes; its votes stay. Null when there is no such podcast.
 */
export async function setPodcastHidden(
  id: string,
  hidden: boolean,
  now: string,
): Promise<PodcastItem | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await getPodcast(id);
    if (!current) return null;
    const next: PodcastItem = { ...current, hiddenAt: hidden ? (current.hiddenAt ?? now) : null };
    // Only over the version read: a vote meanwhile changes the count, and the keys are written again.
    const written = await conditionalWrite(
      putItem(podcastModel.toItem(next), {
        expression: 'attribute_exists(pk) AND voteCount = :count',
        values: { ':count': current.voteCount },
      }),
    );
    if (written) return next;
  }
  throw new Error(`Podcast ${id} kept changing while it was being hidden or shown`);
}

/** The number of votes a podcast has, counted from the voters' items (tests check the stored count). */
export async function countVotes(podcastId: string): Promise<number> {
  return queryCount({
    ...votesOfPodcast(podcastId),
    ConsistentRead: true,
  });
}

/**
 * Toggles the user's vote on a visible podcast: the vote item and the podcast's count change in one
 * transaction (each voter has their own item, so concurrent votes never overwrite each other, and
 * the count moves exactly once per vote). Then the by-votes sort key follows the count, written only
 * if the count is still the one read, so the last voter always leaves it right.
 * Null when there is no such podcast, or it is hidden.
 */
export async function togglePodcastVote(
  podcastId: string,
  userId: string,
  now: string,
): Promise<{ voted: boolean; voteCount: number } | null> {
  const visible = 'attribute_exists(pk) AND (attribute_not_exists(hiddenAt) OR hiddenAt = :null)';
  const podcastCondition = { ':null': null };
  const vote = podcastVoteModel.toItem({ podcastId, userId, vote: 1, timestamp: now });
  const voted = await conditionalWrite(
    transactWrite([
      { Put: { Item: vote, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          Key: podcastKey(podcastId),
          UpdateExpression: 'ADD voteCount :one',
          ConditionExpression: visible,
          ExpressionAttributeValues: { ':one': 1, ...podcastCondition },
        },
      },
    ]),
  );
  if (!voted) {
    const podcast = await getPodcast(podcastId);
    if (!podcast || podcast.hiddenAt) return null;
    // Retracted by a concurrent toggle of the same user (or hidden meanwhile): nothing to undo.
    await conditionalWrite(
      transactWrite([
        {
          Delete: {
            Key: podcastVoteKey(podcastId, userId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        {
          Update: {
            Key: podcastKey(podcastId),
            UpdateExpression: 'ADD voteCount :minusOne',
            ConditionExpression: visible,
            ExpressionAttributeValues: { ':minusOne': -1, ...podcastCondition },
          },
        },
      ]),
    );
  }
  const podcast = await getPodcast(podcastId);
  if (!podcast) return null;
  if (!podcast.hiddenAt) {
    // Another vote landed meanwhile: its own write sets the key for the newer count.
    await conditionalWrite(
      updateItem({
        Key: podcastKey(podcastId),
        UpdateExpression: 'SET gsi2sk = :key',
        ConditionExpression: 'voteCount = :count AND (attribute_not_exists(hiddenAt) OR hiddenAt = :null)',
        ExpressionAttributeValues: {
          ':key': podcastVotesSortKey(podcast.voteCount, podcast.createdAt, podcast.id),
          ':count': podcast.voteCount,
          ':null': null,
        },
      }),
    );
  }
  return { voted, voteCount: podcast.voteCount };
}

/** The ids of the podcasts the user has voted for, most recent vote first: one Query. */
export async function listVotedPodcastIds(userId: string): Promise<string[]> {
  const items = await queryAll({
    ...votesOfVoter(userId),
    ScanIndexForward: false,
  });
  return items.map((item) => String(item.podcastId));
}

/** A new podcast id: 'pod_' and 32 random hex digits. */
export const newPodcastId = (): string => `pod_${randomUUID().replaceAll('-', '')}`;
