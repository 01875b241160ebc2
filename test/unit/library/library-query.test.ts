import { describe, expect, it } from 'vitest';
import {
  compareLibraryRows,
  foldText,
  type LibraryPage,
  type LibraryRowKey,
  type LibrarySearchable,
  libraryPage,
  libraryPurchases,
  matchesLibrarySearch,
} from '../../../shared/library/library-query';

const row = (
  id: string,
  name: string,
  firm: string | null,
  purchasedAt: string,
  email: string | null = null,
): LibrarySearchable => ({ searchableInvestorId: id, name, firm, purchasedAt, email });

const ada = row(
  'inv_a',
  'Ada Lovelace',
  'Northwind Ventures',
  '2026-03-01T10:00:00.000Z',
  'ada@northwind.vc',
);
const lukasz = row('inv_l', 'Łukasz Żółć', 'Baltic Angels', '2026-01-15T10:00:00.000Z', 'lukasz@baltic.vc');
const zoe = row('inv_z', 'Zoë Ødegaard', null, '2026-02-10T10:00:00.000Z', null);
const bob = row('inv_b', 'bob Brown', 'Acme Capital', '2026-03-01T10:00:00.000Z', 'bob@acme.example');
const rows = [ada, lukasz, zoe, bob];

const names = (items: readonly LibrarySearchable[]) => items.map((r) => r.name);
const all = (sort: 'name' | 'firm' | 'bought', direction: 'asc' | 'desc') =>
  names(libraryPage(rows, { search: '', sort, direction, limit: 100, after: null }).items);

describe('the library search', () => {
  it('folds case and accents, Ł and Ø included', () => {
    expect(foldText('  Łukasz   ŻÓŁĆ ')).toBe('lukasz zolc');
    expect(foldText('Zoë Ødegaard')).toBe('zoe odegaard');
  });

  it('finds a name, a firm or an email, whatever the case and accents', () => {
    expect(matchesLibrarySearch(lukasz, 'lukasz')).toBe(true);
    expect(matchesLibrarySearch(ada, 'NORTHWIND')).toBe(true);
    expect(matchesLibrarySearch(bob, 'acme.example')).toBe(true);
    expect(matchesLibrarySearch(zoe, 'odegaard')).toBe(true);
    expect(matchesLibrarySearch(ada, 'baltic')).toBe(false);
  });

  it('needs every word, each anywhere in the name, firm or email', () => {
    expect(matchesLibrarySearch(ada, 'ada north')).toBe(true);
    expect(matchesLibrarySearch(ada, 'ada baltic')).toBe(false);
  });

  it("forgives typos with the directory search's folding and typo budget (issue 50)", () => {
    const florian = row('inv_f', 'Florian Weiß', 'Alpen Capital', '2026-03-02T10:00:00.000Z', 'fw@alpen.vc');
    // A swap in a 7-letter word is one edit (one allowed from 5 letters); 'weis' starts 'weiss'.
    expect(matchesLibrarySearch(florian, 'florain weis')).toBe(true);
    // ß folds to ss both ways, as the directory's search folds it.
    expect(matchesLibrarySearch(florian, 'Weiß')).toBe(true);
    expect(matchesLibrarySearch(row('inv_w', 'Florian Weiss', null, florian.purchasedAt), 'Weiß')).toBe(true);
    expect(matchesLibrarySearch(florian, 'florain weiss')).toBe(true);
    // Past the budget nothing is forgiven: two edits in a 7-letter word, one in a 4-letter one.
    expect(matchesLibrarySearch(florian, 'flroain')).toBe(false);
    expect(matchesLibrarySearch(florian, 'wiss')).toBe(false);
    // The firm's words forgive the same way.
    expect(matchesLibrarySearch(florian, 'capitl')).toBe(true);
    expect(matchesLibrarySearch(ada, 'florain')).toBe(false);
  });

  it('matches everything with an empty search', () => {
    expect(rows.every((r) => matchesLibrarySearch(r, '   '))).toBe(true);
  });

  it('counts the matches of all pages, and pages only through them', () => {
    const page = libraryPage(rows, { search: 'vc', sort: 'name', direction: 'asc', limit: 1, after: null });
    expect(page.matching).toBe(2);
    expect(names(page.items)).toEqual(['Ada Lovelace']);
    const next = libraryPage(rows, {
      search: 'vc',
      sort: 'name',
      direction: 'asc',
      limit: 1,
      after: page.last,
    });
    expect(names(next.items)).toEqual(['Łukasz Żółć']);
    expect(next.last).toBeNull();
  });
});

