import { describe, expect, it } from 'vitest';
import { createImportBody } from '../../../shared/api/imports';
import {
  IMPORT_FILE_EMPTY,
  IMPORT_FILE_LIMIT_NOTE,
  IMPORT_FILE_TOO_LARGE,
  MAX_IMPORT_FILE_BYTES,
} from '../../../shared/import/limits';

const body = (fileSize: unknown) => ({
  fileName: 'investors.csv',
  fileSize,
  sourceName: 'Seed list',
  sourceUrl: 'https://example.com/list',
  headers: [{ header: 'Investor Name', include: true }],
});

const messageOf = (fileSize: unknown) =>
  createImportBody.safeParse(body(fileSize)).error?.issues.map((issue) => issue.message);

describe('the declared size of an import file', () => {
  it('states one limit of 50 MB, in bytes for the checks and in words for the admin', () => {
    expect(MAX_IMPORT_FILE_BYTES).toBe(52_428_800);
    expect(IMPORT_FILE_LIMIT_NOTE).toBe('CSV files up to 50 MB.');
    expect(IMPORT_FILE_TOO_LARGE).toContain('larger than 50 MB');
  });

  it('takes any whole number of bytes from 1 up to the limit', () => {
    expect(createImportBody.parse(body(1)).fileSize).toBe(1);
    expect(createImportBody.parse(body(MAX_IMPORT_FILE_BYTES)).fileSize).toBe(MAX_IMPORT_FILE_BYTES);
  });

  it('refuses one byte over the limit with the message naming the limit', () => {
    expect(messageOf(MAX_IMPORT_FILE_BYTES + 1)).toEqual([IMPORT_FILE_TOO_LARGE]);
  });

  it('refuses an empty file with the empty-file message', () => {
    expect(messageOf(0)).toEqual([IMPORT_FILE_EMPTY]);
  });

  it('refuses a missing, fractional, negative or textual size', () => {
    const { fileSize: _, ...withoutSize } = body(1);
    expect(createImportBody.safeParse(withoutSize).success).toBe(false);
    for (const fileSize of [1.5, -1, '10', null]) {
      expect(createImportBody.safeParse(body(fileSize)).success, String(fileSize)).toBe(false);
    }
  });
});
