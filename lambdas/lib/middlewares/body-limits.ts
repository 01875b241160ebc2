/**
 * The limits a request body must meet before anything reads it (docs/decisions.md, "Bad input, one
 * way everywhere"): its size, then how deeply its objects and lists nest, both read from the raw text
 * in one pass without recursion, so neither a huge nor a deeply nested body costs more than a scan.
 */

/** The largest body any endpoint takes: a cart of 2,500 investors is about 80 KB. */
export const MAX_BODY_BYTES = 256 * 1024;

/** How deeply objects and lists may nest (the deepest body taken, an approval's edits, nests 3 deep). */
export const MAX_BODY_DEPTH = 10;

export const BODY_TOO_LARGE = `The request body is too large: a request may send at most ${MAX_BODY_BYTES / 1024} KB.`;

export const BODY_TOO_DEEP = `The request body is nested too deeply: objects and lists may sit inside one another at most ${MAX_BODY_DEPTH} levels deep. Send the fields this request takes, without extra nesting.`;

/** The size of the body in bytes, as sent (a base64-encoded body is measured decoded). */
export function bodyBytes(body: string, isBase64Encoded: boolean): number {
  if (!isBase64Encoded) return Buffer.byteLength(body, 'utf8');
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * True when the JSON text nests objects and lists deeper than `max` (a top-level object is depth 1).
 * One pass over the characters, brackets inside strings ignored; it stops at the first level past
 * `max`. Text that is not JSON may be counted wrongly, but then it does not parse either.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
      if (depth > max) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth--;
  }
  return false;
}
