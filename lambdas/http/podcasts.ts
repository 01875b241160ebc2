import {
  deletePodcastResponse,
  listPodcastBody,
  listPodcastResponse,
  listPodcastsResponse,
  myVotesResponse,
  podcastIdParams,
  validateListPodcastBody,
  voteBody,
  voteResponse,
} from '../../shared/api/podcasts';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { endpoint, httpHandler } from '../lib/http';
import { countBusinessEvent } from '../lib/observability/metrics';
import {
  countVotes,
  createPodcast,
  deletePodcastOfLister,
  listPodcastIdsListedBy,
  listPodcastsWithVoteCounts,
  listVotedPodcastIds,
  newPodcastId,
  type PodcastWithVotes,
  togglePodcastVote,
  updatePodcastOfLister,
} from '../lib/table/repositories/podcasts';

/** The board's view drops `listedBy`: a user id is nobody else's business. */
const view = ({ podcast, voteCount }: PodcastWithVotes) =>
  listPodcastResponse.parse({ ...podcast, voteCount });

/** Podcasts: anyone can read the board; listing and voting need a login; only its lister edits or deletes one. */
export const handler = httpHandler('podcasts', {
  'GET /podcasts': endpoint({
    auth: 'public',
    handle: async () =>
      listPodcastsResponse.parse({ podcasts: (await listPodcastsWithVoteCounts()).map(view) }),
  }),

  'GET /podcasts/my-votes': endpoint({
    auth: 'user',
    handle: async ({ caller }) =>
      myVotesResponse.parse({ podcastIds: await listVotedPodcastIds(caller.sub) }),
  }),

  'POST /podcasts': endpoint({
    auth: 'user',
    body: listPodcastBody,
    status: 201,
    handle: async ({ body, caller }) => {
      const checked = validateListPodcastBody(body);
      if (!checked.ok) throw new BadRequestError(checked.message);
      const podcast = await createPodcast({
        id: newPodcastId(),
        ...checked.listing,
        createdAt: new Date().toISOString(),
        listedBy: caller.sub,
      });
      return view({ podcast, voteCount: 0 });
    },
  }),

  'GET /podcasts/mine': endpoint({
    auth: 'user',
    handle: async ({ caller }) =>
      myVotesResponse.parse({ podcastIds: await listPodcastIdsListedBy(caller.sub) }),
  }),

  'PATCH /podcasts/{podcastId}': endpoint({
    auth: 'user',
    params: podcastIdParams,
    body: listPodcastBody,
    handle: async ({ params, body, caller }) => {
      const checked = validateListPodcastBody(body);
      if (!checked.ok) throw new BadRequestError(checked.message);
      const podcast = await updatePodcastOfLister(params.podcastId, caller.sub, checked.listing);
      if (!podcast) throw new NotFoundError('Podcast not found');
      return view({ podcast, voteCount: await countVotes(podcast.id) });
    },
  }),

  'DELETE /podcasts/{podcastId}': endpoint({
    auth: 'user',
    params: podcastIdParams,
    handle: async ({ params, caller }) => {
      if (!(await deletePodcastOfLister(params.podcastId, caller.sub)))
        throw new NotFoundError('Podcast not found');
      return deletePodcastResponse.parse({ deleted: true });
    },
  }),

  'POST /podcasts/{podcastId}/vote': endpoint({
    auth: 'user',
    params: podcastIdParams,
    body: voteBody,
    handle: async ({ params, caller }) => {
      const result = await togglePodcastVote(params.podcastId, caller.sub, new Date().toISOString());
      if (!result) throw new NotFoundError('Podcast not found');
      if (result.voted) countBusinessEvent('PodcastVote');
      return voteResponse.parse(result);
    },
  }),
});
