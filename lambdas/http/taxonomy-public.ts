import { type TaxonomyResponse, taxonomyResponse } from '../../shared/api/taxonomy';
import { COUNTRIES, REGIONS } from '../../shared/taxonomy/places';
import type { Taxonomy } from '../../shared/taxonomy/taxonomy';
import { endpoint } from '../lib/http';
import { loadTaxonomy } from '../lib/table/repositories/taxonomy';

/** The lists the forms choose from. */
export function taxonomyLists(taxonomy: Taxonomy): TaxonomyResponse {
  const entries = (kind: 'sector' | 'stage') =>
    taxonomy.entries(kind).map(({ value, label, synonyms }) => ({ value, label, synonyms }));
  return taxonomyResponse.parse({
    sectors: entries('sector'),
    stages: entries('stage'),
    countries: COUNTRIES.map(({ code, name }) => ({ code, name })),
    regions: REGIONS.map(({ name, countries }) => ({ name, countries: [...countries] })),
  });
}

/** The public list (the directory function). */
export const publicTaxonomyEndpoints = {
  'GET /taxonomy': endpoint({
    auth: 'public',
    handle: async () => taxonomyLists(await loadTaxonomy()),
  }),
};
