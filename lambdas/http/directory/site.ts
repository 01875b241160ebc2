import { portalIdParams, portalSchema, roleCountsResponse } from '../../../shared/api/directory';
import { INVESTOR_ROLES, UNKNOWN_ROLE_KEY } from '../../../shared/investors/roles';
import { NotFoundError } from '../../lib/errors';
import { endpoint } from '../../lib/http';
import { getLatestDirectoryMetadata } from '../../lib/table/repositories/investors';
import { getPortal } from '../../lib/table/repositories/portals';

/**
 * The directory function's area for what the home page and a partner firm's page read: the
 * directory's counts and the portal. A module of its own, loaded at the first request of one of its
 * routes (`lambdas/http/directory.ts`).
 */
export const endpoints = {
  'GET /directory/metadata': endpoint({
    auth: 'public',
    handle: () => getLatestDirectoryMetadata(),
  }),

  'GET /directory/role-counts': endpoint({
    auth: 'public',
    handle: async () => {
      const metadata = await getLatestDirectoryMetadata();
      // 'unknown': investors whose type is missing or not one of ours, so the types add up to the total.
      const counts = Object.fromEntries(
        [...INVESTOR_ROLES, UNKNOWN_ROLE_KEY].map((role) => [role, metadata?.countsByRole[role] ?? 0]),
      );
      return roleCountsResponse.parse({ counts });
    },
  }),

  'GET /portals/{portalId}': endpoint({
    auth: 'public',
    params: portalIdParams,
    handle: async ({ params }) => {
      const portal = await getPortal(params.portalId);
      if (!portal) throw new NotFoundError('Portal not found');
      return portalSchema.parse(portal);
    },
  }),
};
