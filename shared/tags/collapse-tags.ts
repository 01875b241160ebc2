import { andMore, SHOW_ALL } from '../messages';
import { normalizeTag, uniqueTags } from './normalize-tag';

/** A tag list collapses when it has more than this many non-highlighted tags (spec section 9). */
export const TAG_COLLAPSE_ABOVE = 7;

/** How many non-highlighted tags a collapsed list shows (spec section 9). */
export const TAG_COLLAPSED_SHOWN = 6;

/** What a tag list renders, in both its collapsed and its expanded state. */
export interface CollapsedTags {
  /** Tags of the list that are highlighted, in list order. Always shown, in addition to `visible`. */
  highlighted: string[];
  /** Non-highlighted tags shown in the collapsed state; every non-highlighted tag when nothing collapses. */
  visible: string[];
  /** Non-highlighted tags shown only once the list is expanded; empty when nothing collapses. */
  hidden: string[];
  /** True when the list collapses (`hidden` is not empty) and the toggle expands it. */
  collapsible: boolean;
  /** `'...and N more {things}'` when the list collapses, otherwise `'Show all'`. */
  toggleLabel: string;
}

/**
 * Applies the tag-list collapse rule of spec sections 2 and 9: "Tag lists collapse when there are more than
 * 7 non-highlighted tags: show 6 and a toggle '...and N more {things}' (N is the total minus 6), otherwise
 * 'Show all'."
 *
 * Blank tags are dropped and duplicates (by normalised tag) are shown once. A tag is highlighted when it
 * equals one of `highlighted` once normalised (e.g. the tag being searched for); highlighted tags never
 * count towards the limit and are always shown. The total is the number of non-highlighted tags, so
 * `N = total - 6` is exactly the number of hidden tags.
 *
 * Reading of 'Show all': the sentence gives two cases, and 'Show all' is the label of the second one, the
 * list that does not collapse. Such a list already shows every tag, so 'Show all' states that the whole
 * list is on screen rather than offering an action: a UI renders it as an inert label (or a toggle that
 * does nothing), never as a control that reveals more tags. For a collapsible list the toggle reads
 * '...and N more {things}' and expands the list to `highlighted + visible + hidden`; the spec names no
 * label for the expanded state, so the UI drops the toggle once expanded (expanding is one-way).
 *
 * @param tags the list to show, in display order
 * @param highlighted tags to always show, outside the limit
 * @param things plural noun for the toggle label, e.g. 'sectors'
 */
export function collapseTags(
  tags: readonly string[],
  highlighted: readonly string[] = [],
  things: string,
): CollapsedTags {
  const highlightKeys = new Set(highlighted.map(normalizeTag));
  const shownHighlighted: string[] = [];
  const rest: string[] = [];
  for (const tag of uniqueTags(tags)) {
    (highlightKeys.has(normalizeTag(tag)) ? shownHighlighted : rest).push(tag);
  }
  if (rest.length <= TAG_COLLAPSE_ABOVE) {
    return {
      highlighted: shownHighlighted,
      visible: rest,
      hidden: [],
      collapsible: false,
      toggleLabel: SHOW_ALL,
    };
  }
  return {
    highlighted: shownHighlighted,
    visible: rest.slice(0, TAG_COLLAPSED_SHOWN),
    hidden: rest.slice(TAG_COLLAPSED_SHOWN),
    collapsible: true,
    toggleLabel: andMore(rest.length - TAG_COLLAPSED_SHOWN, things),
  };
}
