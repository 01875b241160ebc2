import { describe, expect, it } from 'vitest';
import { andMore, SHOW_ALL } from '../../../shared/messages';
import { collapseTags, TAG_COLLAPSE_ABOVE, TAG_COLLAPSED_SHOWN } from '../../../shared/tags/collapse-tags';

const tags = (count: number): string[] => Array.from({ length: count }, (_, i) => `tag ${i + 1}`);

describe('collapseTags', () => {
  it('uses the limits of the spec: collapse above 7, show 6', () => {
    expect(TAG_COLLAPSE_ABOVE).toBe(7);
    expect(TAG_COLLAPSED_SHOWN).toBe(6);
  });

  it("shows every tag with the label 'Show all' when there are exactly 7 non-highlighted tags", () => {
    const view = collapseTags(tags(7), [], 'sectors');
    expect(view).toEqual({
      highlighted: [],
      visible: tags(7),
      hidden: [],
      collapsible: false,
      toggleLabel: 'Show all',
    });
    expect(view.toggleLabel).toBe(SHOW_ALL);
  });

  it("shows 6 and the toggle '...and N more {things}' with N = total - 6 at 8 tags", () => {
    const view = collapseTags(tags(8), [], 'sectors');
    expect(view.visible).toEqual(tags(6));
    expect(view.hidden).toEqual(['tag 7', 'tag 8']);
    expect(view.collapsible).toBe(true);
    expect(view.toggleLabel).toBe('...and 2 more sectors');
    expect(view.toggleLabel).toBe(andMore(2, 'sectors'));
  });

  it('counts N as the number of hidden tags for long lists', () => {
    const view = collapseTags(tags(20), undefined, 'stages');
    expect(view.visible).toHaveLength(6);
    expect(view.hidden).toHaveLength(14);
    expect(view.toggleLabel).toBe('...and 14 more stages');
  });

  it('always shows highlighted tags in addition and does not count them towards the limit', () => {
    const view = collapseTags(['Fintech', ...tags(7), 'AI'], ['fintech', 'ai'], 'sectors');
    expect(view.highlighted).toEqual(['Fintech', 'AI']);
    expect(view.visible).toEqual(tags(7));
    expect(view.collapsible).toBe(false);
    expect(view.toggleLabel).toBe(SHOW_ALL);
  });

  it('keeps highlighted tags out of the hidden part of a collapsed list', () => {
    const view = collapseTags([...tags(10), 'Fintech'], ['FINTECH'], 'sectors');
    expect(view.highlighted).toEqual(['Fintech']);
    expect(view.visible).toEqual(tags(6));
    expect(view.hidden).toEqual(['tag 7', 'tag 8', 'tag 9', 'tag 10']);
    expect(view.toggleLabel).toBe('...and 4 more sectors');
  });

  it('ignores highlighted values that are not in the list', () => {
    expect(collapseTags(['a', 'b'], ['z'], 'tags').highlighted).toEqual([]);
  });

  it('drops blank tags and shows duplicates once before applying the limit', () => {
    const view = collapseTags([...tags(7), ' ', '', 'TAG 1', 'tag 2 '], [], 'tags');
    expect(view.visible).toEqual(tags(7));
    expect(view.collapsible).toBe(false);
  });

  it('handles an empty list', () => {
    expect(collapseTags([], [], 'tags')).toEqual({
      highlighted: [],
      visible: [],
      hidden: [],
      collapsible: false,
      toggleLabel: SHOW_ALL,
    });
  });
});
