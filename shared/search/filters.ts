import { normalizeTag } from '../tags/normalize-tag';
import { foldText } from './fold';

/**
 * The directory's filters, as the URL, the API and the in-memory index all name them. Filters
 * combine with AND; each takes one value, so a founder replaces a value by clicking another.
 */

/** Contact kinds a founder can require ("has email"). */
export const HAS_CONTACTS = ['email', 'linkedin', 'phone'] as const;
export type HasContact = (typeof HAS_CONTACTS)[number];

export const HAS_CONTACT_LABELS: Readonly<Record<HasContact, string>> = {
  email: 'Has email',
  linkedin: 'Has LinkedIn',
  phone: 'Has phone',
};

/**
 * The `has=` filters: the contact kinds, and "deployed" (issue 52: a new deal in the last 12
 * months, by the dated recent investments; docs/decisions.md, "Deploying now").
 */
export const HAS_FILTERS = [...HAS_CONTACTS, 'deployed'] as const;
export type HasFilter = (typeof HAS_FILTERS)[number];

export const HAS_FILTER_LABELS: Readonly<Record<HasFilter, string>> = {
  ...HAS_CONTACT_LABELS,
  deployed: 'Deployed in the last 12 months',
};

/**
 * Result orders: the best match first (typed words: exact before close, then what a founder can act
 * on, then the most recently updated), by name (the spec's order, and the default for browsing), or
 * most recently updated first. Without typed words "Best match" is the name order.
 */
export const SEARCH_SORTS = ['best', 'name', 'updated'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_SORT_LABELS: Readonly<Record<SearchSort, string>> = {
  best: 'Best match',
  name: 'Name',
  updated: 'Recently updated',
};

/** The order a search takes when none is chosen: "Best match" for typed words, "Name" for browsing. */
export const defaultSort = (q: string | undefined): SearchSort => (q?.trim() ? 'best' : 'name');

/** The filters whose values get counts beside them (facets). */
export const FACETS = ['role', 'stage', 'sector', 'country', 'city'] as const;
export type Facet = (typeof FACETS)[number];

/** The key a facet value is matched by: the role as stored, a normalised tag, a folded place ('Zürich' = 'zurich'). */
export function facetValueKey(facet: Facet, value: string): string {
  if (facet === 'role') return value;
  if (facet === 'stage' || facet === 'sector') return normalizeTag(value);
  return foldText(value);
}

export interface SearchFilters {
  /** Free text: every word is the start of a word of the name or the firm (accents and case folded). */
  q?: string;
  role?: string;
  stage?: string;
  sector?: string;
  country?: string;
  city?: string;
  /** A cheque range: investors whose min–max overlaps it (either bound may be absent). */
  checkMin?: number;
  checkMax?: number;
  has?: readonly HasFilter[];
  /**
   * Also the close matches of the typed words (the start of a word, a spelling near one), not only
   * the exact ones: the founder chose "Also close" (docs/decisions.md, "What a search counts").
   */
  close?: boolean;
  /**
   * Only investors new since this instant (ms): added to the directory after it, or confirmed by the
   * investor themselves since (a saved search's "new since it was last opened", issue 35). Never
   * from a URL: the server sets it.
   */
  newSince?: number;
}

/** True when no filter is set: the whole directory. */
export function noFilters(filters: SearchFilters): boolean {
  return (
    !filters.q &&
    FACETS.every((facet) => filters[facet] === undefined) &&
    filters.checkMin === undefined &&
    filters.checkMax === undefined &&
    (filters.has ?? []).length === 0 &&
    filters.newSince === undefined
  );
}
