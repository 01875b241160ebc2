import { describe, expect, it } from 'vitest';
import { IMPORT_FILE_NOT_CSV, IMPORT_FILE_UTF16 } from '../../../shared/import/limits';
import { IMPORT_LIMIT_NOTE, MAX_IMPORT_ROWS } from '../../../shared/pipeline/import-rows';
import { MAX_PIPELINE_ENTRIES } from '../../../shared/pipeline/stages';
import { readSpreadsheet, tooManyRows } from '../../../web/pages/pipeline/import-file';

const csvOf = (rows: number) =>
  `Name,Stage\n${Array.from({ length: rows }, (_, i) => `Investor ${i + 1},Passed`).join('\n')}\n`;

describe("the founder's spreadsheet, read in the browser (issue 50)", () => {
  it('says to save a UTF-16 file as CSV UTF-8, and still calls a binary file no CSV', async () => {
    const text = 'Name,Stage\r\nFlorian Weiß,Meeting booked\r\n';
    const utf16 = new Blob([new Uint8Array([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    await expect(readSpreadsheet(utf16)).rejects.toThrow(IMPORT_FILE_UTF16);
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])]);
    await expect(readSpreadsheet(png)).rejects.toThrow(IMPORT_FILE_NOT_CSV);
    expect(await readSpreadsheet(new Blob([text]))).toEqual({
      headers: ['Name', 'Stage'],
      rows: [['Florian Weiß', 'Meeting booked']],
    });
  });

  it('takes as many rows as a pipeline holds, and says the limit the page shows', async () => {
    expect(MAX_IMPORT_ROWS).toBe(MAX_PIPELINE_ENTRIES);
    expect(IMPORT_LIMIT_NOTE).toBe(
      'A CSV file of up to 1,000 rows (2 MB; a pipeline holds 1,000 investors), one investor a row.',
    );
    expect((await readSpreadsheet(new Blob([csvOf(MAX_IMPORT_ROWS)]))).rows).toHaveLength(1000);
    await expect(readSpreadsheet(new Blob([csvOf(MAX_IMPORT_ROWS + 1)]))).rejects.toThrow(tooManyRows(1001));
  });
});
