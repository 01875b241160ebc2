/**
 * Places as the taxonomy knows them: countries by ISO 3166-1 alpha-2 code (names and their common
 * variants from i18n-iso-countries, data only), cities within their country (a city name is
 * resolved within the record's country when it has one: "Cambridge" is in the United Kingdom or
 * the United States), and regions defined by their countries (the continents of countries-list,
 * and the usual groupings founders use: Nordics, DACH, Southeast Asia, Middle East, Latin America).
 */
// The package's English names alone, as data: its Node entry registers all of its 78 languages (700 KB
// in every bundle that reads a place), and its code (the alpha-3 and numeric codes, a diacritics
// table) does nothing the English names need.
import english from 'i18n-iso-countries/langs/en.json';
import { compareNamesEn } from '../format/numbers';
import { continentOf } from './continents';
import { taxonomyKey } from './fold';

/** Names the directory shows for a country where the ISO short name is not how people say it. */
const DISPLAY_NAMES: Readonly<Record<string, string>> = {
  US: 'United States',
  GB: 'United Kingdom',
  KR: 'South Korea',
  KP: 'North Korea',
  RU: 'Russia',
  IR: 'Iran',
  VN: 'Vietnam',
  TW: 'Taiwan',
  BO: 'Bolivia',
  VE: 'Venezuela',
  TZ: 'Tanzania',
  SY: 'Syria',
  LA: 'Laos',
  MD: 'Moldova',
  CZ: 'Czechia',
  CN: 'China',
  GM: 'Gambia',
  MK: 'North Macedonia',
  PS: 'Palestine',
  BN: 'Brunei',
  FM: 'Micronesia',
  VA: 'Vatican City',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
};

/** Variants the package does not list that sources write. */
const EXTRA_COUNTRY_NAMES: Readonly<Record<string, readonly string[]>> = {
  GB: ['England', 'Scotland', 'Wales', 'Northern Ireland', 'Britain', 'U.K.', 'GB'],
  US: ['America', 'United States of America (USA)'],
  NL: ['Holland', 'The Netherlands'],
  CZ: ['Czech Republic'],
  AE: ['UAE', 'U.A.E.', 'Emirates'],
  KR: ['Korea'],
  CH: ['Schweiz', 'Suisse'],
  DE: ['Deutschland'],
  CI: ['Ivory Coast'],
  TR: ['Turkey', 'Türkiye'],
};

export interface Country {
  code: string;
  /** What the directory shows and stores. */
  name: string;
  /** Every name it is known by (the name, the package's variants, ours, the code). */
  names: readonly string[];
}

/** Each code's English names, the package's official one first (what its `getNames('en', { select: 'all' })` returns). */
const officialNames: Readonly<Record<string, string | readonly string[]>> = english.countries;

export const COUNTRIES: readonly Country[] = Object.entries(officialNames)
  .map(([code, official]) => {
    const names = typeof official === 'string' ? [official] : official;
    const name = DISPLAY_NAMES[code] ?? names[0] ?? code;
    return { code, name, names: [...new Set([name, ...names, ...(EXTRA_COUNTRY_NAMES[code] ?? []), code])] };
  })
  .sort((a, b) => compareNamesEn(a.name, b.name));

const countryByCode = new Map(COUNTRIES.map((country) => [country.code, country]));
const countryByKey = new Map<string, Country>();
for (const country of COUNTRIES)
  for (const name of country.names) {
    const key = taxonomyKey(name);
    if (!countryByKey.has(key)) countryByKey.set(key, country);
  }

/** The country a name, variant or ISO code stands for ("USA", "uk", "Deutschland", "de"), or null. */
export function resolveCountry(value: string): Country | null {
  return countryByKey.get(taxonomyKey(value)) ?? null;
}

export const countryOfCode = (code: string): Country | null => countryByCode.get(code.toUpperCase()) ?? null;

/**
 * Cities by country: the venture cities of the directory (every city of the demo directory, a test)
 * and other startup hubs, with the other names sources use for them.
 */
