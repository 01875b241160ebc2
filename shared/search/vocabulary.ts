import type { Facet } from './filters';

/**
 * What the search box understands besides names, firms and thesis words: the words that name a
 * filter value. "fintech" names the sector Fintech, "sao paulo" the city São Paulo, "family office"
 * the type Family Office. The index always takes the spellings its own data uses; a vocabulary adds
 * more (the taxonomy's synonyms: "payments" → Fintech, "usa" → United States; its regions: "europe"
 * → every European country). The index builder takes it as a plain list, so the taxonomy plugs in
 * by turning its entries into terms.
 */
export interface VocabularyTerm {
  /** What a founder may type: a label, a spelling or a synonym. */
  text: string;
  /** The filter it stands for. */
  facet: Facet;
  /**
   * The values of that filter it selects, as filters take them (any spelling: the index keys them
   * with `facetValueKey`). One for a sector or a city; every country of a region.
   */
  values: readonly string[];
  /** What a suggestion shows ("Fintech", "Europe"). */
  label: string;
  /** A region: it names several countries, so choosing it searches its words instead of setting one country. */
  region?: boolean;
}

export interface Vocabulary {
  terms(): Iterable<VocabularyTerm>;
}

/** No words beyond the data's own spellings (an index built without the taxonomy's: tests, benches). */
export const NO_VOCABULARY: Vocabulary = { terms: () => [] };

/** A vocabulary from a fixed list (tests, and the taxonomy's adapter). */
export const vocabularyOf = (terms: readonly VocabularyTerm[]): Vocabulary => ({ terms: () => terms });
