import type { SearchFilters } from '../../../shared/search/filters';
import { resolveCity, resolveCountry } from '../../../shared/taxonomy/places';
import { currentTaxonomy } from '../table/repositories/taxonomy';

/**
 * The filters on the taxonomy: a sector or stage in any spelling its sources used (a link with
 * `sectorFocus=fintech (payments, lending)`) searches the entry it names ("fintech"); a value off
 * the list is searched as given (and finds nobody). Countries and cities by any of their names. The
 * directory's search and the shortlist (issue 35) read their filters through it.
 */
export async function onTaxonomy(filters: SearchFilters): Promise<SearchFilters> {
  // Places likewise: "usa" is the United States, "kobenhavn" Copenhagen (within the country when given).
  const country = filters.country !== undefined ? resolveCountry(filters.country) : null;
  const city = filters.city !== undefined ? resolveCity(filters.city, country ? [country.code] : []) : null;
  filters = {
    ...filters,
    ...(country ? { country: country.name } : {}),
    ...(city ? { city: city.name } : {}),
  };
  if (filters.sector === undefined && filters.stage === undefined) return filters;
  const taxonomy = await currentTaxonomy();
  const sector = filters.sector !== undefined ? taxonomy.resolve('sector', filters.sector) : null;
  const stage = filters.stage !== undefined ? taxonomy.resolve('stage', filters.stage) : null;
  return {
    ...filters,
    ...(sector ? { sector: sector.value } : {}),
    ...(stage ? { stage: stage.value } : {}),
  };
}