const CITIES: Readonly<Record<string, readonly (string | readonly [string, ...string[]])[]>> = {
  US: [
    ['San Francisco', 'SF', 'San Francisco Bay Area', 'Bay Area', 'SF Bay Area', 'Silicon Valley'],
    ['New York', 'New York City', 'NYC', 'NY', 'Manhattan', 'Brooklyn'],
    'Palo Alto',
    'Menlo Park',
    'Mountain View',
    'San Jose',
    'Boston',
    'Cambridge',
    ['Los Angeles', 'LA', 'L.A.'],
    'Seattle',
    'Austin',
    'Chicago',
    'Miami',
    ['Washington', 'Washington DC', 'Washington D.C.', 'DC'],
    'Denver',
    'Boulder',
    'San Diego',
    'Atlanta',
    'Salt Lake City',
    'Pittsburgh',
    'Philadelphia',
    'Raleigh',
    'Nashville',
    'Dallas',
    'Houston',
    'Portland',
  ],
  GB: [
    'London',
    'Cambridge',
    'Oxford',
    'Manchester',
    'Edinburgh',
    'Bristol',
    'Birmingham',
    'Leeds',
    'Glasgow',
  ],
  DE: [
    'Berlin',
    ['Munich', 'München', 'Muenchen'],
    'Hamburg',
    ['Frankfurt', 'Frankfurt am Main'],
    ['Cologne', 'Köln', 'Koeln'],
    'Stuttgart',
    'Düsseldorf',
  ],
  IN: [
    ['Bengaluru', 'Bangalore'],
    ['Mumbai', 'Bombay'],
    ['New Delhi', 'Delhi'],
    ['Gurugram', 'Gurgaon'],
    'Hyderabad',
    'Pune',
    ['Chennai', 'Madras'],
    'Noida',
  ],
  FR: ['Paris', 'Lyon', 'Toulouse', 'Bordeaux', 'Nantes', 'Marseille', 'Lille'],
  CA: ['Toronto', 'Vancouver', ['Montreal', 'Montréal'], 'Waterloo', 'Calgary', 'Ottawa', 'London'],
  CN: ['Beijing', 'Shanghai', 'Shenzhen', 'Hangzhou'],
  IL: [['Tel Aviv', 'Tel Aviv-Yafo', 'Tel-Aviv'], 'Herzliya', 'Jerusalem', 'Haifa'],
  SG: ['Singapore'],
  BR: [['São Paulo', 'Sao Paulo', 'SP'], 'Rio de Janeiro', 'Belo Horizonte', 'Florianópolis'],
  NL: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', ['The Hague', 'Den Haag']],
  SE: ['Stockholm', ['Gothenburg', 'Göteborg'], 'Malmö'],
  CH: [['Zurich', 'Zürich'], ['Geneva', 'Genève'], 'Lausanne', 'Zug', 'Basel'],
  ES: ['Madrid', 'Barcelona', 'Valencia', 'Málaga', 'Bilbao'],
  JP: ['Tokyo', 'Osaka', 'Fukuoka', 'Kyoto'],
  AU: ['Sydney', 'Melbourne', 'Brisbane', 'Perth'],
  KR: ['Seoul', 'Pangyo', 'Busan'],
  AE: ['Dubai', 'Abu Dhabi'],
  IE: ['Dublin', 'Cork'],
  HK: ['Hong Kong'],
  DK: [['Copenhagen', 'København'], 'Aarhus'],
  FI: ['Helsinki', 'Espoo', 'Oulu'],
  NO: ['Oslo', 'Bergen'],
  PL: ['Warsaw', ['Kraków', 'Krakow', 'Cracow'], 'Wrocław'],
  IT: [
    ['Milan', 'Milano'],
    ['Rome', 'Roma'],
    ['Turin', 'Torino'],
  ],
  PT: [['Lisbon', 'Lisboa'], 'Porto'],
  BE: ['Brussels', 'Ghent', 'Antwerp'],
  AT: [['Vienna', 'Wien'], 'Graz'],
  EE: ['Tallinn', 'Tartu'],
  CZ: [['Prague', 'Praha'], 'Brno'],
  NG: ['Lagos', 'Abuja'],
  KE: ['Nairobi'],
  ZA: ['Cape Town', 'Johannesburg'],
  EG: ['Cairo'],
  SA: ['Riyadh', 'Jeddah'],
  MX: [['Mexico City', 'CDMX', 'Ciudad de México'], 'Monterrey', 'Guadalajara'],
  CO: ['Bogotá', 'Medellín'],
  AR: ['Buenos Aires'],
  CL: ['Santiago'],
  ID: ['Jakarta', 'Bandung'],
  VN: [['Ho Chi Minh City', 'Saigon', 'HCMC'], 'Hanoi'],
  NZ: ['Auckland', 'Wellington'],
  LT: ['Vilnius'],
  LV: ['Riga'],
  RO: ['Bucharest', 'Cluj-Napoca'],
  HU: ['Budapest'],
  GR: ['Athens'],
  TR: ['Istanbul'],
  UA: ['Kyiv', 'Kiev'],
  TW: ['Taipei'],
  TH: ['Bangkok'],
  MY: ['Kuala Lumpur'],
  PH: ['Manila'],
  PK: ['Karachi', 'Lahore'],
  QA: ['Doha'],
  PE: ['Lima'],
  UY: ['Montevideo'],
  GH: ['Accra'],
  RW: ['Kigali'],
  MA: ['Casablanca'],
  LU: ['Luxembourg'],
  IS: ['Reykjavík'],
};

