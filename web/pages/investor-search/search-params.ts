import { formatCompactUsd } from '../../../shared/format/money';
import { investorRoleLabel, isInvestorRole } from '../../../shared/investors/roles';
import { HAS_CONTACT_LABELS, HAS_CONTACTS, type HasContact } from '../../../shared/search/filters';
import { tagLabel } from '../../../shared/tags/display';

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

export type InvestorSearch = Partial<Record<FilterKey, string>> & { sort?: 'updated' };

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
        .filter((kind): kind is HasContact => HAS_CONTACTS.includes(kind as HasContact));
      if (kinds.length > 0) search.has = [...new Set(kinds)].join(',');
      continue;
    }
    search[key] = value;
  }
  if (Object.keys(search).length === 0) return null;
  if (params.get('sort') === 'updated') search.sort = 'updated';
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

export function hasKinds(search: InvestorSearch | null): HasContact[] {
  return (search?.has?.split(',') ?? []) as HasContact[];
}

export function withHasKind(search: InvestorSearch | null, kind: HasContact, on: boolean): InvestorSearch {
  const kinds = new Set(hasKinds(search));
  if (on) kinds.add(kind);
  else kinds.delete(kind);
  return withFilter(search, 'has', HAS_CONTACTS.filter((k) => kinds.has(k)).join(',') || undefined);
}

export interface Chip {
  key: FilterKey;
  /** For 'has': which contact kind the chip removes. */
  kind?: HasContact;
  label: string;
}

const amount = (value: string) => formatCompactUsd(Number(value));

/** The active filters as removable chips, in the order of the filter panel. */
export function chipsOf(search: InvestorSearch | null): Chip[] {
  if (!search) return [];
  const chips: Chip[] = [];
  if (search.q) chips.push({ key: 'q', label: `“${search.q}”` });
  if (search.role) chips.push({ key: 'role', label: investorRoleLabel(search.role) });
  if (search.stageFocus)
    chips.push({ key: 'stageFocus', label: `stageFocus:${tagLabel(search.stageFocus)}` });
  if (search.sectorFocus)
    chips.push({ key: 'sectorFocus', label: `sectorFocus:${tagLabel(search.sectorFocus)}` });
  if (search.country) chips.push({ key: 'country', label: search.country });
  if (search.city) chips.push({ key: 'city', label: search.city });
  if (search.checkMin) chips.push({ key: 'checkMin', label: `Cheque from ${amount(search.checkMin)}` });
  if (search.checkMax) chips.push({ key: 'checkMax', label: `Cheque up to ${amount(search.checkMax)}` });
  for (const kind of hasKinds(search)) chips.push({ key: 'has', kind, label: HAS_CONTACT_LABELS[kind] });
  return chips;
}

const TYPED_FILTER = /^(stageFocus|sectorFocus|role|country|city):\s*(.+)$/i;

/**
 * What the founder typed in the search box, added to the search: `stageFocus:seed` (the spec's
 * syntax, any case of the key) sets that filter, anything else searches names and firms.
 */
export function withTypedText(search: InvestorSearch | null, text: string): InvestorSearch {
  const typed = text.trim();
  const match = TYPED_FILTER.exec(typed);
  if (!match) return withFilter(search, 'q', typed || undefined);
  const key = FILTER_KEYS.find((k) => k.toLowerCase() === (match[1] as string).toLowerCase()) as FilterKey;
  const value = (match[2] as string).trim();
  const roleValue = key === 'role' ? value.toLowerCase().replace(/\s+/g, '_') : value;
  return withFilter(search, key, roleValue);
}
