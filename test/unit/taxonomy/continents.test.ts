import { describe, expect, it } from 'vitest';
import { countriesByContinent } from '../../../scripts/continents';
import { COUNTRIES_BY_CONTINENT, continentOf } from '../../../shared/taxonomy/continents';

describe('the continents of countries', () => {
  it('are those of countries-list, code for code (run scripts/continents.ts after an upgrade)', () => {
    expect(COUNTRIES_BY_CONTINENT).toEqual(countriesByContinent());
  });

  it('answer a country code with its continent, and null for a code no country has', () => {
    expect(continentOf('DE')).toBe('EU');
    expect(continentOf('SG')).toBe('AS');
    expect(continentOf('BR')).toBe('SA');
    expect(continentOf('ZZ')).toBeNull();
  });
});
