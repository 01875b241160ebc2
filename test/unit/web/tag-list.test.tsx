// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SHOW_FEWER, TagList } from '../../../web/components/tag-list';

afterEach(cleanup);

const tags = (count: number) => Array.from({ length: count }, (_, i) => `tag ${i + 1}`);

function renderTags(list: string[], options: { highlighted?: string[] } = {}) {
  return render(
    <TagList
      tags={list}
      things="sectors"
      label="Sectors"
      highlighted={options.highlighted}
      renderTag={(tag, highlighted) => <span data-highlighted={highlighted}>{tag}</span>}
    />,
  );
}

const shownTags = () =>
  within(screen.getByRole('list', { name: 'Sectors' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('TagList', () => {
  it('shows 6 of 8 tags and a toggle for the other 2, which expands the list and folds it again', async () => {
    const user = userEvent.setup();
    renderTags(tags(8));
    expect(shownTags()).toEqual(tags(6));

    await user.click(screen.getByRole('button', { name: '...and 2 more sectors' }));

    expect(shownTags()).toEqual(tags(8));
    expect(screen.queryByRole('button', { name: /more sectors/ })).toBeNull();
    const fewer = screen.getByRole('button', { name: SHOW_FEWER });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');

    await user.click(fewer);
    expect(shownTags()).toEqual(tags(6));
    expect(screen.getByRole('button', { name: '...and 2 more sectors' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('shows all 7 tags with no control at all (no inert label)', () => {
    renderTags(tags(7));
    expect(shownTags()).toEqual(tags(7));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('Show all')).toBeNull();
  });

  it('always shows a highlighted tag first and does not count it towards the limit', () => {
    renderTags([...tags(7), 'fintech'], { highlighted: ['FinTech'] });
    expect(shownTags()).toEqual(['fintech', ...tags(7)]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('drops blank and repeated tags', () => {
    renderTags(['seed', ' ', 'Seed', 'growth']);
    expect(shownTags()).toEqual(['seed', 'growth']);
  });
});
