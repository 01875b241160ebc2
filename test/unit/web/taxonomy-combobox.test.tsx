// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaxonomyListEntry } from '../../../shared/api/taxonomy';
import { DEFAULT_TAXONOMY } from '../../../shared/taxonomy/taxonomy';
import {
  didYouMeanLabel,
  entryNamed,
  matchEntries,
  NOT_CARRIED,
  TaxonomyCombobox,
} from '../../../web/components/taxonomy-combobox';

const SECTORS: TaxonomyListEntry[] = DEFAULT_TAXONOMY.entries('sector').map(
  ({ value, label, synonyms, near }) => ({
    value,
    label,
    synonyms,
    near,
    investors: null,
  }),
);

/** The same list in a directory where only Robotics, Deep Tech and Consumer are carried. */
const CARRIED = new Set(['robotics', 'deep tech', 'consumer', 'logistics']);
const COUNTED: TaxonomyListEntry[] = SECTORS.map((s) => ({ ...s, investors: CARRIED.has(s.value) ? 7 : 0 }));

function Harness({
  max,
  entries = SECTORS,
  carried,
}: {
  max?: number;
  entries?: TaxonomyListEntry[];
  carried?: 'only' | 'mark';
}) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <TaxonomyCombobox
        id="sectors"
        label="Sectors"
        {...(carried ? { carried } : {})}
        entries={entries}
        selected={selected}
        onChange={setSelected}
        {...(max ? { max } : {})}
      />
      <output data-testid="chosen">{selected.join('|')}</output>
    </>
  );
}

afterEach(cleanup);

describe('the taxonomy type-ahead', () => {
  it('finds entries by label first, then by synonym', () => {
    expect(matchEntries(SECTORS, 'fin')[0]?.label).toBe('Fintech');
    expect(matchEntries(SECTORS, 'payments').map((e) => e.label)).toEqual(['Fintech']);
    expect(matchEntries(SECTORS, 'climate tech')[0]?.label).toBe('Climate');
    expect(matchEntries(SECTORS, 'zzzz')).toEqual([]);
    expect(entryNamed(SECTORS, 'Fintech (Payments, Lending)')?.value).toBe('fintech');
    expect(entryNamed(SECTORS, 'Widgets')).toBeNull();
  });

  it('is a combobox driven by the keyboard: arrows, Enter, Escape, Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Sectors' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.click(box);
    await user.keyboard('pay');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    // The synonym that found it is shown beside it.
    expect(options[0]?.textContent?.trim()).toBe('Fintech · payments');
    expect(screen.getByRole('option', { name: 'Fintech' })).toBe(options[0]);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('chosen').textContent).toBe('fintech');

    await user.keyboard('heal');
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(screen.getByTestId('chosen').textContent).toBe('fintech|health');
    // Chosen entries are not offered again.
    await user.keyboard('fint');
    expect(screen.queryByRole('option', { name: 'Fintech' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.clear(box);
    await user.keyboard('{Backspace}');
    expect(screen.getByTestId('chosen').textContent).toBe('fintech');
    await user.click(screen.getByRole('button', { name: 'Remove Fintech' }));
    expect(screen.getByTestId('chosen').textContent).toBe('');
  });

  it('stops at its maximum', async () => {
    const user = userEvent.setup();
    render(<Harness max={1} />);
    const box = screen.getByRole('combobox', { name: 'Sectors' });
    await user.click(box);
    await user.keyboard('ai{Enter}');
    expect(screen.getByTestId('chosen').textContent).toBe('ai');
    expect((box as HTMLInputElement).disabled).toBe(true);
  });

  it('asks "Did you mean" for a typo and picks the entry meant', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Sectors' });
    await user.click(box);
    await user.keyboard('robotcs');
    expect(screen.getByText(didYouMeanLabel('Robotics'))).toBeTruthy();
    expect(screen.getAllByRole('option')[0]?.textContent).toContain('Robotics');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('chosen').textContent).toBe('robotics');
    await user.keyboard('supply chain{Enter}');
    expect(screen.getByTestId('chosen').textContent).toBe('robotics|logistics');
  });

  it('marks a value no investor carries and offers the nearest carried ones beside it', async () => {
    const user = userEvent.setup();
    render(<Harness entries={COUNTED} />);
    const box = screen.getByRole('combobox', { name: 'Sectors' });
    await user.click(box);
    await user.keyboard('hardw');
    expect(screen.getByRole('option', { name: `Hardware ${NOT_CARRIED}` })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(screen.getByText(`(${NOT_CARRIED})`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Robotics' }));
    expect(screen.getByTestId('chosen').textContent).toBe('hardware|robotics');
  });

  it('offers only carried values in a filter', async () => {
    const user = userEvent.setup();
    render(<Harness entries={COUNTED} carried="only" />);
    const box = screen.getByRole('combobox', { name: 'Sectors' });
    await user.click(box);
    await user.keyboard('hardw');
    expect(screen.queryByRole('option', { name: /Hardware/ })).toBeNull();
    await user.clear(box);
    await user.keyboard('robo');
    expect(screen.getByRole('option', { name: 'Robotics 7' })).toBeTruthy();
  });
});
