import isoCountries from 'i18n-iso-countries/index';
import english from 'i18n-iso-countries/langs/en.json';
import { describe, expect, it } from 'vitest';
import { DEMO_SECTORS, DEMO_STAGES } from '../../../infra/local/demo/investors';
import { DEMO_COUNTRIES } from '../../../infra/local/demo/places';
import { SearchIndex } from '../../../shared/search/engine';
import { tagLabel } from '../../../shared/tags/display';
import { taxonomyKey } from '../../../shared/taxonomy/fold';
import {
  COUNTRIES,
  mapPlaces,
  regionCountryNames,
  resolveCity,
  resolveCountry,
  resolveRegion,
} from '../../../shared/taxonomy/places';
import { DEFAULT_SECTORS, DEFAULT_STAGES, STAGE_VALUES } from '../../../shared/taxonomy/sectors';
import {
  DEFAULT_TAXONOMY,
  TAXONOMY_KINDS,
  Taxonomy,
  type TaxonomyEdit,
} from '../../../shared/taxonomy/taxonomy';
import { taxonomyVocabulary } from '../../../shared/taxonomy/vocabulary';
import { blankCard } from '../support/cards';

const edit = (over: Partial<TaxonomyEdit>): TaxonomyEdit => ({
  kind: 'sector',
  value: 'fintech',
  label: 'Fintech',
  synonyms: [],
  added: false,
  updatedAt: '2026-11-26T00:00:00.000Z',
  ...over,
});

describe('taxonomy: folding', () => {
  it('ignores case, accents, punctuation and spacing, reads & as and, keeps +', () => {
    expect(taxonomyKey('  Fintech (Payments,  Lending) ')).toBe('fintech payments lending');
    expect(taxonomyKey('fintech(payments,lending)')).toBe('fintech payments lending');
    expect(taxonomyKey('Series-A')).toBe(taxonomyKey('series a'));
    expect(taxonomyKey('AI/ML')).toBe('ai ml');
    expect(taxonomyKey('Food & Agriculture')).toBe('food and agriculture');
    expect(taxonomyKey('Série C+')).toBe('serie c+');
    expect(taxonomyKey("Women's health")).toBe('womens health');
  });
});

describe('taxonomy: sectors and stages', () => {
  it('maps synonyms and any spelling of them to one entry', () => {
    const t = DEFAULT_TAXONOMY;
    for (const raw of [
      'Fintech',
      'FINTECH',
      'fintech (payments, lending)',
      'Fintech (Payments, Lending)',
      'payments',
      'Lending',
    ])
      expect(t.resolve('sector', raw)?.value, raw).toBe('fintech');
    for (const raw of ['ai/ml', 'AI / ML', 'artificial intelligence', 'Machine Learning', 'AI'])
      expect(t.resolve('sector', raw)?.value, raw).toBe('ai');
    for (const raw of ['climate tech', 'Climate-Tech', 'cleantech', 'Clean Tech'])
      expect(t.resolve('sector', raw)?.value, raw).toBe('climate');
    for (const raw of ['preseed', 'pre seed', 'Pre-Seed', 'angel round'])
      expect(t.resolve('stage', raw)?.value, raw).toBe('pre-seed');
    expect(t.resolve('stage', 'series-a')?.value).toBe('series a');
    expect(t.resolve('stage', 'Late stage')?.value).toBe('growth');
  });

  it('reads the words before brackets when the whole spelling is unknown', () => {
    expect(DEFAULT_TAXONOMY.resolve('sector', 'Healthtech (digital clinics)')?.value).toBe('health');
    expect(DEFAULT_TAXONOMY.resolve('sector', 'Widgets (blue)')).toBeNull();
  });

  it('maps a list: each entry once, in order, and keeps unknown values apart', () => {
    expect(
      DEFAULT_TAXONOMY.map('sector', [
        'Fintech (Payments, Lending)',
        'payments',
        'quantum widgets',
        'AI/ML',
        'Quantum  Widgets',
      ]),
    ).toEqual({ values: ['fintech', 'ai'], unmapped: ['quantum widgets'] });
  });

  it('no spelling names two entries, and every label reads back from its stored value', () => {
    for (const [kind, seeds] of [
      ['sector', DEFAULT_SECTORS],
      ['stage', DEFAULT_STAGES],
    ] as const) {
      const owner = new Map<string, string>();
      for (const seed of seeds) {
        expect(tagLabel(seed.label.toLowerCase())).toBe(seed.label);
        for (const spelling of [seed.label, ...seed.synonyms]) {
          const key = taxonomyKey(spelling);
          expect(owner.get(key) ?? seed.label, `${kind} ${spelling}`).toBe(seed.label);
          owner.set(key, seed.label);
        }
      }
    }
    expect(DEFAULT_SECTORS.length).toBeGreaterThanOrEqual(40);
    expect(DEFAULT_TAXONOMY.entries('stage').map((e) => e.value)).toEqual([...STAGE_VALUES]);
  });

  it("applies admins' edits: a synonym added to an entry, a sector added", () => {
    const t = new Taxonomy([
      edit({ synonyms: ['open banking'] }),
      edit({ value: 'quantum widgets', label: 'Quantum Widgets', synonyms: ['qw'], added: true }),
    ]);
    expect(t.resolve('sector', 'Open Banking')?.value).toBe('fintech');
    expect(t.resolve('sector', 'QW')?.label).toBe('Quantum Widgets');
    expect(t.entries('sector').map((e) => e.label)).toContain('Quantum Widgets');
    expect(DEFAULT_TAXONOMY.resolve('sector', 'open banking')).toBeNull();
    expect(TAXONOMY_KINDS).toEqual(['sector', 'stage']);
  });
});

