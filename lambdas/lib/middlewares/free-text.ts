/**
 * Characters no request may carry in any text: C0 and C1 control characters but tab, line feed and
 * carriage return; Unicode's bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069: a podcast URL with a right-to-left override would display reversed on the public
 * board); and unpaired UTF-16 surrogates (a `u` regex matches a surrogate only when it is unpaired).
 */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDFFF]/u;

/** True when the text holds a character of {@link FORBIDDEN}. */
export const hasForbiddenCharacters = (text: string): boolean => FORBIDDEN.test(text);

/**
 * The path of the first string inside `value` (keys included) that holds a forbidden character, or
 * null when every string is clean. The path is the field's name as a 400 answer gives it (`title`,
 * `investorIds.3`); `''` is the value itself.
 */
export function findForbiddenText(value: unknown, path: readonly (string | number)[] = []): string | null {
  if (typeof value === 'string') return hasForbiddenCharacters(value) ? path.join('.') : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findForbiddenText(item, [...path, index]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasForbiddenCharacters(key)) return [...path, key].join('.');
      const found = findForbiddenText(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
