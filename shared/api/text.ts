import * as z from 'zod/mini';

/**
 * Single-line and multi-line text fields (docs/decisions.md, "Bad input, one way everywhere").
 *
 * A single-line field (a name, a title, a sector, a file name, a URL...) refuses every line and
 * paragraph separator: carriage return, line feed, vertical tab, form feed, next line (NEL) and
 * Unicode's line and paragraph separators (U+2028, U+2029). Such a value can be shown on one line,
 * used in a CSV cell or an email header as it is. A multi-line field (notes, descriptions, a thesis,
 * a reason) keeps line breaks. Every request body schema declares each of its text fields with
 * {@link singleLine} unless it is one of the few multi-line ones; query and path parameters are
 * single-line by nature (the validation middleware refuses line breaks in all of them).
 */

/** The line and paragraph separators a single-line field refuses. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching line separators is the point
export const LINE_BREAK = /[\n\r\u000B\u000C\u0085\u2028\u2029]/;

export const hasLineBreak = (text: string): boolean => LINE_BREAK.test(text);

/** The field's name as messages give it: its path (`sectors.2`), or 'The value' at the top. */
const fieldOf = (path: readonly PropertyKey[] | undefined): string =>
  path && path.length > 0 ? path.map(String).join('.') : 'The value';

/** The answer to a line break in a single-line field, naming it. */
export const singleLineMessage = (field: string): string =>
  `${field} must be on one line: remove the line breaks from it.`;

/**
 * The check of a single-line text field: put it first in the string's checks, so that a line break
 * anywhere is refused (not trimmed away at the ends) and its message comes first. It answers naming
 * the field. (Not aborting: inside a union, zod then reports this option's own message.)
 */
export function singleLine() {
  const check = z.refine<string>((value) => !LINE_BREAK.test(value), {
    error: (issue) => singleLineMessage(fieldOf(issue.path)),
  });
  singleLineChecks.add(check);
  return check;
}

const singleLineChecks = new WeakSet<object>();
const multiLineTexts = new WeakSet<z.core.$ZodType>();

/**
 * Declares a text field multi-line (notes, descriptions, a thesis, a reason): it keeps line breaks.
 * Returns the schema itself, marked, so a test can tell that every text field of every request body
 * is declared one way or the other ({@link isSingleLine}, {@link isMultiLine}).
 */
export function multiLine<T extends z.core.$ZodType>(schema: T): T {
  multiLineTexts.add(schema);
  return schema;
}

/** Whether the schema carries the {@link singleLine} check. */
export const isSingleLine = (schema: z.core.$ZodType): boolean =>
  ((schema._zod.def as { checks?: object[] }).checks ?? []).some((check) => singleLineChecks.has(check));

/** Whether the schema was declared {@link multiLine}. */
export const isMultiLine = (schema: z.core.$ZodType): boolean => multiLineTexts.has(schema);

/** A single-line text field: no line breaks, trimmed, at most `max` characters. */
export const singleLineText = (max: number) => z.string().check(singleLine(), z.trim(), z.maxLength(max));

/** How many characters of what was sent an error message may echo. */
export const EXCERPT_MAX_LENGTH = 40;

/** Characters an echo never shows as they are: control characters, line breaks, text-direction controls, lone surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
const UNSHOWABLE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDFFF]/gu;

/**
 * What an error message may echo of a text the request sent: at most {@link EXCERPT_MAX_LENGTH}
 * characters (then '…'), with control characters, line breaks and text-direction controls written
 * as escapes (`\n`, `\u0000`), so a message is always one short, readable line whatever was sent.
 */
export function excerpt(text: string, max: number = EXCERPT_MAX_LENGTH): string {
  // A character is at most two UTF-16 units: the head read is enough, however long the text is.
  const characters = Array.from(text.slice(0, 2 * max + 1));
  const shown = characters.length > max ? `${characters.slice(0, max).join('')}…` : text;
  return shown.replace(UNSHOWABLE, (character) => {
    const code = character.charCodeAt(0);
    if (code === 0x0a) return '\\n';
    if (code === 0x0d) return '\\r';
    if (code === 0x09) return '\\t';
    return `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}
