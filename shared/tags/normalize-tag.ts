/**
 * Normalises a tag for storage and comparison: trims it, lower-cases it and collapses every run of inner
 * whitespace to a single space. `'  Fin   Tech '` becomes `'fin tech'`.
 */
export function normalizeTag(tag: string): string {
  return tag.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** True when two tags are the same once normalised, so any case or spacing variant matches. */
export function sameTag(a: string, b: string): boolean {
  return normalizeTag(a) === normalizeTag(b);
}

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The distinct case variants of a tag that the original search queried: lower case, upper case, first
 * letter capitalised and title case (every space-separated word capitalised), in that order and without
 * duplicates. The variants are built from the normalised tag, so surrounding and repeated whitespace is
 * dropped and mixed-case input such as `'SaaS'` yields `['saas', 'SAAS', 'Saas']` (capitalised and title
 * case coincide for a single word). A blank tag has no variants.
 *
 * Our own search compares normalised keys ({@link normalizeTag}); this is kept for data written with
 * other spellings and for parity with the spec's "matches any case variant" rule.
 */
export function tagVariants(tag: string): string[] {
  const lower = normalizeTag(tag);
  if (lower === '') return [];
  const variants = [
    lower,
    lower.toUpperCase(),
    capitalise(lower),
    lower.split(' ').map(capitalise).join(' '),
  ];
  return [...new Set(variants)];
}

/** Drops blank tags and later duplicates (compared by normalised tag), keeping the first spelling and order. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const key = normalizeTag(tag);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}
