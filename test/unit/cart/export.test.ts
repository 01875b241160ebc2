import { describe, expect, it } from 'vitest';
import type { CartInvestor } from '../../../shared/cart/cart';
import {
  availableColumns,
  columnOrderSchema,
  DEFAULT_COLUMN_ORDER,
  EXPORT_COLUMNS,
  exportColumnLabel,
  leaveOutMissingLabel,
  MASKED_VALUE,
  maskedPreviewRows,
  missingColumnMessage,
  missingContactColumns,
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
  it("offers the spec's Row Index (computed), Name, Email and LinkedIn URL, then issue 20's columns", () => {
    expect(EXPORT_COLUMNS).toEqual([
      { key: 'rowIndex', label: 'Row Index', computed: true },
      { key: 'name', label: 'Name', computed: false },
      { key: 'email', label: 'Email', computed: false },
      { key: 'linkedinUrl', label: 'LinkedIn URL', computed: false },
      { key: 'phone', label: 'Phone', computed: false },
      { key: 'twitterUrl', label: 'Twitter', computed: false },
      { key: 'crunchbaseUrl', label: 'Crunchbase', computed: false },
      { key: 'firm', label: 'Firm', computed: false },
      { key: 'title', label: 'Title', computed: false },
      { key: 'location', label: 'Location', computed: false },
      { key: 'chequeSize', label: 'Cheque size', computed: false },
      { key: 'chequeMin', label: 'Cheque min (USD)', computed: false },
      { key: 'chequeMax', label: 'Cheque max (USD)', computed: false },
      { key: 'typicalCheque', label: 'Typical cheque (USD)', computed: false },
      { key: 'lastConfirmed', label: 'Last confirmed', computed: true },
    ]);
    expect(exportColumnLabel('linkedinUrl')).toBe('LinkedIn URL');
  });

  it('selects the whole contact by default: Name, Firm, Title, Email, Phone, LinkedIn', () => {
    expect(DEFAULT_COLUMN_ORDER).toEqual(['name', 'firm', 'title', 'email', 'phone', 'linkedinUrl']);
    expect(availableColumns(DEFAULT_COLUMN_ORDER)).toEqual([
      'rowIndex',
      'twitterUrl',
      'crunchbaseUrl',
      'location',
      'chequeSize',
      'chequeMin',
      'chequeMax',
      'typicalCheque',
      'lastConfirmed',
    ]);
  });

  it('lists unselected columns in canonical order', () => {
    expect(availableColumns(['email', 'phone', 'firm', 'title', 'location', 'chequeSize'])).toEqual([
      'rowIndex',
      'name',
      'linkedinUrl',
      'twitterUrl',
      'crunchbaseUrl',
      'chequeMin',
      'chequeMax',
      'typicalCheque',
      'lastConfirmed',
    ]);
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

  it('refuses unknown and repeated columns, naming an unknown one', () => {
    const unknown = columnOrderSchema.safeParse(['name', 'fax']);
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toBe(
      "Unknown export column 'fax': the columns are rowIndex, name, email, linkedinUrl, phone, twitterUrl, crunchbaseUrl, firm, title, location, chequeSize, chequeMin, chequeMax, typicalCheque, lastConfirmed",
    );
    expect(columnOrderSchema.safeParse(['name', 'name']).success).toBe(false);
  });
});

describe('maskedPreviewRows', () => {
  const investors = [card('a', 'Zoë Åberg', true, true), card('b', '李小龍', false, false)];

  it('masks email and LinkedIn when the investor has them and leaves them empty otherwise', () => {
    expect(maskedPreviewRows(investors, ['rowIndex', 'name', 'email', 'linkedinUrl'])).toEqual([
      {
        key: 'a',
        cells: ['1', 'Zoë Åberg', MASKED_VALUE, MASKED_VALUE],
        confirmed: [null, null, null, null],
      },
      { key: 'b', cells: ['2', '李小龍', '', ''], confirmed: [null, null, null, null] },
    ]);
  });

  it('uses a fixed mask that carries nothing of a real value', () => {
    expect(MASKED_VALUE).toMatch(/^•+$/);
  });

  it('follows the chosen column order', () => {
    expect(maskedPreviewRows(investors, ['email', 'rowIndex']).map((row) => row.cells)).toEqual([
      [MASKED_VALUE, '1'],
      ['', '2'],
    ]);
  });

  it('masks every contact column with its freshness, and shows the public facts and the oldest month', () => {
    const ada: CartInvestor = {
      ...card('c', 'Ada', true, true),
      hasPhone: true,
      firmName: 'Acorn Ventures',
      title: 'Partner',
      cities: ['Lisbon'],
      countries: ['Portugal'],
      checkMin: 250_000,
      checkMax: 1_000_000,
      typicalCheque: 500_000,
      contactConfirmed: { email: '2026-03', linkedin: '2025-11', phone: '2024-02' },
    };
    const columns = [
      'name',
      'email',
      'linkedinUrl',
      'twitterUrl',
      'firm',
      'title',
      'location',
      'chequeSize',
      'chequeMin',
      'chequeMax',
      'typicalCheque',
      'lastConfirmed',
    ] as const;

    expect(maskedPreviewRows([ada], columns)).toEqual([
      {
        key: 'c',
        cells: [
          'Ada',
          MASKED_VALUE,
          MASKED_VALUE,
          '',
          'Acorn Ventures',
          'Partner',
          'Lisbon, Portugal',
          '$250K–$1M',
          // The cheque columns are plain whole dollars, as the CSV writes them (issue 50).
          '250000',
          '1000000',
          '500000',
          // The oldest of the chosen contact values it has (phone is not chosen).
          'Nov 2025',
        ],
        confirmed: [
          null,
          'confirmed Mar 2026',
          'confirmed Nov 2025',
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
        ],
      },
    ]);
  });

  it('gives no rows when no column is selected', () => {
    expect(maskedPreviewRows(investors, [])).toEqual([]);
  });

  it('gives no rows for an empty cart', () => {
    expect(maskedPreviewRows([], DEFAULT_COLUMN_ORDER)).toEqual([]);
  });
});

describe('missingContactColumns: before saving', () => {
  const cards = [
    { ...card('a', 'A', true, true), hasPhone: true },
    card('b', 'B', false, true),
    card('c', 'C', false, false),
  ];

  it('counts, per chosen contact column in the chosen order, the investors without it', () => {
    expect(missingContactColumns(cards, ['name', 'phone', 'email', 'firm', 'linkedinUrl'])).toEqual([
      { column: 'phone', count: 2, investorIds: ['b', 'c'] },
      { column: 'email', count: 2, investorIds: ['b', 'c'] },
      { column: 'linkedinUrl', count: 1, investorIds: ['c'] },
    ]);
    expect(missingContactColumns(cards, ['rowIndex', 'name', 'firm', 'lastConfirmed'])).toEqual([]);
  });

  it('says it as "12 of 50 have no email" and offers to leave them out', () => {
    expect(missingColumnMessage('email', 12, 50)).toBe('12 of 50 have no email');
    expect(missingColumnMessage('phone', 1, 50)).toBe('1 of 50 has no phone');
    expect(missingColumnMessage('linkedinUrl', 1_200, 2_500)).toBe('1,200 of 2,500 have no LinkedIn URL');
    expect(missingColumnMessage('twitterUrl', 3, 4)).toBe('3 of 4 have no Twitter');
    expect(leaveOutMissingLabel('email', 12)).toBe('Leave out the 12 without email');
    expect(leaveOutMissingLabel('crunchbaseUrl', 1)).toBe('Leave out the one without Crunchbase');
  });
});
