/**
 * The largest CSV file one import takes, in MB (MiB: 1 MB here is 1,048,576 bytes). 50 MB: a
 * directory export of about 100,000 investors (some 500 bytes a row) fits with room to spare; the
 * browser reads the file for its preview and PUTs it in one request, and the import workflow streams
 * it in chunks, so the limit is about a reasonable upload from an admin's browser, not about Lambda
 * memory. Larger lists are split into several imports. Every figure and message below derives from it.
 */
const MAX_IMPORT_FILE_MB = 50;

/** The limit in bytes: the API refuses a larger declared size, the browser a larger file. */
export const MAX_IMPORT_FILE_BYTES = MAX_IMPORT_FILE_MB * 1024 * 1024;

/** Shown beside the file chooser, before anything is uploaded. */
export const IMPORT_FILE_LIMIT_NOTE = `CSV files up to ${MAX_IMPORT_FILE_MB} MB.`;

/** A file with no bytes, or no rows at all. */
export const IMPORT_FILE_EMPTY = 'The file is empty.';

/** A file over the limit, in the browser and from the API alike. */
export const IMPORT_FILE_TOO_LARGE = `This file is larger than ${MAX_IMPORT_FILE_MB} MB, the most one import takes. Split it into smaller files.`;

/** A file that is not text (a spreadsheet or an image renamed .csv), in the browser and from the job alike. */
export const IMPORT_FILE_NOT_CSV = 'The file is not a CSV file.';

/** How much of a file's start is looked at to tell text from binary. */
export const BINARY_SNIFF_BYTES = 8192;

/** True for the start of a binary file: text, CSV included, never holds a NUL byte. */
export const looksBinary = (start: Uint8Array): boolean => start.includes(0);

/** A CSV saved as UTF-16 (Excel's "Unicode Text", some exports): readable once saved again as UTF-8. Not in the spec. */
export const IMPORT_FILE_UTF16 =
  'This file is saved as UTF-16 text. Save it from your spreadsheet as "CSV UTF-8" and choose it again.';

/**
 * True for the start of a UTF-16 text: its byte order mark (FF FE or FE FF), or, without one, a NUL
 * in every other byte of the first characters (Latin text in UTF-16).
 */
export function looksUtf16(start: Uint8Array): boolean {
  if (
    start.length >= 2 &&
    ((start[0] === 0xff && start[1] === 0xfe) || (start[0] === 0xfe && start[1] === 0xff))
  )
    return true;
  const pairs = Math.min(64, Math.floor(start.length / 2));
  if (pairs < 2) return false;
  const nulsAt = (parity: number) => {
    let count = 0;
    for (let i = 0; i < pairs; i++)
      if (start[2 * i + parity] === 0 && start[2 * i + 1 - parity] !== 0) count++;
    return count;
  };
  return nulsAt(0) === pairs || nulsAt(1) === pairs;
}

/** What is wrong with a file from its first bytes: UTF-16 text, not text at all, or null (a text file). */
export function fileStartProblem(start: Uint8Array): string | null {
  if (looksUtf16(start)) return IMPORT_FILE_UTF16;
  if (looksBinary(start)) return IMPORT_FILE_NOT_CSV;
  return null;
}
