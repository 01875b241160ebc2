/**
 * A whole number with its thousands grouped, as `toLocaleString('en-US')` writes it: `1,000`,
 * `25,000`. Written out because messages built when a module loads use it: the first use of `Intl`
 * (or of a locale-aware string method) loads ICU's locale data, about 10–15 ms of a Lambda cold
 * start that no request needs (docs/decisions.md, "Nothing locale-aware while a function loads").
 * `test/unit/format/numbers.test.ts` checks it against `toLocaleString('en-US')`.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number: ${n}`);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/**
 * Orders names as `a.localeCompare(b, 'en')` does for the names the product sorts when a module
 * loads (the countries, the default sectors): by their letters without accents and case first, then
 * as written. Not a collator: `test/unit/format/numbers.test.ts` checks it gives the same
 * order as `localeCompare` for every country and default sector.
 */
export function compareNamesEn(a: string, b: string): number {
  const ka = primaryKey(a);
  const kb = primaryKey(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

const primaryKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
