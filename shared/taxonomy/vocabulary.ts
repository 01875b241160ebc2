import type { Vocabulary, VocabularyTerm } from '../search/vocabulary';
import { COUNTRIES, REGIONS, regionCountryNames } from './places';
import type { Taxonomy } from './taxonomy';

/**
 * The taxonomy as the search box's vocabulary (shared/search/vocabulary.ts): every label and
 * synonym of a sector or stage names that entry ("payments" → Fintech), every name of a country
 * names it ("usa" → United States), and a region names all of its countries ("europe").
 */
export function taxonomyVocabulary(taxonomy: Taxonomy): Vocabulary {
  const terms: VocabularyTerm[] = [];
  for (const [kind, facet] of [
    ['sector', 'sector'],
    ['stage', 'stage'],
  ] as const)
    for (const entry of taxonomy.entries(kind))
      for (const text of [entry.label, ...entry.synonyms])
        terms.push({ text, facet, values: [entry.value], label: entry.label });
  for (const country of COUNTRIES)
    for (const text of country.names)
      if (text.length > 2)
        terms.push({ text, facet: 'country', values: [country.name], label: country.name });
  for (const region of REGIONS) {
    const values = regionCountryNames(region);
    for (const text of [region.name, ...region.synonyms])
      terms.push({ text, facet: 'country', values, label: region.name, region: true });
  }
  return { terms: () => terms };
}
