/**
 * Letters that Unicode's compatibility decomposition (NFKD) does not take apart into a Latin letter
 * and accents, written as they are usually spelled in ASCII.
 */
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  ø: 'o',
  Ø: 'O',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
};

/**
 * A name in plain ASCII letters: 'Łukasz' → 'Lukasz', 'Søren Østergaard' → 'Soren Ostergaard',
 * 'Strauß' → 'Strauss', 'Nguyễn' → 'Nguyen'. Accents are dropped (NFKD, then the combining marks
 * removed); the letters NFKD keeps whole come from a small table.
 */
export function transliterate(text: string): string {
  return Array.from(text.normalize('NFKD'), (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .join('')
    .replace(/\p{M}/gu, '');
}

/** A name as an email address's local part: transliterated, lower case, letters and digits only. */
export function emailPart(text: string): string {
  return transliterate(text)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
