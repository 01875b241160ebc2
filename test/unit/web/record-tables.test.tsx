// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordTable, ValueNoticesTable, withKeys } from '../../../web/pages/admin/record-tables';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the mapping debugger's tables (issue 50)", () => {
  it('gives repeated labels keys of their own', () => {
    expect(withKeys(['a', 'b', 'a', 'a'], (x) => x).map((k) => k.key)).toEqual(['a', 'b', 'a#2', 'a#3']);
  });

  it('shows a record with two "Other" details of one tag, and a value refused twice, without a React error', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <RecordTable
          caption="Imported investor"
          fields={[
            { label: 'Name', value: 'Ada' },
            { label: 'Other: notes', value: 'first' },
            { label: 'Other: notes', value: 'second' },
          ]}
        />
        <ValueNoticesTable
          notices={[
            { column: 'Stage', value: 'later', reason: 'Not a stage' },
            { column: 'Stage', value: 'later', reason: 'Not a stage' },
          ]}
        />
      </>,
    );
    expect(screen.getByText('first')).toBeTruthy();
    expect(screen.getByText('second')).toBeTruthy();
    expect(screen.getAllByText('later')).toHaveLength(2);
    expect(errors).not.toHaveBeenCalled();
  });
});