export interface City {
  name: string;
  countryCode: string;
  names: readonly string[];
}

export const KNOWN_CITIES: readonly City[] = Object.entries(CITIES).flatMap(([countryCode, cities]) =>
  cities.map((city) => {
    const names = typeof city === 'string' ? [city] : [...city];
    return { name: names[0] as string, countryCode, names };
  }),
);

const citiesByKey = new Map<string, City[]>();
for (const city of KNOWN_CITIES)
  for (const name of city.names) {
    const key = taxonomyKey(name);
    citiesByKey.set(key, [...(citiesByKey.get(key) ?? []), city]);
  }

/**
 * The city a name stands for, within the given countries when the record names any ("Cambridge"
 * with the United States is Cambridge, US). Without a country, a name only one country has is
 * resolved; a name several countries have stays unresolved (null), as does an unknown city.
 */
export function resolveCity(value: string, countryCodes: readonly string[] = []): City | null {
  const candidates = citiesByKey.get(taxonomyKey(value)) ?? [];
  if (countryCodes.length > 0) {
    const within = candidates.filter((city) => countryCodes.includes(city.countryCode));
    if (within.length > 0) return within[0] ?? null;
  }
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

const codesOnContinent = (...continents: string[]) =>
  COUNTRIES.map((country) => country.code).filter((code) => continents.includes(continentOf(code) ?? ''));

const MIDDLE_EAST = [
  'AE',
  'BH',
  'CY',
  'EG',
  'IL',
  'IQ',
  'IR',
  'JO',
  'KW',
  'LB',
  'OM',
  'PS',
  'QA',
  'SA',
  'SY',
  'TR',
  'YE',
];
const SOUTHEAST_ASIA = ['BN', 'KH', 'ID', 'LA', 'MY', 'MM', 'PH', 'SG', 'TH', 'TL', 'VN'];
const NORTH_AMERICA = ['US', 'CA'];

export interface Region {
  name: string;
  synonyms: readonly string[];
  /** The ISO codes of its countries. */
  countries: readonly string[];
}

/** Regions a filter and the search box can use: "Europe" finds investors in any European country. */
export const REGIONS: readonly Region[] = [
  { name: 'Europe', synonyms: ['EU', 'European'], countries: codesOnContinent('EU') },
  { name: 'North America', synonyms: ['NA', 'US and Canada', 'USA and Canada'], countries: NORTH_AMERICA },
  {
    name: 'Latin America',
    synonyms: ['LatAm', 'LATAM', 'South and Central America'],
    countries: [
      ...codesOnContinent('SA'),
      ...codesOnContinent('NA').filter(
        (code) => !NORTH_AMERICA.includes(code) && !['GL', 'PM', 'BM'].includes(code),
      ),
    ],
  },
  { name: 'South America', synonyms: [], countries: codesOnContinent('SA') },
  { name: 'Asia', synonyms: ['Asian'], countries: codesOnContinent('AS') },
  {
    name: 'Asia Pacific',
    synonyms: ['APAC', 'Asia-Pacific'],
    countries: [...codesOnContinent('AS'), ...codesOnContinent('OC')],
  },
  {
    name: 'South Asia',
    synonyms: ['Indian subcontinent'],
    countries: ['AF', 'BD', 'BT', 'IN', 'LK', 'MV', 'NP', 'PK'],
  },
  {
    name: 'Southeast Asia',
    synonyms: ['SEA', 'South East Asia', 'SE Asia', 'ASEAN'],
    countries: SOUTHEAST_ASIA,
  },
  { name: 'Middle East', synonyms: ['MENA', 'Middle East and North Africa', 'GCC'], countries: MIDDLE_EAST },
  { name: 'Africa', synonyms: ['Sub-Saharan Africa', 'Pan-Africa'], countries: codesOnContinent('AF') },
  { name: 'Oceania', synonyms: ['ANZ', 'Australia and New Zealand'], countries: codesOnContinent('OC') },
  {
    name: 'Nordics',
    synonyms: ['Nordic', 'Nordic countries', 'Scandinavia'],
    countries: ['DK', 'FI', 'IS', 'NO', 'SE'],
  },
  { name: 'DACH', synonyms: ['D-A-CH', 'German-speaking Europe'], countries: ['DE', 'AT', 'CH'] },
  { name: 'Baltics', synonyms: ['Baltic states'], countries: ['EE', 'LV', 'LT'] },
  { name: 'Benelux', synonyms: [], countries: ['BE', 'NL', 'LU'] },
  {
    name: 'CEE',
    synonyms: ['Central and Eastern Europe', 'Eastern Europe'],
    countries: ['BG', 'CZ', 'EE', 'HR', 'HU', 'LT', 'LV', 'PL', 'RO', 'RS', 'SI', 'SK', 'UA'],
  },
];

const regionByKey = new Map<string, Region>();
for (const region of REGIONS)
  for (const name of [region.name, ...region.synonyms]) regionByKey.set(taxonomyKey(name), region);

/** The region a name stands for ("Europe", "LatAm", "Nordic"), or null. */
export function resolveRegion(value: string): Region | null {
  return regionByKey.get(taxonomyKey(value)) ?? null;
}

/** The display names of a region's countries (what a filter on it matches). */
export const regionCountryNames = (region: Region): string[] =>
  region.countries.map((code) => countryOfCode(code)?.name ?? code);

/** Places of a record mapped: countries by their display name, cities within them. */
export interface MappedPlaces {
  countries: string[];
  countryCodes: string[];
  cities: string[];
}

const keepOnce = (list: string[], name: string) => {
  if (!list.some((n) => taxonomyKey(n) === taxonomyKey(name))) list.push(name);
};

/**
 * Maps a record's places: each country name, variant or code to the country's display name; each
 * city to the known city within the record's countries (or the only city of that name). A place
 * the taxonomy does not know is kept as written (cities are too many to list, and a country off the
 * ISO list is a rare place or a typo: docs/decisions.md, "One taxonomy").
 */
export function mapPlaces(countries: readonly string[], cities: readonly string[]): MappedPlaces {
  const names: string[] = [];
  const codes: string[] = [];
  for (const raw of countries) {
    if (raw.trim() === '') continue;
    const country = resolveCountry(raw);
    if (country && !codes.includes(country.code)) codes.push(country.code);
    keepOnce(names, country ? country.name : raw.trim().replace(/\s+/g, ' '));
  }
  const cityNames: string[] = [];
  for (const raw of cities) {
    if (raw.trim() === '') continue;
    keepOnce(cityNames, resolveCity(raw, codes)?.name ?? raw.trim().replace(/\s+/g, ' '));
  }
  return { countries: names, countryCodes: codes, cities: cityNames };
}

/**
 * Where an investor says they invest ("Invests in": regions, countries and cities in one list), each
 * on the taxonomy: a region by its name ("latam" → Latin America), a country by its display name ("US",
 * "usa" → United States), a known city by its name; a place the taxonomy does not know is kept as
 * written (mapPlaces' rule). Each place once, in the order given. Read, not stored: the sheet keeps
 * what each source wrote.
 */
export function mapFocusPlaces(raws: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of raws) {
    const written = raw.trim().replace(/\s+/g, ' ');
    if (written === '') continue;
    const name =
      resolveRegion(written)?.name ?? resolveCountry(written)?.name ?? resolveCity(written)?.name ?? written;
    keepOnce(out, name);
  }
  return out;
}
