import {
  investorIdParams,
  portalIdParams,
  portalSchema,
  roleCountsResponse,
  searchFacetsQuery,
  searchFacetsResponse,
  searchFiltersOf,
  searchInvestorsQuery,
  suggestionsQuery,
  suggestionsResponse,
} from '../../shared/api/directory';
import { INVALID_CURSOR } from '../../shared/api/paging';
import { INVESTOR_ROLES, UNKNOWN_ROLE_KEY } from '../../shared/investors/roles';
import { InvalidSearchCursorError } from '../../shared/search/engine';
import { profileOnTaxonomy } from '../../shared/taxonomy/profile';
import { onTaxonomy } from '../lib/directory/filters-on-taxonomy';
import { currentSearchIndex } from '../lib/directory/search-index';
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
import { getProfileSheet } from '../lib/table/repositories/profile-facts';
import { loadTaxonomy } from '../lib/table/repositories/taxonomy';
import { publicTaxonomyEndpoints } from './taxonomy-public';

/** Directory and search: public routes that never carry a contact detail. */
export const handler = httpHandler('directory', {
  ...publicTaxonomyEndpoints,

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

  'GET /directory/facets': endpoint({
    auth: 'public',
    query: searchFacetsQuery,
    handle: async ({ query }) =>
      searchFacetsResponse.parse(
        (await currentSearchIndex()).facets(await onTaxonomy(searchFiltersOf(query))),
      ),
  }),

  'GET /directory/suggestions': endpoint({
    auth: 'public',
    query: suggestionsQuery,
    handle: async ({ query }) =>
      suggestionsResponse.parse({ suggestions: (await currentSearchIndex()).suggest(query.q) }),
  }),

  'GET /investors': endpoint({
    auth: 'public',
    query: searchInvestorsQuery,
    handle: async ({ query }) => {
      const filters = await onTaxonomy(searchFiltersOf(query));
      const cursor = query.cursor ?? null;
      try {
        // The spec's search (one stage or sector tag, by name) reads the tag's postings, fresh at
        // every write; any other search reads the snapshot index (docs/data-model.md, "Search").
        const single = Object.keys(filters).length === 1 && query.sort === 'name';
        if (single && filters.stage !== undefined)
          return await searchByTag('stage', filters.stage, cursor, query.limit);
        if (single && filters.sector !== undefined)
          return await searchByTag('sector', filters.sector, cursor, query.limit);
        return (await currentSearchIndex()).page(filters, query.sort, cursor, query.limit);
      } catch (error) {
        if (error instanceof InvalidCursorError || error instanceof InvalidSearchCursorError)
          throw new BadRequestError(INVALID_CURSOR);
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
      const imported = await getImportedInvestor(investor.importedInvestorId);
      const [sheet, taxonomy] = await Promise.all([getProfileSheet(investor, imported), loadTaxonomy()]);
      return profileOnTaxonomy(toProfile(investor, imported, sheet), taxonomy);
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