describe('taxonomy: places', () => {
  it('countries by ISO code, by name and by common variants', () => {
    for (const raw of ['USA', 'United States of America', 'us', 'U.S.A.', 'America'])
      expect(resolveCountry(raw)?.code, raw).toBe('US');
    for (const raw of ['UK', 'Great Britain', 'England', 'gb', 'United Kingdom'])
      expect(resolveCountry(raw)?.code, raw).toBe('GB');
    expect(resolveCountry('Deutschland')?.name).toBe('Germany');
    expect(resolveCountry('Holland')?.name).toBe('Netherlands');
    // Shown as people say it, the ISO name still understood.
    expect(resolveCountry("People's Republic of China")?.name).toBe('China');
    expect(resolveCountry('Republic of The Gambia')?.name).toBe('Gambia');
    expect(resolveCountry('Narnia')).toBeNull();
    expect(COUNTRIES.length).toBeGreaterThan(240);
  });

  it('knows every country by each English name i18n-iso-countries gives it (its data read without its code)', () => {
    isoCountries.registerLocale(english);
    const byPackage = isoCountries.getNames('en', { select: 'all' }) as Record<string, string[]>;

    expect(COUNTRIES.map((country) => country.code).sort()).toEqual(Object.keys(byPackage).sort());
    for (const country of COUNTRIES) {
      expect(country.names, country.code).toEqual(
        expect.arrayContaining(byPackage[country.code] ?? ['(none)']),
      );
      // A name two countries share ("Congo") goes to the first; each still answers with a country known by it.
      for (const name of byPackage[country.code] ?? [])
        expect(resolveCountry(name)?.names, name).toContain(name);
    }
  });

  it('a city is resolved within its country; an ambiguous name without one stays as written', () => {
    expect(resolveCity('Cambridge', ['US'])?.countryCode).toBe('US');
    expect(resolveCity('Cambridge', ['GB'])?.countryCode).toBe('GB');
    expect(resolveCity('Cambridge')).toBeNull();
    expect(resolveCity('bangalore')?.name).toBe('Bengaluru');
    expect(resolveCity('NYC')?.name).toBe('New York');
    expect(mapPlaces(['usa', 'Narnia', 'U.S.A.'], ['cambridge', 'nyc', 'Smallville'])).toEqual({
      countries: ['United States', 'Narnia'],
      countryCodes: ['US'],
      cities: ['Cambridge', 'New York', 'Smallville'],
    });
    expect(mapPlaces(['United Kingdom'], ['Cambridge']).cities).toEqual(['Cambridge']);
  });

  it('regions are defined by their countries', () => {
    const europe = resolveRegion('europe');
    expect(europe?.countries).toEqual(expect.arrayContaining(['DE', 'FR', 'PT', 'SE', 'GB']));
    expect(europe?.countries).not.toContain('US');
    expect(resolveRegion('LatAm')?.countries).toEqual(expect.arrayContaining(['BR', 'MX', 'AR', 'CO']));
    expect(resolveRegion('Nordic')?.countries).toEqual(['DK', 'FI', 'IS', 'NO', 'SE']);
    expect(resolveRegion('DACH')?.countries).toEqual(['DE', 'AT', 'CH']);
    expect(
      regionCountryNames(resolveRegion('Southeast Asia') ?? { name: '', synonyms: [], countries: [] }),
    ).toContain('Singapore');
    // Asia Pacific is Asia and Oceania (APAC takes in Australia); South Asia is India and its neighbours.
    expect(resolveRegion('APAC')?.name).toBe('Asia Pacific');
    expect(resolveRegion('asia-pacific')?.countries).toEqual(
      expect.arrayContaining(['AU', 'NZ', 'JP', 'SG']),
    );
    expect(resolveRegion('Asia')?.countries).not.toContain('AU');
    expect(resolveRegion('South Asia')?.countries).toEqual(expect.arrayContaining(['IN', 'PK', 'BD', 'LK']));
  });
});

