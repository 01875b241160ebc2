import { normalizeTag } from './normalize-tag';

/** A tag with the number of investors that carry it, as in the directory metadata. */
export interface TagCount {
  tagKey: string;
  count: number;
}

/** Sector counts on the directory home are shown only when the count is above this (spec section 9). */
export const HOME_SECTOR_COUNT_ABOVE = 1;

const byTagKey = (a: TagCount, b: TagCount): number =>
  a.tagKey.localeCompare(b.tagKey, 'en') || (a.tagKey < b.tagKey ? -1 : a.tagKey > b.tagKey ? 1 : 0);

/**
 * Tag counts merged by normalised tag (counts of `'SaaS'` and `'saas'` are summed under `'saas'`), kept only
 * when the count is strictly above `above`, and sorted alphabetically by tag. Blank tags and counts that are
 * not finite numbers are dropped.
 */
export function sortedTagCounts(counts: readonly TagCount[], above = 0): TagCount[] {
  const merged = new Map<string, number>();
  for (const { tagKey, count } of counts) {
    const key = normalizeTag(tagKey);
    if (key === '' || !Number.isFinite(count)) continue;
    merged.set(key, (merged.get(key) ?? 0) + count);
  }
  return [...merged]
    .map(([tagKey, count]) => ({ tagKey, count }))
    .filter((entry) => entry.count > above)
    .sort(byTagKey);
}

/** The sector counts the directory home shows: count above 1, alphabetical. */
export function homeSectorCounts(counts: readonly TagCount[]): TagCount[] {
  return sortedTagCounts(counts, HOME_SECTOR_COUNT_ABOVE);
}
