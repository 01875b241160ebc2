import {
  searchFacetsQuery,
  searchFacetsResponse,
  searchFiltersOf,
  searchInvestorsQuery,
  suggestionsQuery,
  suggestionsResponse,
} from '../../../shared/api/directory';
import { INVALID_CURSOR } from '../../../shared/api/paging';
import { InvalidSearchCursorError } from '../../../shared/search/engine';
import { defaultSort } from '../../../shared/search/filters';
import { onTaxonomy } from '../../lib/directory/filters-on-taxonomy';
import { currentSearchIndex } from '../../lib/directory/search-index';
import { BadRequestError } from '../../lib/errors';
import { endpoint } from '../../lib/http';
import { InvalidCursorError } from '../../lib/table/model';
import { searchByTag } from '../../lib/table/repositories/investors';

/**
 * The directory function's area for the search: results, facets and suggestions, from the search
 * snapshot (and its engine, and the places of the taxonomy). A module of its own, loaded at the
 * first request of one of its routes (`lambdas/http/directory.ts`).
 */
export const endpoints = {
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
      // "Best match" for typed words, the name order for browsing (and "Best match" without words).
      const chosen = query.sort ?? defaultSort(query.q);
      const sort = chosen === 'best' && !filters.q ? 'name' : chosen;
      try {
        // The spec's search (one stage or sector tag, by name) reads the tag's postings, fresh at
        // every write; any other search reads the snapshot index (docs/data-model.md, "Search").
        const single = Object.keys(filters).length === 1 && sort === 'name';
        if (single && filters.stage !== undefined)
          return await searchByTag('stage', filters.stage, cursor, query.limit);
        if (single && filters.sector !== undefined)
          return await searchByTag('sector', filters.sector, cursor, query.limit);
        return (await currentSearchIndex()).page(filters, sort, cursor, query.limit);
      } catch (error) {
        if (error instanceof InvalidCursorError || error instanceof InvalidSearchCursorError)
          throw new BadRequestError(INVALID_CURSOR);
        throw error;
      }
    },
  }),
};
