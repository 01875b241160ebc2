/**
 * Prints `COUNTRIES_BY_CONTINENT` (shared/taxonomy/continents.ts) from countries-list, the source of
 * that table: run it after upgrading countries-list when the table's unit test says they differ.
 *
 *   npx tsx scripts/continents.ts
 */
import { countries } from 'countries-list';

export function countriesByContinent(): Record<string, string> {
  const byContinent = new Map<string, string[]>();
  for (const [code, country] of Object.entries(countries))
    byContinent.set(country.continent, [...(byContinent.get(country.continent) ?? []), code]);
  return Object.fromEntries(
    [...byContinent]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([continent, codes]) => [continent, codes.sort().join(' ')]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`)
  for (const [continent, codes] of Object.entries(countriesByContinent()))
    console.log(`  ${continent}: '${codes}',`);
