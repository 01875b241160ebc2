import * as z from 'zod/mini';
import { accessPattern, defineModel, padNumber, type TableKey } from '../model';
import { isoDate } from './common';

/** The board by votes: most votes first, then newest (a descending Query of `gsi2`). */
export const podcastVotesSortKey = (voteCount: number, createdAt: string, id: string) =>
  `${padNumber(voteCount, 10)}#${createdAt}#${id}`;

const podcastPartition = (id: string) => `PODCAST#${id}`;
const PODCASTS = 'PODCASTS';
const PODCASTS_HIDDEN = 'PODCASTS_HIDDEN';
const PODCASTS_BY_VOTES = 'PODCASTS_BY_VOTES';
export const podcastKey = (id: string): TableKey => ({ pk: podcastPartition(id), sk: 'PODCAST' });

/**
 * A podcast. `voteCount` is stored (kept exact by the vote's transaction); a visible podcast is on
 * the board's two indexes (newest: `gsi1`, by votes: `gsi2`), a hidden one only in the admins' list.
 */
export const podcastModel = defineModel(
  'podcast',
  z.object({
    id: z.string(),
    title: z.string(),
    description: z.nullable(z.string()),
    imageUrl: z.nullable(z.string()),
    url: z.string(),
    participants: z.array(z.string()),
    createdAt: isoDate,
    listedBy: z.string(),
    voteCount: z._default(z.int().check(z.nonnegative()), 0),
    /** Set while an admin has hidden the podcast from the board. */
    hiddenAt: z._default(z.nullable(isoDate), null),
  }),
  (v) => ({
    ...podcastKey(v.id),
    gsi1pk: v.hiddenAt ? PODCASTS_HIDDEN : PODCASTS,
    gsi1sk: `${v.createdAt}#${v.id}`,
    ...(v.hiddenAt
      ? {}
      : { gsi2pk: PODCASTS_BY_VOTES, gsi2sk: podcastVotesSortKey(v.voteCount, v.createdAt, v.id) }),
  }),
);
export type PodcastItem = z.infer<typeof podcastModel.schema>;

/** The visible board, by votes (`gsi2`; read most votes first). */
export const podcastsByVotes = accessPattern(
  { index: 'gsi2', params: [], description: 'The board by votes (most first, then newest)' },
  () => ({ partition: PODCASTS_BY_VOTES }),
);

/** The visible board, by listing (`gsi1`; read newest first). */
export const podcastsByListing = accessPattern(
  { index: 'gsi1', params: [], description: 'The board by listing (newest first)' },
  () => ({ partition: PODCASTS }),
);

/** The hidden podcasts, by listing (`gsi1`; the admins' list). */
export const hiddenPodcasts = accessPattern(
  { index: 'gsi1', params: [], description: "The hidden podcasts (the admins' list)" },
  () => ({ partition: PODCASTS_HIDDEN }),
);

/** The podcasts a user has listed (at most {@link MAX_PODCASTS_PER_FOUNDER}): the limit's guard. */
export const podcastListerModel = defineModel(
  'podcastLister',
  z.object({ userId: z.string(), podcastIds: z.array(z.string()) }),
  (v) => ({ pk: `LISTER#${v.userId}`, sk: 'PODCASTS' }),
);

const VOTE_PREFIX = 'VOTE#';
const voterPartition = (userId: string) => `VOTER#${userId}`;
export const podcastVoteKey = (podcastId: string, userId: string): TableKey => ({
  pk: podcastPartition(podcastId),
  sk: `${VOTE_PREFIX}${userId}`,
});

/** One item per voter: concurrent votes never overwrite each other. */
export const podcastVoteModel = defineModel(
  'podcastVote',
  z.object({ podcastId: z.string(), userId: z.string(), vote: z.literal(1), timestamp: isoDate }),
  // By voter too: "my votes" is one Query, whatever the size of the board.
  (v) => ({
    ...podcastVoteKey(v.podcastId, v.userId),
    gsi1pk: voterPartition(v.userId),
    gsi1sk: `${v.timestamp}#${v.podcastId}`,
  }),
);

/** The votes of one podcast (one Query of its partition: counting, deleting). */
export const votesOfPodcast = accessPattern(
  {
    index: 'table',
    params: ['podcastId'],
    description: 'The votes of one podcast (counting them, deleting the podcast)',
  },
  (podcastId: string) => ({ partition: podcastPartition(podcastId), sortPrefix: VOTE_PREFIX }),
);

/** A user's votes, by time (`gsi1`). */
export const votesOfVoter = accessPattern(
  { index: 'gsi1', params: ['userId'], description: "A user's votes (my votes)" },
  (userId: string) => ({ partition: voterPartition(userId) }),
);
