import {
  investorIdParams,
  portalIdParams,
  portalSchema,
  roleCountsResponse,
  searchInvestorsQuery,
} from '../../shared/api/directory';
import { INVESTOR_ROLES } from '../../shared/investors/roles';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { endpoint, httpHandler } from '../lib/http';
import { InvalidCursorError } from '../lib/table/model';
import {
  getImportedInvestor,
  getLatestDirectoryMetadata,
  getSearchableInvestor,
  searchByTag,
  toProfile,
} from '../lib/table/repositories/investors';
import { getPortal } from '../lib/table/repositories/portals';

/** Directory and search: public routes that never carry a contact detail. */
export const handler = httpHandler('directory', {
  'GET /directory/metadata': endpoint({
    auth: 'public',
    handle: () => getLatestDirectoryMetadata(),
  }),

  'GET /directory/role-counts': endpoint({
    auth: 'public',
    handle: async () => {
      const metadata = await getLatestDirectoryMetadata();
      const counts = Object.fromEntries(
        INVESTOR_ROLES.map((role) => [role, metadata?.countsByRole[role] ?? 0]),
      );
      return roleCountsResponse.parse({ counts });
    },
  }),

  'GET /investors': endpoint({
    auth: 'public',
    query: searchInvestorsQuery,
    handle: async ({ query }) => {
      const [kind, tag] =
        query.stageFocus !== undefined
          ? (['stage', query.stageFocus] as const)
          : (['sector', query.sectorFocus ?? ''] as const);
      try {
        return await searchByTag(kind, tag, query.cursor ?? null, query.limit);
      } catch (error) {
        if (error instanceof InvalidCursorError)
          throw new BadRequestError("Invalid query parameter 'cursor'");
        throw error;
      }
    },
  }),

  'GET /investors/{investorId}': endpoint({
    auth: 'public',
    params: investorIdParams,
    handle: async ({ params }) => {
      const investor = await getSearchableInvestor(params.investorId);
      if (!investor) throw new NotFoundError('Investor not found');
      return toProfile(investor, await getImportedInvestor(investor.importedInvestorId));
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
});
