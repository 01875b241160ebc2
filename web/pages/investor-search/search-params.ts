import type { SearchFacetsResponse } from '../../../shared/api/directory';
import { formatCompactUsd } from '../../../shared/format/money';
import { investorRoleLabel, isInvestorRole } from '../../../shared/investors/roles';
import {
  HAS_FILTER_LABELS,
  HAS_FILTERS,
  type HasFilter,
  SEARCH_SORTS,
  type SearchSort,
} from '../../../shared/search/filters';
import { placeLabel, tagLabel } from '../../../shared/tags/display';

/**
 * The search a URL holds: every filter is a query parameter named as the API names it, so a search
 * is shareable, the back button undoes a filter, and the spec's `?stageFocus=`, `?sectorFocus=` and
 * the home page's `?role=` links land on this page with that filter set.
 */
export const FILTER_KEYS = [
  'q',
  'role',
  'stageFocus',
  'sectorFocus',
  'country',
  'city',
  'checkMin',
  'checkMax',
  'has',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * `sort`: the order chosen (none: "Best match" with typed words, "Name" without); `close`: the close
 * matches of the typed words shown too ("Also close").
 */
export type InvestorSearch = Partial<Record<FilterKey, string>> & { sort?: SearchSort; close?: 'include' };

const WHOLE_AMOUNT = /^\d{1,12}$/;

/** The search in the URL; null when it sets no filter ("Enter a search term"). Bad values are dropped. */
export function searchFromParams(params: URLSearchParams): InvestorSearch | null {
  const search: InvestorSearch = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (key === 'role' && !isInvestorRole(value) && value !== 'unknown') continue;
    if ((key === 'checkMin' || key === 'checkMax') && !WHOLE_AMOUNT.test(value)) continue;
    if (key === 'has') {
      const kinds = value
        .split(',')
        .filter((kind): kind is HasFilter => HAS_FILTERS.includes(kind as HasFilter));
      if (kinds.length > 0) search.has = [...new Set(kinds)].join(',');
      continue;
    }
    search[key] = value;
  }
  if (Object.keys(search).length === 0) return null;
  const sort = params.get('sort');
  if (sort && (SEARCH_SORTS as readonly string[]).includes(sort)) search.sort = sort as SearchSort;
  if (params.get('close') === 'include' && search.q) search.close = 'include';
  return search;
}

/** The URL query of a search, filters in a stable order. */
export function paramsOf(search: InvestorSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = search[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  if (search.sort) params.set('sort', search.sort);
  if (search.close && search.q) params.set('close', search.close);
  return params;
}

/** The search with one filter set to a value (or removed, with undefined). */
export function withFilter(
  search: InvestorSearch | null,
  key: FilterKey,
  value: string | undefined,
): InvestorSearch {
  const next: InvestorSearch = { ...search };
  if (value === undefined || value.trim() === '') delete next[key];
  else next[key] = value.trim();
  return next;
}

export function hasKinds(search: InvestorSearch | null): HasFilter[] {
  return (search?.has?.split(',') ?? []) as HasFilter[];
}

export function withHasKind(search: InvestorSearch | null, kind: HasFilter, on: boolean): InvestorSearch {
  const kinds = new Set(hasKinds(search));
  if (on) kinds.add(kind);
  else kinds.delete(kind);
  return withFilter(search, 'has', HAS_FILTERS.filter((k) => kinds.has(k)).join(',') || undefined);
}

export interface Chip {
  key: FilterKey;
  /** For 'has': which contact kind the chip removes. */
  kind?: HasFilter;
  /** What the chip says: "Stage: Seed", "Country: Sweden", "Has LinkedIn". */
  label: string;
  /** The value alone, as the page title lists it: "Seed", "Sweden". */
  value: string;
}

const amount = (value: string) => formatCompactUsd(Number(value));

/** The directory's own spelling of a place (the facets' label), else the value written as a place. */
function placeOf(value: string, known: readonly { value: string; label: string }[] | undefined): string {
  const folded = value.toLocaleLowerCase('en');
  const label = known?.find((item) => item.value.toLocaleLowerCase('en') === folded)?.label;
  return label && label !== label.toLocaleLowerCase('en') ? label : placeLabel(label ?? value);
}

/**
 * The active filters as removable chips, in the order of the filter panel, in a founder's words
 * ("Stage: Seed", "Sector: Fintech", "Country: Sweden"; issue 32): places as the directory spells them
 * (`facets`, when loaded) or in proper case.
 */
export function chipsOf(search: InvestorSearch | null, facets?: SearchFacetsResponse['facets']): Chip[] {
  if (!search) return [];
  const chips: Chip[] = [];
  const chip = (key: FilterKey, name: string | null, value: string, kind?: HasFilter) =>
    chips.push({ key, ...(kind ? { kind } : {}), label: name ? `${name}: ${value}` : value, value });
  if (search.q) chip('q', null, `“${search.q}”`);
  if (search.role) chip('role', 'Type', investorRoleLabel(search.role));
  if (search.stageFocus) chip('stageFocus', 'Stage', tagLabel(search.stageFocus));
  if (search.sectorFocus) chip('sectorFocus', 'Sector', tagLabel(search.sectorFocus));
  if (search.country) chip('country', 'Country', placeOf(search.country, facets?.country));
  if (search.city) chip('city', 'City', placeOf(search.city, facets?.city));
  if (search.checkMin) chip('checkMin', null, `Cheque from ${amount(search.checkMin)}`);
  if (search.checkMax) chip('checkMax', null, `Cheque up to ${amount(search.checkMax)}`);
  for (const kind of hasKinds(search)) chip('has', null, HAS_FILTER_LABELS[kind], kind);
  return chips;
}

const TYPED_FILTER = /^(stageFocus|sectorFocus|stage|sector|role|type|country|city):\s*(.+)$/i;

/** The words a founder may type before a colon, besides the spec's `stageFocus:` and `sectorFocus:`. */
const TYPED_ALIASES: Readonly<Record<string, FilterKey>> = {
  stage: 'stageFocus',
  sector: 'sectorFocus',
  type: 'role',
};

/**
 * What the founder typed in the search box, added to the search: `stageFocus:seed` (the spec's
 * syntax, any case of the key; also `stage:`, `sector:`, `type:`, `country:`, `city:`) sets that
 * filter, anything else searches names and firms.
 */
export function withTypedText(search: InvestorSearch | null, text: string): InvestorSearch {
  const typed = text.trim();
  const match = TYPED_FILTER.exec(typed);
  if (!match) return withFilter(search, 'q', typed || undefined);
  const typedKey = (match[1] as string).toLowerCase();
  const key = TYPED_ALIASES[typedKey] ?? (FILTER_KEYS.find((k) => k.toLowerCase() === typedKey) as FilterKey);
  const value = (match[2] as string).trim();
  const roleValue = key === 'role' ? value.toLowerCase().replace(/\s+/g, '_') : value;
  return withFilter(search, key, roleValue);
}
