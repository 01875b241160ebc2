import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { buildExportCsv, type ExportContactRow } from '../../../lambdas/lib/export/export-csv';
import type { ExportColumnKey } from '../../../shared/cart/export';
import { messages } from '../../../shared/messages';

const ALL: ExportColumnKey[] = ['rowIndex', 'name', 'email', 'linkedinUrl'];

const rows: ExportContactRow[] = [
  { name: 'Ada Lovelace', email: 'ada@example.com', linkedinUrl: 'https://linkedin.com/in/ada' },
  { name: 'Zoë Šimić', email: null, linkedinUrl: null },
];

function records(csv: string): string[][] {
  return parse(csv, { bom: true, relax_column_count: false });
}

describe('buildExportCsv', () => {
  it('writes a header of labels and rows numbered from 1, with CRLF line ends', () => {
    expect(buildExportCsv(rows, ALL, { bom: false })).toBe(
      'Row Index,Name,Email,LinkedIn URL\r\n' +
        '1,Ada Lovelace,ada@example.com,https://linkedin.com/in/ada\r\n' +
        '2,Zoë Šimić,,\r\n',
    );
  });

  it('starts with a UTF-8 byte order mark by default', () => {
    expect(buildExportCsv(rows, ALL).startsWith('\uFEFFRow Index,')).toBe(true);
  });

  it('keeps non-ASCII names intact', () => {
    const names = ['Zoë Šimić', '李小龍', 'Ørjan Ødegård', 'José 🚀'];
    const csv = buildExportCsv(
      names.map((name) => ({ name, email: null, linkedinUrl: null })),
      ['name'],
    );
    expect(records(csv)).toEqual([['Name'], ...names.map((n) => [n])]);
  });

  it('writes the columns in the chosen order', () => {
    expect(records(buildExportCsv(rows, ['email', 'rowIndex']))).toEqual([
      ['Email', 'Row Index'],
      ['ada@example.com', '1'],
      ['', '2'],
    ]);
  });

  it.each([
    ['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
  ])('neutralises the formula %j with a leading quote', (value, expected) => {
    const csv = buildExportCsv([{ name: value, email: value, linkedinUrl: null }], ['name', 'email']);
    expect(records(csv)[1]).toEqual([expected, expected]);
  });

  it('writes a plain phone number as it is, and still guards a phone cell that is not one', () => {
    const phone = (value: string) =>
      records(
        buildExportCsv([{ name: value, email: null, linkedinUrl: null, phone: value }], ['name', 'phone']),
      )[1];
    // The same text in the Name column keeps its guard: only the phone column knows it is a phone.
    expect(phone('+44 20 7946 0958')).toEqual(["'+44 20 7946 0958", '+44 20 7946 0958']);
    expect(phone('+1 (415) 555-0100')).toEqual(["'+1 (415) 555-0100", '+1 (415) 555-0100']);
    for (const planted of [
      "+cmd|' /C calc'!A0",
      '=HYPERLINK("http://evil.example","call")',
      '+1 555 0100+HYPERLINK("x")',
      '-1234567',
      "@SUM(1+1)*cmd|' /C calc'!A0",
    ])
      expect(phone(planted)).toEqual([`'${planted}`, `'${planted}`]);
  });

  it('leaves values that merely contain formula characters alone', () => {
    const csv = buildExportCsv(
      [{ name: 'Smith-Jones', email: 'a+b@x.io', linkedinUrl: null }],
      ['name', 'email'],
    );
    expect(records(csv)[1]).toEqual(['Smith-Jones', 'a+b@x.io']);
  });

  it('quotes commas, quotes and line breaks so the file parses back', () => {
    const tricky = 'Doe, "JD"\nJunior';
    const lone = 'line\rbreak';
    const csv = buildExportCsv([{ name: tricky, email: lone, linkedinUrl: null }], ['name', 'email']);
    expect(records(csv)).toEqual([
      ['Name', 'Email'],
      [tricky, lone],
    ]);
  });

  it('writes only the header for no rows', () => {
    expect(buildExportCsv([], ['rowIndex', 'name'], { bom: false })).toBe('Row Index,Name\r\n');
  });

  it('refuses an empty column order with No columns selected', () => {
    expect(() => buildExportCsv(rows, [])).toThrow(
      new Error('No columns selected. Please select at least one column to export.'),
    );
    expect(messages.noColumnsSelected).toBe(
      'No columns selected. Please select at least one column to export.',
    );
  });

  it('refuses a repeated column', () => {
    expect(() => buildExportCsv(rows, ['name', 'name'])).toThrow(/Invalid export columns/);
  });

  it('writes cheque sizes as plain whole numbers in their own columns, which parse back as numbers (issue 50)', () => {
    const rows: ExportContactRow[] = [
      {
        name: 'Ada',
        email: null,
        linkedinUrl: null,
        chequeMin: 100_000,
        chequeMax: 5_000_000,
        typicalCheque: 750_000.4,
      },
      { name: 'Bo', email: null, linkedinUrl: null, chequeMin: null, chequeMax: 2_000_000 },
    ];
    const parsed = records(buildExportCsv(rows, ['name', 'chequeMin', 'chequeMax', 'typicalCheque']));
    expect(parsed[0]).toEqual(['Name', 'Cheque min (USD)', 'Cheque max (USD)', 'Typical cheque (USD)']);
    expect(parsed.slice(1)).toEqual([
      ['Ada', '100000', '5000000', '750000'],
      ['Bo', '', '2000000', ''],
    ]);
    // Each filled cell is a number as a CRM reads one: digits only, no '$', 'K', 'M' or separators.
    for (const cell of parsed
      .slice(1)
      .flatMap((row) => row.slice(1))
      .filter((c) => c !== '')) {
      expect(cell).toMatch(/^\d+$/);
      expect(Number.isSafeInteger(Number(cell))).toBe(true);
    }
    expect(Number(parsed[1]?.[2])).toBe(5_000_000);
  });

  it('writes the columns issue 20 adds: other contacts, public facts and when the row was last confirmed', () => {
    const full: ExportContactRow = {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      linkedinUrl: 'https://linkedin.com/in/ada',
      phone: '+44 20 7946 0000',
      twitterUrl: 'https://twitter.com/ada',
      crunchbaseUrl: null,
      firm: 'Analytical Ventures',
      title: 'Partner',
      location: 'London, United Kingdom',
      chequeSize: '$250K–$1M',
      confirmedAt: {
        email: '2026-03-02T10:00:00.000Z',
        linkedin: '2025-11-30T23:59:00.000Z',
        phone: '2024-01-05T00:00:00.000Z',
        twitter: '2026-01-01T00:00:00.000Z',
      },
    };
    const columns: ExportColumnKey[] = [
      'name',
      'phone',
      'twitterUrl',
      'crunchbaseUrl',
      'firm',
      'title',
      'location',
      'chequeSize',
      'lastConfirmed',
    ];

    expect(records(buildExportCsv([full], columns))).toEqual([
      [
        'Name',
        'Phone',
        'Twitter',
        'Crunchbase',
        'Firm',
        'Title',
        'Location',
        'Cheque size',
        'Last confirmed',
      ],
      [
        'Ada Lovelace',
        // A plain phone number cannot be a formula: written as it is, so a CRM gets no apostrophe.
        '+44 20 7946 0000',
        'https://twitter.com/ada',
        '',
        'Analytical Ventures',
        'Partner',
        'London, United Kingdom',
        '$250K–$1M',
        // The oldest confirmation among the exported contact values (phone, Twitter).
        '2024-01-05',
      ],
    ]);
    // Only the exported contact values count; a row exporting none has no date.
    expect(records(buildExportCsv([full], ['email', 'linkedinUrl', 'lastConfirmed']))[1]?.[2]).toBe(
      '2025-11-30',
    );
    expect(records(buildExportCsv([full], ['name', 'firm', 'lastConfirmed']))[1]?.[2]).toBe('');
  });

  it('refuses an unknown column from untyped data', () => {
    const bad = JSON.parse('["name","fax"]') as ExportColumnKey[];
    expect(() => buildExportCsv(rows, bad)).toThrow(/Invalid export columns/);
  });
});
