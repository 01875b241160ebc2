import { describe, expect, it } from 'vitest';
import { taxonomyLists } from '../../../lambdas/http/taxonomy-public';
import {
  didYouMean,
  entryNamed,
  isCarried,
  matchTaxonomy,
  nearestCarried,
  resolveTyped,
} from '../../../shared/taxonomy/match';
import { COUNTRIES } from '../../../shared/taxonomy/places';
import { DEFAULT_TAXONOMY } from '../../../shared/taxonomy/taxonomy';

/** The lists as GET /taxonomy gives them, with a directory carrying only a few sectors. */
const CARRIED: Record<string, number> = {
  robotics: 40,
  logistics: 25,
  'deep tech': 30,
  consumer: 90,
  ai: 300,
};
const lists = taxonomyLists(DEFAULT_TAXONOMY, (facet, value) =>
  facet === 'sector' ? (CARRIED[value] ?? 0) : facet === 'country' ? (value === 'Germany' ? 12 : 0) : null,
);
const SECTORS = lists.sectors;
const COUNTRY_ENTRIES = COUNTRIES.map((c) => ({ value: c.name, label: c.name, synonyms: c.names }));
const labels = (text: string) => matchTaxonomy(SECTORS, text).map((m) => m.entry.label);

describe('matching typed text against the taxonomy (the search box rules)', () => {
  it('forgives a typo within the search typo budget', () => {
    expect(labels('robotcs')[0]).toBe('Robotics');
    expect(matchTaxonomy(SECTORS, 'robotcs')[0]?.kind).toBe('typo');
    // Four letters forgive nothing, as in the search.
    expect(labels('robt')).not.toContain('Robotics');
    expect(resolveTyped(COUNTRY_ENTRIES, 'Germny')?.label).toBe('Germany');
    expect(matchTaxonomy(COUNTRY_ENTRIES, 'Germny')[0]?.entry.label).toBe('Germany');
  });

  it('finds an entry by a synonym, and says which', () => {
    const [first] = matchTaxonomy(SECTORS, 'supply chain');
    expect(first?.entry.label).toBe('Logistics');
    expect(first?.kind).toBe('synonym');
    expect(first?.via).toBe('supply chain');
    expect(entryNamed(SECTORS, 'Supply-Chain')?.label).toBe('Logistics');
    expect(entryNamed(COUNTRY_ENTRIES, 'Deutschland')?.label).toBe('Germany');
  });

  it('puts label matches before synonym matches before typos, the most carried first among equals', () => {
    expect(labels('fin')[0]).toBe('Fintech');
    expect(labels('d')).toEqual(expect.arrayContaining(['Deep Tech', 'Defense']));
    // Deep Tech is carried (30), Defense is not: the carried one first.
    expect(labels('de').indexOf('Deep Tech')).toBeLessThan(labels('de').indexOf('Defense'));
    expect(labels('zzzzzz')).toEqual([]);
  });

  it('asks "Did you mean" for a value it does not know, and not for one it does', () => {
    expect(didYouMean(SECTORS, 'robotcs')?.label).toBe('Robotics');
    expect(didYouMean(COUNTRY_ENTRIES, 'Germny')?.label).toBe('Germany');
    // Two edits from five letters, as the search widens its correction.
    expect(didYouMean(SECTORS, 'fintek')?.label).toBe('Fintech');
    expect(didYouMean(SECTORS, 'Robotics')).toBeNull();
    expect(didYouMean(SECTORS, 'supply chain')).toBeNull();
    expect(didYouMean(COUNTRY_ENTRIES, 'Atlantis')).toBeNull();
    expect(resolveTyped(SECTORS, 'Widgets')).toBeNull();
  });

  it('tells carried values from uncarried ones and offers the nearest carried beside them', () => {
    const hardware = SECTORS.find((s) => s.label === 'Hardware');
    const robotics = SECTORS.find((s) => s.label === 'Robotics');
    expect(hardware && isCarried(hardware)).toBe(false);
    expect(robotics && isCarried(robotics)).toBe(true);
    expect(hardware?.near).toEqual(['robotics', 'deep tech', 'consumer']);
    // Without a curated list, words shared with carried entries ("consumer hardware" → Consumer).
    const bare = hardware ? { ...hardware, near: [] } : undefined;
    expect(bare && nearestCarried(SECTORS, bare).map((e) => e.label)).toContain('Consumer');
    expect(bare && nearestCarried(SECTORS, bare).every(isCarried)).toBe(true);
    // Unknown counts (no index yet) are never marked.
    expect(isCarried({ value: 'x', label: 'X', synonyms: [], investors: null })).toBe(true);
  });

  it('names only sectors of the list as near values', () => {
    const values = new Set(SECTORS.map((s) => s.value));
    for (const sector of SECTORS) for (const near of sector.near) expect(values.has(near)).toBe(true);
  });
});
