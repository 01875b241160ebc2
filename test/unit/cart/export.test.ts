import { describe, expect, it } from 'vitest';
import type { CartInvestor } from '../../../shared/cart/cart';
import {
  availableColumns,
  columnOrderSchema,
  DEFAULT_COLUMN_ORDER,
  EXPORT_COLUMNS,
  exportColumnLabel,
  MASKED_VALUE,
  maskedPreviewRows,
  moveColumn,
} from '../../../shared/cart/export';

function card(id: string, name: string, hasEmail: boolean, hasLinkedIn: boolean): CartInvestor {
  return {
    id,
    name,
    investorRole: 'angel',
    stageFocus: [],
    sectorFocus: [],
    hasEmail,
    hasPhone: false,
    hasLinkedIn,
    hasTwitter: false,
    hasCrunchbase: false,
  };
}

describe('export columns', () => {
  it('offers Row Index (computed), Name, Email and LinkedIn URL', () => {
    expect(EXPORT_COLUMNS).toEqual([
      { key: 'rowIndex', label: 'Row Index', computed: true },
      { key: 'name', label: 'Name', computed: false },
      { key: 'email', label: 'Email', computed: false },
      { key: 'linkedinUrl', label: 'LinkedIn URL', computed: false },
    ]);
    expect(exportColumnLabel('linkedinUrl')).toBe('LinkedIn URL');
  });

  it('selects all four columns by default', () => {
    expect(DEFAULT_COLUMN_ORDER).toEqual(['rowIndex', 'name', 'email', 'linkedinUrl']);
    expect(availableColumns(DEFAULT_COLUMN_ORDER)).toEqual([]);
  });

  it('lists unselected columns in canonical order', () => {
    expect(availableColumns(['email'])).toEqual(['rowIndex', 'name', 'linkedinUrl']);
    expect(availableColumns([])).toEqual(['rowIndex', 'name', 'email', 'linkedinUrl']);
  });
});

describe('moveColumn', () => {
  it('moves a selected column back to available', () => {
    const selected = ['rowIndex', 'name', 'email'] as const;
    expect(moveColumn(selected, 'name')).toEqual(['rowIndex', 'email']);
    expect(selected).toEqual(['rowIndex', 'name', 'email']);
  });

  it('appends an available column to the end of the selection', () => {
    expect(moveColumn(['email'], 'rowIndex')).toEqual(['email', 'rowIndex']);
  });

  it('clicking twice restores the column at the end', () => {
    expect(moveColumn(moveColumn(['name', 'email'], 'name'), 'name')).toEqual(['email', 'name']);
  });

  it('can empty the selection', () => {
    expect(moveColumn(['name'], 'name')).toEqual([]);
  });
});

describe('columnOrderSchema', () => {
  it('accepts known columns once each, in any order', () => {
    expect(columnOrderSchema.parse(['email', 'rowIndex'])).toEqual(['email', 'rowIndex']);
  });

  it('refuses unknown and repeated columns', () => {
    expect(columnOrderSchema.safeParse(['phone']).success).toBe(false);
    expect(columnOrderSchema.safeParse(['name', 'name']).success).toBe(false);
  });
});

describe('maskedPreviewRows', () => {
  const investors = [card('a', 'Zoë Åberg', true, true), card('b', '李小龍', false, false)];

  it('masks email and LinkedIn when the investor has them and leaves them empty otherwise', () => {
    expect(maskedPreviewRows(investors, DEFAULT_COLUMN_ORDER)).toEqual([
      { key: 'a', cells: ['1', 'Zoë Åberg', MASKED_VALUE, MASKED_VALUE] },
      { key: 'b', cells: ['2', '李小龍', '', ''] },
    ]);
  });

  it('uses a fixed mask that carries nothing of a real value', () => {
    expect(MASKED_VALUE).toMatch(/^•+$/);
  });

  it('follows the chosen column order', () => {
    expect(maskedPreviewRows(investors, ['email', 'rowIndex'])).toEqual([
      { key: 'a', cells: [MASKED_VALUE, '1'] },
      { key: 'b', cells: ['', '2'] },
    ]);
  });

  it('gives no rows when no column is selected', () => {
    expect(maskedPreviewRows(investors, [])).toEqual([]);
  });

  it('gives no rows for an empty cart', () => {
    expect(maskedPreviewRows([], DEFAULT_COLUMN_ORDER)).toEqual([]);
  });
});
