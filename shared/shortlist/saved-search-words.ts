import { formatCompactUsd } from '../format/money';
import { publicRoleLabel } from '../investors/roles';
import { HAS_FILTER_LABELS, HAS_FILTERS } from '../search/filters';
import { placeLabel, tagLabel } from '../tags/display';
import { resolveCity, resolveCountry } from '../taxonomy/places';
import { DEFAULT_TAXONOMY, type Taxonomy, type TaxonomyKind } from '../taxonomy/taxonomy';

/**
 * A saved search's filters in a founder's words (issue 50), for the account page, the saved search's
 * page and the alert email: `"acme" · Seed · Robotics · Berlin · Has email` rather than
 * `stageFocus: seed · sectorFocus: robotics`. Stages and sectors take the taxonomy's labels, places
 * the directory's spelling, the typed text stays in quotes; in the search page's order.
 */
export function savedFiltersWords(
  filters: Readonly<Record<string, string | undefined>>,
  taxonomy: Taxonomy = DEFAULT_TAXONOMY,
): string[] {
  const words: string[] = [];
  const text = (key: string) => filters[key]?.trim() || undefined;
  const tag = (kind: TaxonomyKind, value: string) => taxonomy.resolve(kind, value)?.label ?? tagLabel(value);
  const q = text('q');
  if (q) words.push(`“${q}”`);
  const role = text('role');
  if (role) words.push(publicRoleLabel(role) ?? tagLabel(role.replace(/_/g, ' ')));
  const stage = text('stageFocus');
  if (stage) words.push(tag('stage', stage));
  const sector = text('sectorFocus');
  if (sector) words.push(tag('sector', sector));
  const city = text('city');
  if (city) words.push(resolveCity(city)?.name ?? placeLabel(city));
  const country = text('country');
  if (country) words.push(resolveCountry(country)?.name ?? placeLabel(country));
  const amount = (key: string) => {
    const value = Number(text(key));
    return Number.isFinite(value) && value > 0 ? formatCompactUsd(value) : null;
  };
  const min = amount('checkMin');
  const max = amount('checkMax');
  if (min && max) words.push(`Cheque ${min}–${max}`);
  else if (min) words.push(`Cheque from ${min}`);
  else if (max) words.push(`Cheque up to ${max}`);
  const has = (text('has') ?? '').split(',').map((kind) => kind.trim());
  for (const kind of HAS_FILTERS) if (has.includes(kind)) words.push(HAS_FILTER_LABELS[kind]);
  return words;
}

/** The filters as one line ("Seed · Robotics · Berlin"), or null for no filter at all. */
export function savedFiltersLine(
  filters: Readonly<Record<string, string | undefined>>,
  taxonomy: Taxonomy = DEFAULT_TAXONOMY,
): string | null {
  const words = savedFiltersWords(filters, taxonomy);
  return words.length > 0 ? words.join(' · ') : null;
}
