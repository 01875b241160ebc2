/** Letters that Unicode decomposition keeps whole, written the way a founder types them. */
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Only code points below 128 (nothing to decompose, no letter outside a-z to fold). */
const ASCII = /^[^\u0080-\uffff]*$/;

/**
 * Text as search compares it: accents removed (é → e), case folded, the few letters without a
 * decomposition spelled out (ß → ss, ø → o), runs of spaces collapsed. `'  Zoë  Ørsted '` → `'zoe orsted'`.
 * Plain ASCII (most names) takes a shorter way to the same result.
 */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase().trim().replace(/\s+/g, ' ');
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .trim()
    .replace(/\s+/g, ' ');
}

/** The words of a text for prefix search: folded, split on anything that is not a letter or digit. */
export function searchWords(text: string): string[] {
  return wordsOfFolded(foldText(text));
}

/** The words of a text already folded (foldText). */
export function wordsOfFolded(folded: string): string[] {
  return (ASCII.test(folded) ? folded.split(/[^a-z0-9]+/) : folded.split(/[^\p{L}\p{N}]+/u)).filter(
    (word) => word !== '',
  );
}

/** Words from this many letters forgive one typo, and from {@link TWO_TYPOS_FROM} two (as Meilisearch and Typesense do). */
export const ONE_TYPO_FROM = 5;
export const TWO_TYPOS_FROM = 9;

/** How many edits a typed word may be from an indexed one and still match it. */
export function typoBudget(word: string): number {
  return word.length >= TWO_TYPOS_FROM ? 2 : word.length >= ONE_TYPO_FROM ? 1 : 0;
}