describe('taxonomy: the demo directory', () => {
  it('uses taxonomy values only, and no two of its sectors are synonyms of each other', () => {
    const sectors = DEMO_SECTORS.map((s) => DEFAULT_TAXONOMY.resolve('sector', s));
    expect(sectors.every((entry) => entry !== null)).toBe(true);
    expect(new Set(sectors.map((entry) => entry?.value)).size).toBe(DEMO_SECTORS.length);
    for (const [i, sector] of DEMO_SECTORS.entries()) expect(sector).toBe(sectors[i]?.label);
    const stages = DEMO_STAGES.map((s) => DEFAULT_TAXONOMY.resolve('stage', s)?.label);
    expect(stages).toEqual([...DEMO_STAGES]);
  });

  it('every demo country and city is known, each city within its country', () => {
    for (const country of DEMO_COUNTRIES) {
      expect(resolveCountry(country.name), country.name).toMatchObject({
        code: country.code,
        name: country.name,
      });
      for (const city of country.cities)
        expect(resolveCity(city.name, [country.code])?.name, city.name).toBe(city.name);
    }
  });
});

describe('taxonomy: the search box speaks it (the search vocabulary)', () => {
  const card = (id: string, fields: Parameters<typeof blankCard>[1]) => ({
    updatedAt: '2026-11-01T00:00:00.000Z',
    card: blankCard(id, fields),
  });
  const index = (taxonomy: Taxonomy) =>
    SearchIndex.build(
      [
        card('fin', { name: 'Ana Lima', sectorFocus: ['fintech'], countries: ['Brazil'] }),
        card('clim', { name: 'Bo Berg', sectorFocus: ['climate'], countries: ['Sweden'] }),
        card('ai', {
          name: 'Cy Ito',
          sectorFocus: ['ai'],
          stageFocus: ['pre-seed'],
          countries: ['Australia'],
        }),
      ],
      { vocabulary: taxonomyVocabulary(taxonomy) },
    );
  const found = (taxonomy: Taxonomy, q: string) =>
    index(taxonomy)
      .page({ q }, 'name', null, 50)
      .items.map((i) => i.id);

  it('finds Fintech and Climate investors by their synonyms, stages by theirs, places by their regions', () => {
    expect(found(DEFAULT_TAXONOMY, 'payments')).toEqual(['fin']);
    expect(found(DEFAULT_TAXONOMY, 'lending')).toEqual(['fin']);
    expect(found(DEFAULT_TAXONOMY, 'cleantech')).toEqual(['clim']);
    expect(found(DEFAULT_TAXONOMY, 'climate tech')).toEqual(['clim']);
    expect(found(DEFAULT_TAXONOMY, 'machine learning')).toEqual(['ai']);
    expect(found(DEFAULT_TAXONOMY, 'preseed')).toEqual(['ai']);
    expect(found(DEFAULT_TAXONOMY, 'nordics')).toEqual(['clim']);
    expect(found(DEFAULT_TAXONOMY, 'latam')).toEqual(['fin']);
    expect(found(DEFAULT_TAXONOMY, 'apac')).toEqual(['ai']);
    expect(found(DEFAULT_TAXONOMY, 'payments sweden')).toEqual([]);
  });

  it('suggests the entry a synonym names, with its investors', () => {
    const suggested = index(DEFAULT_TAXONOMY)
      .suggest('paym')
      .map((s) => [s.kind, s.label, s.count]);
    expect(suggested).toContainEqual(['sector', 'Fintech', 1]);
    expect(
      index(DEFAULT_TAXONOMY)
        .suggest('cleant')
        .map((s) => [s.kind, s.label]),
    ).toContainEqual(['sector', 'Climate']);
  });

  it("takes an admin's synonym as soon as the vocabulary is built from the edited taxonomy", () => {
    expect(found(DEFAULT_TAXONOMY, 'open banking')).toEqual([]);
    const edited = new Taxonomy([edit({ synonyms: ['open banking'] })]);
    expect(found(edited, 'open banking')).toEqual(['fin']);
  });
});
