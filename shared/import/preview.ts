/** The CSV importer previews this many rows (spec section 9). */
export const PREVIEW_ROWS = 20;

/** Preview cells are cut at this many characters (spec section 9). */
export const PREVIEW_CELL_LENGTH = 32;

/**
 * A cell as the preview shows it: its first 32 characters, without an ellipsis. Characters are counted as
 * Unicode code points, so an emoji is never cut in half.
 */
export function previewCell(value: string): string {
  const chars = Array.from(value);
  return chars.length <= PREVIEW_CELL_LENGTH ? value : chars.slice(0, PREVIEW_CELL_LENGTH).join('');
}

/** The first 20 data rows with every cell cut by {@link previewCell}. */
export function previewRows(rows: readonly (readonly string[])[]): string[][] {
  return rows.slice(0, PREVIEW_ROWS).map((row) => row.map(previewCell));
}
