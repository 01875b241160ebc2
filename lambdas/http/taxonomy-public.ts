import { type TaxonomyResponse, taxonomyResponse } from '../../shared/api/taxonomy';
import type { Facet } from '../../shared/search/filters';
import { COUNTRIES, REGIONS } from '../../shared/taxonomy/places';
import type { Taxonomy } from '../../shared/taxonomy/taxonomy';
import { endpoint } from '../lib/http';
import { loadTaxonomy } from '../lib/table/repositories/taxonomy';

/** How many searchable investors carry a facet's value, or null when not known. */
export type CarriedCount = (facet: Facet, value: string) => number | null;

const UNKNOWN: CarriedCount = () => null;

/** The lists the forms choose from, each value with how many investors carry it. */
export function taxonomyLists(taxonomy: Taxonomy, carried: CarriedCount = UNKNOWN): TaxonomyResponse {
  const entries = (kind: 'sector' | 'stage') =>
    taxonomy.entries(kind).map(({ value, label, synonyms, near }) => ({
      value,
      label,
      synonyms,
      near,
      investors: carried(kind, value),
    }));
  return taxonomyResponse.parse({
    sectors: entries('sector'),
    stages: entries('stage'),
    countries: COUNTRIES.map(({ code, name, names }) => ({
      code,
      name,
      names: names.filter((n) => n !== name),
      investors: carried('country', name),
    })),
    regions: REGIONS.map(({ name, countries }) => ({ name, countries: [...countries] })),
  });
}

/**
 * The counts of the search index the directory searches (the same snapshot as the filters' facets),
 * so a picker offers exactly what a filter finds. Null counts when there is no index yet.
 */
async function carriedCounts(): Promise<CarriedCount> {
  try {
    const { currentSearchIndex } = await import('../lib/directory/search-index');
    const index = await currentSearchIndex();
    return (facet, value) => (index.facetValueId(facet, value) < 0 ? 0 : index.count({ [facet]: value }));
  } catch {
    return UNKNOWN;
  }
}

/** The public list (the directory function). */
export const publicTaxonomyEndpoints = {
  'GET /taxonomy': endpoint({
    auth: 'public',
    handle: async () => {
      const [taxonomy, carried] = await Promise.all([loadTaxonomy(), carriedCounts()]);
      return taxonomyLists(taxonomy, carried);
    },
  }),
};
