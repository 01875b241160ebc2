import { area, httpHandler } from '../lib/http';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';

/**
 * Shortlists (issue 35): a project's investors ranked by fit (its creator only), its "Not a fit"
 * list, saved searches and their weekly alert's switch. Its own function, which loads the search
 * index in memory as the directory does (docs/decisions.md, "The shortlist: ranking by fit"): the
 * directory stays public and read-only, and this one writes only the founder's shortlist partition.
 * Each area is a module of its own, loaded at the first request of one of its routes (a chunk of
 * its own in the bundle).
 */
const ranking = area('ranking', () => import('./shortlist/ranking'));
const searches = area('searches', () => import('./shortlist/searches'));
const network = area('network', () => import('./shortlist/network'));

export const handler = httpHandler(
  'shortlist',
  {
    'GET /projects/{projectId}/investors': ranking,
    'PUT /projects/{projectId}/passes/{investorId}': ranking,
    'DELETE /projects/{projectId}/passes/{investorId}': ranking,
    'GET /me/saved-searches': searches,
    'POST /me/saved-searches': searches,
    'PATCH /me/saved-searches/{savedSearchId}': searches,
    'DELETE /me/saved-searches/{savedSearchId}': searches,
    'GET /me/saved-searches/{savedSearchId}/investors': searches,
    'PUT /me/search-alerts': searches,
    'GET /me/connections': network,
    'POST /me/connections': network,
    'DELETE /me/connections': network,
    'POST /me/connections/paths': network,
  },
  { isInvestorAccount },
);