describe('the library orders', () => {
  it('sorts by name A–Z and Z–A, ignoring case and accents', () => {
    expect(all('name', 'asc')).toEqual(['Ada Lovelace', 'bob Brown', 'Łukasz Żółć', 'Zoë Ødegaard']);
    expect(all('name', 'desc')).toEqual(['Zoë Ødegaard', 'Łukasz Żółć', 'bob Brown', 'Ada Lovelace']);
  });

  it('sorts by firm with contacts without a firm last, in either direction', () => {
    expect(all('firm', 'asc')).toEqual(['bob Brown', 'Łukasz Żółć', 'Ada Lovelace', 'Zoë Ødegaard']);
    expect(all('firm', 'desc')).toEqual(['Ada Lovelace', 'Łukasz Żółć', 'bob Brown', 'Zoë Ødegaard']);
  });

  it('sorts by the date bought, newest first or oldest first, by name within a day', () => {
    expect(all('bought', 'desc')).toEqual(['bob Brown', 'Ada Lovelace', 'Zoë Ødegaard', 'Łukasz Żółć']);
    expect(all('bought', 'asc')).toEqual(['Łukasz Żółć', 'Zoë Ødegaard', 'Ada Lovelace', 'bob Brown']);
  });

  it('breaks a tie of equal names by investor id, so the order is total', () => {
    const twin = row('inv_0', 'Ada Lovelace', 'Northwind Ventures', ada.purchasedAt);
    expect(compareLibraryRows(twin, ada, 'name', 'asc')).toBeLessThan(0);
    expect(Math.abs(compareLibraryRows(ada, ada, 'firm', 'desc'))).toBe(0);
  });
});

describe('library pages', () => {
  it('walks the whole library page by page without repeating or skipping a row', () => {
    for (const sort of ['name', 'firm', 'bought'] as const)
      for (const direction of ['asc', 'desc'] as const) {
        const seen: string[] = [];
        let after: LibraryRowKey | null = null;
        do {
          const page: LibraryPage<LibrarySearchable> = libraryPage(rows, {
            search: '',
            sort,
            direction,
            limit: 3,
            after,
          });
          seen.push(...names(page.items));
          after = page.last;
        } while (after);
        expect(seen, `${sort} ${direction}`).toEqual(all(sort, direction));
      }
  });

  it('starts the next page after the cursor row even when a row was bought in between', () => {
    const first = libraryPage(rows, { search: '', sort: 'name', direction: 'asc', limit: 2, after: null });
    const later = [...rows, row('inv_c', 'Cleo Abara', 'Delta', '2026-04-01T00:00:00.000Z')];
    const next = libraryPage(later, {
      search: '',
      sort: 'name',
      direction: 'asc',
      limit: 2,
      after: first.last,
    });
    expect(names(first.items)).toEqual(['Ada Lovelace', 'bob Brown']);
    expect(names(next.items)).toEqual(['Cleo Abara', 'Łukasz Żółć']);
  });

  it('has no cursor on the last page', () => {
    expect(
      libraryPage(rows, { search: '', sort: 'name', direction: 'asc', limit: 4, after: null }).last,
    ).toBeNull();
  });
});

describe('the purchases behind a library', () => {
  it('lists every cart once, newest first, dated by the row it first bought', () => {
    expect(
      libraryPurchases([
        { cartId: 'cart_20260301-B', cartIds: ['cart_20260301-B'], purchasedAt: '2026-03-01T10:00:00.000Z' },
        {
          cartId: 'cart_20260110-A',
          cartIds: ['cart_20260110-A', 'cart_20260301-B'],
          purchasedAt: '2026-01-10T10:00:00.000Z',
        },
      ]),
    ).toEqual([
      { cartId: 'cart_20260301-B', purchasedAt: '2026-03-01T10:00:00.000Z' },
      { cartId: 'cart_20260110-A', purchasedAt: '2026-01-10T10:00:00.000Z' },
    ]);
  });
});
