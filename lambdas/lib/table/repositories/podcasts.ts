import { randomUUID } from 'node:crypto';
import { batchGet, batchWrite, deleteRequest } from '../batch';
import { type PodcastItem, podcastModel, podcastVoteModel } from '../models';
import { deleteItem, getItem, isConditionFailure, putItem, queryAll, queryCount } from '../table';

/** Every podcast, newest first. */
export async function listPodcasts(): Promise<PodcastItem[]> {
  const items = await queryAll({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'PODCASTS' },
    ScanIndexForward: false,
  });
  return items.map((item) => podcastModel.fromItem(item));
}

export async function getPodcast(id: string): Promise<PodcastItem | null> {
  const item = await getItem(`PODCAST#${id}`, 'PODCAST');
  return item ? podcastModel.fromItem(item) : null;
}

export async function createPodcast(podcast: PodcastItem): Promise<PodcastItem> {
  await putItem(podcastModel.toItem(podcast), 'attribute_not_exists(pk)');
  return podcast;
}

/** The podcast's listing, replaced by its lister; null when it is missing or someone else's. */
export async function updatePodcastOfLister(
  id: string,
  userId: string,
  listing: Pick<PodcastItem, 'title' | 'url' | 'description' | 'imageUrl' | 'participants'>,
): Promise<PodcastItem | null> {
  const current = await getPodcast(id);
  if (!current || current.listedBy !== userId) return null;
  const next: PodcastItem = { ...current, ...listing };
  try {
    // Only while it is still this lister's podcast (not deleted meanwhile).
    await putItem(podcastModel.toItem(next), {
      expression: 'attribute_exists(pk) AND listedBy = :user',
      values: { ':user': userId },
    });
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
  return next;
}

/** Deletes the lister's podcast and its votes; false when it is missing or someone else's. */
export async function deletePodcastOfLister(id: string, userId: string): Promise<boolean> {
  const current = await getPodcast(id);
  if (!current || current.listedBy !== userId) return false;
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `PODCAST#${id}` },
    ProjectionExpression: 'pk, sk',
  });
  // The podcast last: while its votes go, it is still there (and a retry finds it).
  const votes = items.filter((item) => item.sk !== 'PODCAST');
  await batchWrite(votes.map((item) => deleteRequest({ pk: String(item.pk), sk: String(item.sk) })));
  await deleteItem(`PODCAST#${id}`, 'PODCAST');
  return true;
}

/** The ids of the podcasts a user listed (the board is small: read whole). */
export async function listPodcastIdsListedBy(userId: string): Promise<string[]> {
  return (await listPodcasts()).filter((podcast) => podcast.listedBy === userId).map((podcast) => podcast.id);
}

/** The number of votes a podcast has: one item per voter, counted. */
export async function countVotes(podcastId: string): Promise<number> {
  return queryCount({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `PODCAST#${podcastId}`, ':prefix': 'VOTE#' },
    ConsistentRead: true,
  });
}

/** Which of these podcasts the user has voted for. */
export async function votedPodcastIds(userId: string, podcastIds: string[]): Promise<Set<string>> {
  const items = await batchGet(podcastIds.map((id) => ({ pk: `PODCAST#${id}`, sk: `VOTE#${userId}` })));
  return new Set(items.map((item) => String(item.podcastId)));
}

/**
 * Toggles the user's vote: adds it when absent, removes it when present. Each voter has their own
 * item, so concurrent votes by different users never overwrite each other.
 */
export async function toggleVote(
  podcastId: string,
  userId: string,
  now: string,
): Promise<{ voted: boolean }> {
  try {
    await putItem(
      podcastVoteModel.toItem({ podcastId, userId, vote: 1, timestamp: now }),
      'attribute_not_exists(pk)',
    );
    return { voted: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  try {
    await deleteItem(`PODCAST#${podcastId}`, `VOTE#${userId}`, 'attribute_exists(pk)');
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return { voted: false };
}

// ---------------------------------------------------------------- the board

/** A new podcast id: 'pod_' and 32 random hex digits. */
export const newPodcastId = (): string => `pod_${randomUUID().replaceAll('-', '')}`;

export interface PodcastWithVotes {
  podcast: PodcastItem;
  voteCount: number;
}

/** Every podcast, newest first, with its number of votes (counted a few podcasts at a time). */
export async function listPodcastsWithVoteCounts(concurrency = 8): Promise<PodcastWithVotes[]> {
  const podcasts = await listPodcasts();
  const counts: number[] = new Array(podcasts.length).fill(0);
  let next = 0;
  const worker = async () => {
    while (next < podcasts.length) {
      const index = next++;
      const podcast = podcasts[index];
      if (podcast) counts[index] = await countVotes(podcast.id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, podcasts.length) }, worker));
  return podcasts.map((podcast, i) => ({ podcast, voteCount: counts[i] ?? 0 }));
}

/** The ids of the podcasts the user has voted for, newest podcast first. */
export async function listVotedPodcastIds(userId: string): Promise<string[]> {
  const podcasts = await listPodcasts();
  const voted = await votedPodcastIds(
    userId,
    podcasts.map((p) => p.id),
  );
  return podcasts.filter((p) => voted.has(p.id)).map((p) => p.id);
}

/**
 * Toggles the user's vote on an existing podcast and counts its votes afterwards. Null when there is no
 * such podcast (nothing is written).
 */
export async function togglePodcastVote(
  podcastId: string,
  userId: string,
  now: string,
): Promise<{ voted: boolean; voteCount: number } | null> {
  if (!(await getPodcast(podcastId))) return null;
  const { voted } = await toggleVote(podcastId, userId, now);
  return { voted, voteCount: await countVotes(podcastId) };
}
