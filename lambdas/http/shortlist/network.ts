import {
  connectionsSummarySchema,
  deleteConnectionsResponse,
  uploadConnectionsBody,
  uploadConnectionsResponse,
  warmPathsBody,
  warmPathsResponse,
} from '../../../shared/api/network';
import { endpoint } from '../../lib/http';
import {
  connectionsSummary,
  deleteConnections,
  uploadConnections,
  warmPathsByIds,
} from '../../lib/network/network';

/**
 * The shortlist function's area for a founder's own connections (issue 52): their upload a page at
 * a time, their count, their deletion at once, and the warm paths to a page of investors. The
 * caller's own only: every key is built from the verified caller. A module of its own, loaded at the
 * first request of one of its routes (`lambdas/http/shortlist.ts`).
 */
export const endpoints = {
  'GET /me/connections': endpoint({
    auth: 'user',
    handle: async ({ caller }) => connectionsSummarySchema.parse(await connectionsSummary(caller.sub)),
  }),

  'POST /me/connections': endpoint({
    auth: 'user',
    body: uploadConnectionsBody,
    handle: async ({ body, caller }) =>
      uploadConnectionsResponse.parse(await uploadConnections(caller.sub, body)),
  }),

  'DELETE /me/connections': endpoint({
    auth: 'user',
    handle: async ({ caller }) => deleteConnectionsResponse.parse(await deleteConnections(caller.sub)),
  }),

  'POST /me/connections/paths': endpoint({
    auth: 'user',
    body: warmPathsBody,
    handle: async ({ body, caller }) =>
      warmPathsResponse.parse(await warmPathsByIds(caller.sub, body.investorIds)),
  }),
};
