import { describe, expect, it } from 'vitest';
import {
  buildImportedInvestorWithNotices,
  type ImportContext,
  valueNoticeReasons,
} from '../../../shared/import/build-imported-investor';
import { columnsFromHeaders } from '../../../shared/import/header-matching';
import {
  fileStartProblem,
  IMPORT_FILE_NOT_CSV,
  IMPORT_FILE_UTF16,
  looksUtf16,
} from '../../../shared/import/limits';
import {
  isShouting,
  questionRow,
  rowQuestionMessages,
  titleCaseName,
} from '../../../shared/import/row-questions';

const context: ImportContext = {
  sourceName: 'Seed List 2026',
  importedByUserId: 'admin-1',
  now: new Date('2026-05-01T12:00:00.000Z'),
};

const draftOf = (cells: Record<string, string>) =>
  buildImportedInvestorWithNotices(columnsFromHeaders(Object.keys(cells)), Object.values(cells), context);

describe('the admin import questions contradictions before publishing (issue 50)', () => {
  it('holds a row whose cheque minimum is above its maximum', () => {
    const { record } = draftOf({ Name: 'Ada Lovelace', 'Cheque Min': '$5M', 'Cheque Max': '$1M' });
    expect(questionRow(record)).toBe(rowQuestionMessages.minAboveMax(5_000_000, 1_000_000));
    expect(questionRow(record)).toBe(
      'Held for review: the cheque minimum ($5M) is above the maximum ($1M). Correct the row in the file and import it again.',
    );
  });

  it('holds a row whose typical cheque is outside its range', () => {
    const { record } = draftOf({
      Name: 'Ada Lovelace',
      'Cheque Min': '250k',
      'Cheque Max': '1M',
      'Typical cheque': '6.1M',
    });
    expect(questionRow(record)).toBe(
      'Held for review: the typical cheque ($6.1M) is outside the cheque range ($250K–$1M). Correct the row in the file and import it again.',
    );
    expect(questionRow(draftOf({ Name: 'A', 'Cheque Max': '1M', 'Typical cheque': '2M' }).record)).toBe(
      rowQuestionMessages.typicalOutsideRange(2_000_000, 'up to $1M'),
    );
    expect(questionRow(draftOf({ Name: 'A', 'Cheque Min': '1M', 'Typical cheque': '500k' }).record)).toBe(
      rowQuestionMessages.typicalOutsideRange(500_000, 'from $1M'),
    );
  });

  it('lets a consistent row through', () => {
    for (const cells of <Record<string, string>[]>[
      { Name: 'Ada', 'Cheque Min': '250k', 'Cheque Max': '1M', 'Typical cheque': '500k' },
      { Name: 'Ada', 'Cheque Min': '1M', 'Cheque Max': '1M' },
      { Name: 'Ada', 'Typical cheque': '6.1M' },
      { Name: 'Ada' },
    ])
      expect(questionRow(draftOf(cells).record)).toBeNull();
  });

  it('publishes a name written in capitals as a name is written, and says so', () => {
    const { record, notices } = draftOf({ Name: 'HANNA KOWALSKA', Firm: 'NORDIC VC' });
    expect(record.fullName).toBe('Hanna Kowalska');
    // A firm's capitals may be its brand: only people's names are changed.
    expect(record.primaryFirm).toEqual({ name: 'NORDIC VC' });
    expect(notices).toEqual([
      { column: 'Name', value: 'HANNA KOWALSKA', reason: valueNoticeReasons.capitals('Hanna Kowalska') },
    ]);
    expect(record.otherMetadata).toContainEqual({ tag: 'Name', value: 'HANNA KOWALSKA' });
    const split = draftOf({ 'First Name': 'JEAN-LUC', 'Last Name': "O'BRIEN" }).record;
    expect([split.firstName, split.lastName, split.fullName]).toEqual([
      'Jean-Luc',
      "O'Brien",
      "Jean-Luc O'Brien",
    ]);
    expect(draftOf({ Name: 'Hanna Kowalska' }).notices).toEqual([]);
  });

  it('tells capitals from names', () => {
    expect(isShouting('HANNA KOWALSKA')).toBe(true);
    expect(isShouting('ÅSA ÖBERG')).toBe(true);
    expect(isShouting('Hanna Kowalska')).toBe(false);
    expect(isShouting('Hanna KOWALSKA')).toBe(false);
    expect(isShouting('AB')).toBe(false);
    expect(titleCaseName('JAN VAN DER BERG')).toBe('Jan van der Berg');
    expect(titleCaseName('ÅSA ÖBERG')).toBe('Åsa Öberg');
  });
});

describe('a UTF-16 file is told apart from a file that is not text (issue 50)', () => {
  const utf16 = (text: string, littleEndian: boolean, bom: boolean) => {
    const bytes: number[] = bom ? (littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
    for (const ch of text) {
      const code = ch.charCodeAt(0);
      bytes.push(...(littleEndian ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff]));
    }
    return new Uint8Array(bytes);
  };

  it('asks for CSV UTF-8 for UTF-16, with or without a byte order mark', () => {
    for (const [littleEndian, bom] of [
      [true, true],
      [false, true],
      [true, false],
      [false, false],
    ] as const) {
      const start = utf16('Name,Firm\r\nAda,Acme\r\n', littleEndian, bom);
      expect(looksUtf16(start)).toBe(true);
      expect(fileStartProblem(start)).toBe(IMPORT_FILE_UTF16);
    }
    expect(IMPORT_FILE_UTF16).toContain('"CSV UTF-8"');
  });

  it('still calls a binary file no CSV, and lets UTF-8 through', () => {
    expect(
      fileStartProblem(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00])),
    ).toBe(IMPORT_FILE_NOT_CSV);
    expect(fileStartProblem(new TextEncoder().encode('\uFEFFName,Firm\nZoë,Núcleo\n'))).toBeNull();
  });
});
