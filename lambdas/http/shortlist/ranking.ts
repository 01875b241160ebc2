import { searchFiltersOf } from '../../../shared/api/directory';
import { projectIdParams } from '../../../shared/api/params';
import { passParams, passResponse, shortlistQuery, shortlistResponse } from '../../../shared/api/shortlist';
import { onTaxonomy } from '../../lib/directory/filters-on-taxonomy';
import { endpoint } from '../../lib/http';
import { projectShortlist, setPass } from '../../lib/shortlist/shortlists';

/**
 * The shortlist function's area for a project's investors ranked by fit, from the search index in
 * memory, and its "Not a fit" list. A module of its own, loaded at the first request of one of its
 * routes (`lambdas/http/shortlist.ts`).
 */
export const endpoints = {
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
          rest: query.rest,
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
};
