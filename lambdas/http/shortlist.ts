import { searchFiltersOf } from '../../shared/api/directory';
import { projectIdParams } from '../../shared/api/params';
import {
  createSavedSearchBody,
  deleteSavedSearchResponse,
  listSavedSearchesResponse,
  openSavedSearchQuery,
  openSavedSearchResponse,
  passParams,
  passResponse,
  renameSavedSearchBody,
  savedSearchIdParams,
  savedSearchViewSchema,
  searchAlertsBody,
  searchAlertsResponse,
  shortlistQuery,
  shortlistResponse,
} from '../../shared/api/shortlist';
import { onTaxonomy } from '../lib/directory/filters-on-taxonomy';
import { endpoint, httpHandler } from '../lib/http';
import {
  deleteSearch,
  listSavedSearchViews,
  openSavedSearch,
  projectShortlist,
  renameSearch,
  saveSearch,
  setPass,
} from '../lib/shortlist/shortlists';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';
import { setSearchAlerts } from '../lib/table/repositories/shortlists';

/**
 * Shortlists (issue 35): a project's investors ranked by fit (its creator only), its "Not a fit"
 * list, saved searches and their weekly alert's switch. Its own function, which loads the search
 * index in memory as the directory does (docs/decisions.md, "The shortlist: ranking by fit"): the
 * directory stays public and read-only, and this one writes only the founder's shortlist partition.
 */
export const handler = httpHandler(
  'shortlist',
  {
    'GET /projects/{projectId}/investors': endpoint({
      auth: 'user',
      params: projectIdParams,
      query: shortlistQuery,
      handle: async ({ params, query, caller }) =>
        shortlistResponse.parse(
          await projectShortlist(caller.sub, params.projectId, {
            filters: await onTaxonomy(searchFiltersOf(query)),
            bought: query.bought,
            passed: query.passed,
            cursor: query.cursor ?? null,
            limit: query.limit,
          }),
        ),
    }),

    'PUT /projects/{projectId}/passes/{investorId}': endpoint({
      auth: 'user',
      params: passParams,
      handle: async ({ params, caller }) =>
        passResponse.parse(await setPass(caller.sub, params.projectId, params.investorId, true)),
    }),

    'DELETE /projects/{projectId}/passes/{investorId}': endpoint({
      auth: 'user',
      params: passParams,
      handle: async ({ params, caller }) =>
        passResponse.parse(await setPass(caller.sub, params.projectId, params.investorId, false)),
    }),

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
  },
  { isInvestorAccount },
);
