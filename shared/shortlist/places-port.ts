import { type Raise, raiseCountryUnknown } from '../projects/raise';
import { taxonomyKey } from '../taxonomy/fold';
import { didYouMean } from '../taxonomy/match';
import { COUNTRIES, resolveCity, resolveCountry, resolveRegion } from '../taxonomy/places';
import type { FitWords, PlaceCoverage } from './fit';
import { sectorLabel, stageLabel } from './taxonomy-port';

/**
 * What the shortlist needs of the taxonomy's places (issue 33's `shared/taxonomy/places.ts`): a
 * raise's country and city in the directory's words, and whether a place an investor invests in
 * covers a country. Server-side: the places' data stays out of the web app's bundles.
 */

export interface CountryOption {
  /** What the directory stores and shows ("United States"). */
  name: string;
}

/** The country a name, variant or ISO code stands for ("USA", "Deutschland", "se"), or null. */
export function countryOf(raw: string): CountryOption | null {
  const country = resolveCountry(raw);
  return country ? { name: country.name } : null;
}

/** A city as the directory stores it within its country (kept as written when the taxonomy does not know it). */
export function cityOf(raw: string, country: string): string {
  const code = resolveCountry(country)?.code;
  return resolveCity(raw, code ? [code] : [])?.name ?? raw.trim().replace(/\s+/g, ' ');
}

/** What investors write for "anywhere" (not a place of the taxonomy). */
const WORLDWIDE = new Set([
  'global',
  'globally',
  'worldwide',
  'world',
  'anywhere',
  'international',
  'everywhere',
]);

/**
 * Whether a place an investor invests in covers the company's country: the country itself (by any
 * of its names), a region of the taxonomy holding it ("Europe", "Nordics", "DACH"), or worldwide.
 */
export function placeCoverage(place: string, country: string): PlaceCoverage | null {
  if (WORLDWIDE.has(taxonomyKey(place))) return { kind: 'world', name: 'worldwide' };
  const theirs = resolveCountry(country);
  if (!theirs) return null;
  const named = resolveCountry(place);
  if (named) return named.code === theirs.code ? { kind: 'country', name: named.name } : null;
  const region = resolveRegion(place);
  if (region?.countries.includes(theirs.code)) return { kind: 'region', name: region.name };
  return null;
}

/** The words the score uses (shared/shortlist/fit.ts). */
export const fitWords: FitWords = { stageLabel, sectorLabel, coverage: placeCoverage };

/**
 * A raise's places in the directory's words: the country by any of its names ("USA", "Deutschland"),
 * the city within it; a country the taxonomy does not know is refused with what to do.
 */
export function raiseInPlaces(raise: Raise): { ok: true; raise: Raise } | { ok: false; message: string } {
  if (raise.country === null) return { ok: true, raise };
  const country = countryOf(raise.country);
  if (!country) {
    // By the pickers' rules ("Germny": Germany): the founder is asked, the server does not guess.
    const meant = didYouMean(
      COUNTRIES.map((c) => ({ value: c.name, label: c.name, synonyms: c.names })),
      raise.country,
    );
    return { ok: false, message: raiseCountryUnknown(raise.country, meant?.label ?? null) };
  }
  return {
    ok: true,
    raise: {
      ...raise,
      country: country.name,
      city: raise.city === null ? null : cityOf(raise.city, country.name),
    },
  };
}
