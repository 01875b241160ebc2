import { describe, expect, it } from 'vitest';
import { PREVIEW_CELL_LENGTH, PREVIEW_ROWS, previewCell, previewRows } from '../../../shared/import/preview';

describe('preview', () => {
  it('previews 20 rows with cells cut at 32 characters', () => {
    expect(PREVIEW_ROWS).toBe(20);
    expect(PREVIEW_CELL_LENGTH).toBe(32);
  });

  it('keeps a cell of up to 32 characters whole', () => {
    const cell = 'x'.repeat(32);
    expect(previewCell(cell)).toBe(cell);
    expect(previewCell('short')).toBe('short');
    expect(previewCell('')).toBe('');
  });

  it('cuts a longer cell to its first 32 characters, without an ellipsis', () => {
    const cell = `${'a'.repeat(32)}bcdef`;
    expect(previewCell(cell)).toBe('a'.repeat(32));
  });

  it('counts characters as code points, never splitting an emoji', () => {
    const cell = '🚀'.repeat(40);
    expect(previewCell(cell)).toBe('🚀'.repeat(32));
  });

  it('keeps only the first 20 rows and cuts every cell', () => {
    const rows = Array.from({ length: 25 }, (_, i) => [`row ${i}`, 'y'.repeat(40)]);
    const preview = previewRows(rows);
    expect(preview).toHaveLength(20);
    expect(preview[19]).toEqual(['row 19', 'y'.repeat(32)]);
  });

  it('returns fewer rows when the file has fewer', () => {
    expect(previewRows([['a'], ['b']])).toEqual([['a'], ['b']]);
  });
});
