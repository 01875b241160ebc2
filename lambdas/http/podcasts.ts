import {
  deletePodcastResponse,
  hiddenPodcastsResponse,
  listPodcastBody,
  listPodcastResponse,
  listPodcastsQuery,
  listPodcastsResponse,
  moderatePodcastResponse,
  myVotesResponse,
  podcastIdParams,
  validateListPodcastBody,
  voteBody,
  voteResponse,
} from '../../shared/api/podcasts';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { endpoint, httpHandler } from '../lib/http';
import { countBusinessEvent } from '../lib/observability/metrics';
import type { PodcastItem } from '../lib/table/models';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';
import {
  createPodcast,
  deletePodcastAsAdmin,
  deletePodcastOfLister,
  listHiddenPodcasts,
  listPodcastIdsListedBy,
  listPodcastsPage,
  listVotedPodcastIds,
  newPodcastId,
  setPodcastHidden,
  togglePodcastVote,
  updatePodcastOfLister,
} from '../lib/table/repositories/podcasts';

/** The board's view drops `listedBy` (a user id is nobody else's business) and the moderation fields. */
const view = (podcast: PodcastItem) => listPodcastResponse.parse(podcast);

/** An admin hides a podcast from the board, or shows it again. */
const setHidden = (hidden: boolean) =>
  endpoint({
    auth: 'admin',
    params: podcastIdParams,
    handle: async ({ params }) => {
      const podcast = await setPodcastHidden(params.podcastId, hidden, new Date().toISOString());
      if (!podcast) throw new NotFoundError('Podcast not found');
      return moderatePodcastResponse.parse(podcast);
    },
  });

/** Podcasts: anyone can read the board; listing and voting need a login; only its lister edits or deletes one. */
export const handler = httpHandler(
  'podcasts',
  {
    'GET /podcasts': endpoint({
      auth: 'public',
      query: listPodcastsQuery,
      handle: async ({ query }) => {
        // A bad cursor is a 400 (lambdas/lib/domain-errors.ts).
        const page = await listPodcastsPage(query.sort, query.cursor ?? null, query.limit);
        return listPodcastsResponse.parse({ podcasts: page.items.map(view), cursor: page.cursor });
      },
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
        // Past the limit: 409 (lambdas/lib/domain-errors.ts).
        const podcast = await createPodcast({
          id: newPodcastId(),
          ...checked.listing,
          createdAt: new Date().toISOString(),
          listedBy: caller.sub,
          voteCount: 0,
          hiddenAt: null,
        });
        return view(podcast);
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
        return view(podcast);
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

    'GET /admin/podcasts/hidden': endpoint({
      auth: 'admin',
      handle: async () => hiddenPodcastsResponse.parse({ podcasts: await listHiddenPodcasts() }),
    }),

    'POST /admin/podcasts/{podcastId}/hide': setHidden(true),
    'POST /admin/podcasts/{podcastId}/show': setHidden(false),

    'DELETE /admin/podcasts/{podcastId}': endpoint({
      auth: 'admin',
      params: podcastIdParams,
      handle: async ({ params }) => {
        if (!(await deletePodcastAsAdmin(params.podcastId))) throw new NotFoundError('Podcast not found');
        return deletePodcastResponse.parse({ deleted: true });
      },
    }),
  },
  { isInvestorAccount },
);
