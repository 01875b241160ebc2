import { batchGet } from '../batch';
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
