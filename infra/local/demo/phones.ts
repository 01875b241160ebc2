import { type CountryCode, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import type { DemoCity, DemoCountry } from './places';

/**
 * Numbers set aside for fiction, where the country has them: North America's 555-0100 to 555-0199
 * (with the city's area code), Ofcom's drama numbers in the United Kingdom, ACMA's in Australia and
 * ARCEP's in France. Each gives the national number without its last digits, and how many to add.
 */
const FICTIONAL: Readonly<Record<string, (city: DemoCity) => readonly [string, number] | null>> = {
  US: (city) => [`${city.areaCode ?? '212'}55501`, 2],
  CA: (city) => [`${city.areaCode ?? '416'}55501`, 2],
  GB: (city) =>
    (({
      Manchester: ['1614960', 3],
      Edinburgh: ['1314960', 3],
      Bristol: ['1174960', 3],
      Cambridge: ['1223496', 3],
      Oxford: ['1865496', 3],
    })[city.name] as readonly [string, number] | undefined) ?? ['2079460', 3],
  AU: (city) => [{ Melbourne: '35550', Brisbane: '75550' }[city.name] ?? '25550', 4],
  FR: (city) => [
    { Lyon: '46571', Toulouse: '53649', Bordeaux: '53649', Nantes: '26191' }[city.name] ?? '19900',
    4,
  ],
};

const digits = (random: () => number, n: number) =>
  Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

/**
 * A phone number in the country's international format ('+44 20 7946 0321', '+49 1512 3456789'),
 * valid for the country by libphonenumber's metadata: a number set aside for fiction where the
 * country has such numbers; elsewhere the country's example mobile number with its last four digits
 * drawn at random (kept only if still valid; else the example itself).
 */
export function demoPhoneNumber(country: DemoCountry, city: DemoCity, random: () => number): string {
  const code: CountryCode = country.code;
  const fictional = FICTIONAL[code]?.(city);
  if (fictional) {
    const [start, more] = fictional;
    const parsed = parsePhoneNumberFromString(`${start}${digits(random, more)}`, code);
    if (parsed?.isValid()) return parsed.formatInternational();
  }
  const example = getExampleNumber(code, examples);
  if (!example) throw new Error(`No example phone number for ${code}`);
  const national = String(example.nationalNumber);
  for (let attempt = 0; attempt < 10; attempt++) {
    const candidate = parsePhoneNumberFromString(`${national.slice(0, -4)}${digits(random, 4)}`, code);
    if (candidate?.isValid() && candidate.country === code) return candidate.formatInternational();
  }
  return example.formatInternational();
}
