import {
  createSavedSearchBody,
  deleteSavedSearchResponse,
  listSavedSearchesResponse,
  openSavedSearchQuery,
  openSavedSearchResponse,
  renameSavedSearchBody,
  savedSearchIdParams,
  savedSearchViewSchema,
  searchAlertsBody,
  searchAlertsResponse,
} from '../../../shared/api/shortlist';
import { endpoint } from '../../lib/http';
import {
  deleteSearch,
  listSavedSearchViews,
  openSavedSearch,
  renameSearch,
  saveSearch,
} from '../../lib/shortlist/shortlists';
import { setSearchAlerts } from '../../lib/table/repositories/shortlists';

/**
 * The shortlist function's area for saved searches and their weekly alert's switch. A module of its
 * own, loaded at the first request of one of its routes (`lambdas/http/shortlist.ts`).
 */
export const endpoints = {
  'GET /me/saved-searches': endpoint({
    auth: 'user',
    handle: async ({ caller }) => listSavedSearchesResponse.parse(await listSavedSearchViews(caller.sub)),
  }),

  'POST /me/saved-searches': endpoint({
    auth: 'user',
    body: createSavedSearchBody,
    status: 201,
    handle: async ({ body, caller }) => savedSearchViewSchema.parse(await saveSearch(caller.sub, body)),
  }),

  'PATCH /me/saved-searches/{savedSearchId}': endpoint({
    auth: 'user',
    params: savedSearchIdParams,
    body: renameSavedSearchBody,
    handle: async ({ params, body, caller }) =>
      savedSearchViewSchema.parse(await renameSearch(caller.sub, params.savedSearchId, body.name)),
  }),

  'DELETE /me/saved-searches/{savedSearchId}': endpoint({
    auth: 'user',
    params: savedSearchIdParams,
    handle: async ({ params, caller }) => {
      await deleteSearch(caller.sub, params.savedSearchId);
      return deleteSavedSearchResponse.parse({ deleted: true });
    },
  }),

  'GET /me/saved-searches/{savedSearchId}/investors': endpoint({
    auth: 'user',
    params: savedSearchIdParams,
    query: openSavedSearchQuery,
    handle: async ({ params, query, caller }) =>
      openSavedSearchResponse.parse(
        await openSavedSearch(caller.sub, params.savedSearchId, {
          onlyNew: query.only === 'new',
          cursor: query.cursor ?? null,
          limit: query.limit,
        }),
      ),
  }),

  'PUT /me/search-alerts': endpoint({
    auth: 'user',
    body: searchAlertsBody,
    handle: async ({ body, caller }) => {
      await setSearchAlerts(caller.sub, body.on, new Date().toISOString());
      return searchAlertsResponse.parse({ on: body.on });
    },
  }),
};
