/**
 * Characters no request may carry in any text: C0 and C1 control characters but tab, line feed and
 * carriage return; Unicode's bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069: a podcast URL with a right-to-left override would display reversed on the public
 * board); and unpaired UTF-16 surrogates (a `u` regex matches a surrogate only when it is unpaired).
 * Line feed and carriage return are kept here for multi-line fields; single-line fields refuse them
 * in their schemas (`shared/api/text.ts`).
 */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDFFF]/u;

/** True when the text holds a character of {@link FORBIDDEN}. */
export const hasForbiddenCharacters = (text: string): boolean => FORBIDDEN.test(text);

/**
 * Where a forbidden character was found: `path` leads to the offending string (`['participants', 1]`;
 * `[]` is the value itself). When the offending string is a field's *name*, `path` leads to the
 * object that holds it and `namePosition` is that field's position in it (1 for the first): a
 * message then names the position, never the name, which would echo the control character.
 */
export interface ForbiddenTextAt {
  path: (string | number)[];
  namePosition?: number;
}

/**
 * The first string inside `value` (field names included) that holds a forbidden character, or null
 * when every string is clean. Walks with a stack of its own, not by recursion, so no nesting can
 * overflow it (the body's depth is limited before it is parsed anyway).
 */
export function findForbiddenText(value: unknown): ForbiddenTextAt | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (typeof current === 'string') {
      if (hasForbiddenCharacters(current)) return { path };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    if (!Array.isArray(current)) {
      const position = entries.findIndex(([key]) => hasForbiddenCharacters(String(key)));
      if (position >= 0) return { path, namePosition: position + 1 };
    }
    // Pushed last first, so the first field is looked at first (as a recursive walk would).
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string | number, unknown];
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}
