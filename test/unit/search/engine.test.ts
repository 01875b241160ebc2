import { describe, expect, it } from 'vitest';
import type { CartInvestor } from '../../../shared/cart/cart';
import { type IndexedInvestor, InvalidSearchCursorError, SearchIndex } from '../../../shared/search/engine';
import type { SearchFilters } from '../../../shared/search/filters';
import { foldText } from '../../../shared/search/fold';
import { blankCard } from '../support/cards';

function investor(id: string, fields: Partial<CartInvestor> & { updatedAt?: string } = {}): IndexedInvestor {
  const { updatedAt = '2026-01-01T00:00:00.000Z', ...card } = fields;
  return { updatedAt, card: blankCard(id, card) };
}

const directory = new SearchIndex([
  investor('i1', {
    name: 'Zoë Ørsted',
    firmName: 'Nordic Seed Partners',
    investorRole: 'angel',
    stageFocus: ['Seed', 'Pre-Seed'],
    sectorFocus: ['AI', 'fintech'],
    cities: ['København'],
    countries: ['Denmark'],
    checkMin: 25_000,
    checkMax: 100_000,
    hasEmail: true,
    updatedAt: '2026-03-01T00:00:00.000Z',
  }),
  investor('i2', {
    name: 'Ada Ivers',
    firmName: 'Ivers Capital',
    stageFocus: ['seed', 'Series A'],
    sectorFocus: ['AI'],
    cities: ['London'],
    countries: ['United Kingdom'],
    checkMin: 500_000,
    checkMax: 2_000_000,
    hasLinkedIn: true,
    updatedAt: '2026-05-01T00:00:00.000Z',
  }),
  investor('i3', {
    name: 'Ada Ivers',
    firmName: 'Blue Fund',
    investorRole: 'angel',
    stageFocus: ['Series A'],
    sectorFocus: ['Health'],
    checkMin: 1_000_000,
    hasEmail: true,
    hasPhone: true,
  }),
  investor('i4', {
    name: 'émile Durand',
    investorRole: 'family_office',
    sectorFocus: ['FINTECH'],
    cities: ['Paris'],
    countries: ['France'],
    updatedAt: '2026-07-01T00:00:00.000Z',
  }),
]);

const ids = (filters: SearchFilters, sort: 'name' | 'updated' = 'name') =>
  directory.page(filters, sort, null, 50).items.map((i) => i.id);

describe('foldText', () => {
  it('folds accents, case, spaces and letters without a decomposition', () => {
    expect(foldText('  Zoë   Ørsted ')).toBe('zoe orsted');
    expect(foldText('Straße Æble Łódź')).toBe('strasse aeble lodz');
  });
});

describe('the search index', () => {
  it('lists every investor by name (accents and case folded), ties by id', () => {
    expect(ids({})).toEqual(['i2', 'i3', 'i4', 'i1']);
  });

  it('matches the start of any word of the name or the firm, accents and case folded', () => {
    expect(ids({ q: 'ZOE' })).toEqual(['i1']);
    expect(ids({ q: 'orst' })).toEqual(['i1']);
    expect(ids({ q: 'emile' })).toEqual(['i4']);
    expect(ids({ q: 'nordic' })).toEqual(['i1']);
    expect(ids({ q: 'ivers cap' })).toEqual(['i2']);
    expect(ids({ q: 'vers' })).toEqual([]);
  });

  it('filters by role, stage and sector with any case of the tag', () => {
    expect(ids({ role: 'angel' })).toEqual(['i3', 'i1']);
    expect(ids({ stage: 'SEED' })).toEqual(['i2', 'i1']);
    expect(ids({ sector: 'FinTech' })).toEqual(['i4', 'i1']);
    expect(ids({ role: 'angel', stage: 'seed', sector: 'ai' })).toEqual(['i1']);
    expect(ids({ role: 'corporate' })).toEqual([]);
  });

  it('filters by place, folded; an investor with no place is in no place', () => {
    expect(ids({ city: 'kobenhavn' })).toEqual(['i1']);
    expect(ids({ country: 'FRANCE' })).toEqual(['i4']);
    expect(ids({ country: 'Nowhere' })).toEqual([]);
  });

  it("keeps investors whose cheque range overlaps the founder's, an open bound counting as open", () => {
    expect(ids({ checkMin: 90_000, checkMax: 600_000 })).toEqual(['i2', 'i1']);
    expect(ids({ checkMin: 3_000_000 })).toEqual(['i3']);
    expect(ids({ checkMax: 30_000 })).toEqual(['i1']);
  });

  it('requires each contact kind asked for', () => {
    expect(ids({ has: ['email'] })).toEqual(['i3', 'i1']);
    expect(ids({ has: ['email', 'phone'] })).toEqual(['i3']);
    expect(ids({ has: ['linkedin'], stage: 'seed' })).toEqual(['i2']);
  });

  it('sorts by most recently updated', () => {
    expect(ids({}, 'updated')).toEqual(['i4', 'i2', 'i1', 'i3']);
  });

  it('pages through a combination without a gap or a duplicate, with the total on every page', () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = directory.page({ sector: 'ai' }, 'name', cursor, 1);
      expect(page.total).toBe(2);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toEqual(['i2', 'i1']);
  });

  it('refuses a cursor of another order or one it did not give', () => {
    const { cursor } = directory.page({}, 'name', null, 1);
    expect(cursor).not.toBeNull();
    expect(() => directory.page({}, 'updated', cursor, 1)).toThrow(InvalidSearchCursorError);
    expect(() => directory.page({}, 'name', '%E0%A4%A', 1)).toThrow(InvalidSearchCursorError);
    expect(() => directory.page({}, 'name', '{}', 1)).toThrow(InvalidSearchCursorError);
  });

  it('counts facet values over the other filters, so each count is what clicking it would find', () => {
    const result = directory.facets({ role: 'angel', sector: 'ai' });
    expect(result.total).toBe(1);
    // Role counts keep the sector filter and drop the role filter.
    expect(result.facets.role).toEqual([
      { value: 'angel', label: 'angel', count: 1 },
      { value: 'vc', label: 'vc', count: 1 },
    ]);
    // Sector counts keep the role filter; labels are the most common spelling.
    expect(result.facets.sector).toEqual([
      { value: 'ai', label: 'AI', count: 1 },
      { value: 'fintech', label: 'FINTECH', count: 1 }, // a tie: the first spelling in code order
      { value: 'health', label: 'Health', count: 1 },
    ]);
    expect(result.facets.stage).toEqual([
      { value: 'pre-seed', label: 'Pre-Seed', count: 1 },
      { value: 'seed', label: 'Seed', count: 1 },
    ]);
    expect(result.has).toEqual({ email: 1, linkedin: 0, phone: 0 });
  });

  it('shows a filtered value that matches nothing with a zero count', () => {
    const result = directory.facets({ country: 'Nowhere' });
    expect(result.total).toBe(0);
    expect(result.facets.country).toContainEqual({ value: 'nowhere', label: 'Nowhere', count: 0 });
  });
});
