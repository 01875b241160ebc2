// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOARD_HELP, PipelineBoard } from '../../../web/pages/pipeline/board';
import { PipelineTable } from '../../../web/pages/pipeline/table';
import { pipelineEntry } from './support/pipeline-entry';

afterEach(cleanup);

const entry = pipelineEntry;

describe('the pipeline board', () => {
  it('moves a focused card one stage with the arrow keys, and not past the first column', () => {
    const onMove = vi.fn();
    const entries = [entry({}), entry({ id: 'prv-2', name: 'Grace Hopper', stage: 'toContact' })];
    render(<PipelineBoard entries={entries} today="2026-01-01" onMove={onMove} onOpen={vi.fn()} />);
    const ada = screen.getByRole('article', { name: 'Ada Lovelace, Contacted' });
    expect(ada.getAttribute('aria-keyshortcuts')).toBe('ArrowLeft ArrowRight');
    expect(document.getElementById(ada.getAttribute('aria-describedby') ?? '')?.textContent).toBe(BOARD_HELP);

    fireEvent.keyDown(ada, { key: 'ArrowRight' });
    fireEvent.keyDown(ada, { key: 'ArrowLeft' });
    fireEvent.keyDown(screen.getByRole('article', { name: 'Grace Hopper, To contact' }), {
      key: 'ArrowLeft',
    });

    expect(onMove.mock.calls.map(([moved, stage]) => [moved.name, stage])).toEqual([
      ['Ada Lovelace', 'replied'],
      ['Ada Lovelace', 'toContact'],
    ]);
  });

  it('keeps the focus on a card moved from the keyboard, in its new column, so the next arrow key moves it on', async () => {
    const onMove = vi.fn();
    const ada = entry({});
    const { rerender } = render(
      <PipelineBoard entries={[ada]} today="2026-01-01" onMove={onMove} onOpen={vi.fn()} />,
    );
    const before = screen.getByRole('article', { name: 'Ada Lovelace, Contacted' });
    before.focus();
    fireEvent.keyDown(before, { key: 'ArrowRight' });
    // The server's answer: the entry in Replied, drawn in that column.
    rerender(
      <PipelineBoard
        entries={[{ ...ada, stage: 'replied', version: 2 }]}
        today="2026-01-01"
        onMove={onMove}
        onOpen={vi.fn()}
      />,
    );
    const after = screen.getByRole('article', { name: 'Ada Lovelace, Replied' });
    expect(after.closest('li[data-stage]')?.getAttribute('data-stage')).toBe('replied');
    expect(document.activeElement).toBe(after);
    fireEvent.keyDown(after, { key: 'ArrowRight' });
    expect(onMove.mock.calls.map(([, stage]) => stage)).toEqual(['replied', 'meeting']);

    // The Move to… menu's choice lands the focus on the card too.
    await userEvent.click(screen.getByRole('button', { name: 'Move Ada Lovelace to another stage' }));
    await userEvent.click(screen.getByRole('button', { name: 'Term sheet' }));
    rerender(
      <PipelineBoard
        entries={[{ ...ada, stage: 'termSheet', version: 3 }]}
        today="2026-01-01"
        onMove={onMove}
        onOpen={vi.fn()}
      />,
    );
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Ada Lovelace, Term sheet' }));
  });

  it('moves a card dropped on another column', () => {
    const onMove = vi.fn();
    const { container } = render(
      <PipelineBoard entries={[entry({})]} today="2026-01-01" onMove={onMove} onOpen={vi.fn()} />,
    );
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'none',
    };
    fireEvent.dragStart(screen.getByRole('article', { name: 'Ada Lovelace, Contacted' }), { dataTransfer });
    const meeting = container.querySelector('li[data-stage="meeting"]') as HTMLElement;
    fireEvent.dragOver(meeting, { dataTransfer });
    fireEvent.drop(meeting, { dataTransfer });
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 'prv-1' }), 'meeting');
  });

  it('moves with the Move to… menu, which lists the other stages', async () => {
    const onMove = vi.fn();
    render(<PipelineBoard entries={[entry({})]} today="2026-01-01" onMove={onMove} onOpen={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Move Ada Lovelace to another stage' }));
    const options = screen.getAllByRole('button').map((button) => button.textContent);
    expect(options).not.toContain('Contacted');
    await userEvent.click(screen.getByRole('button', { name: 'Term sheet' }));
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 'prv-1' }), 'termSheet');
  });

  it('marks a next step due today or overdue', () => {
    render(
      <PipelineBoard
        entries={[entry({ nextStep: 'Call', nextStepDate: '2026-01-01' })]}
        today="2026-01-02"
        onMove={vi.fn()}
        onOpen={vi.fn()}
      />,
    );
    expect(screen.getByText('Next: Call · 2026-01-01 (due)')).toBeTruthy();
  });
});

describe('the pipeline table', () => {
  it('sorts by a column, both ways, and says so to screen readers', async () => {
    const entries = [
      entry({ id: 'prv-1', name: 'Ada', amount: 500 }),
      entry({ id: 'prv-2', name: 'Bea', amount: 100 }),
      entry({ id: 'prv-3', name: 'Cy', amount: null }),
    ];
    render(<PipelineTable entries={entries} onMove={vi.fn()} onOpen={vi.fn()} />);
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('button')[0]?.textContent);
    const amount = screen.getByRole('columnheader', { name: /Amount discussed/ });
    await userEvent.click(within(amount).getByRole('button'));
    expect(amount.getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Cy', 'Bea', 'Ada']);
    await userEvent.click(within(amount).getByRole('button'));
    expect(amount.getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Ada', 'Bea', 'Cy']);
  });
});
