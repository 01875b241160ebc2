// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaxonomyListEntry } from '../../../shared/api/taxonomy';
import { DEFAULT_TAXONOMY } from '../../../shared/taxonomy/taxonomy';
import { entryNamed, matchEntries, TaxonomyCombobox } from '../../../web/components/taxonomy-combobox';

const SECTORS: TaxonomyListEntry[] = DEFAULT_TAXONOMY.entries('sector').map(({ value, label, synonyms }) => ({
  value,
  label,
  synonyms,
}));

function Harness({ max }: { max?: number }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <TaxonomyCombobox
        id="sectors"
        label="Sectors"
        entries={SECTORS}
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
    expect(options[0]?.textContent).toBe('Fintech');
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
});
