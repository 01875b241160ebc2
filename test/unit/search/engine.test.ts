import { describe, expect, it } from 'vitest';
import type { CartInvestor } from '../../../shared/cart/cart';
import { type IndexedInvestor, InvalidSearchCursorError, SearchIndex } from '../../../shared/search/engine';
import type { SearchFilters } from '../../../shared/search/filters';
import { foldText, searchWords } from '../../../shared/search/fold';
import { vocabularyOf } from '../../../shared/search/vocabulary';
import { blankCard } from '../support/cards';

function investor(id: string, fields: Partial<CartInvestor> & { updatedAt?: string } = {}): IndexedInvestor {
  const { updatedAt = '2026-01-01T00:00:00.000Z', ...card } = fields;
  return { updatedAt, card: blankCard(id, card) };
}

const directory = SearchIndex.build([
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
    expect(result.has).toEqual({ email: 1, linkedin: 0, phone: 0, deployed: 0 });
  });

  it('shows a filtered value that matches nothing with a zero count', () => {
    const result = directory.facets({ country: 'Nowhere' });
    expect(result.total).toBe(0);
    expect(result.facets.country).toContainEqual({ value: 'nowhere', label: 'Nowhere', count: 0 });
  });
});

describe('the box: names, firms, tags, places and thesis words, ranked, with typos', () => {
  const index = SearchIndex.build([
    investor('jandro-ada', {
      name: 'Ada Jandro',
      firmName: 'Beacon Capital',
      cities: ['São Paulo'],
      countries: ['Brazil'],
    }),
    investor('jandro-bram', {
      name: 'Bram Jandro',
      firmName: 'Nimbus Labs',
      sectorFocus: ['Fintech (Payments, Lending)'],
      stageFocus: ['Series A'],
      cities: ['New York'],
      countries: ['United States'],
    }),
    investor('firm-jandro', { name: 'Cleo Marsh', firmName: 'Jandro Partners', stageFocus: ['Seed'] }),
    investor('jandra', { name: 'Dario Jandra', firmName: 'Ember Fund', stageFocus: ['Series B'] }),
    investor('thesis-jandro', { name: 'Edda Quill', firmName: 'Orchard', investorRole: 'family_office' }),
    {
      ...investor('climate', { name: 'Fenn Hollis', firmName: 'Granite Ventures', sectorFocus: ['Climate'] }),
      thesis: 'We back climate founders in Jandro Valley and beyond',
    },
    investor('lindqvist', { name: 'Gala Lindqvist', firmName: 'Harbor Angels', countries: ['Sweden'] }),
    investor('jandrosson', { name: 'Hugo Jandrosson', firmName: 'Keystone' }),
  ]);
  const ranked = (q: string, extra: SearchFilters = {}) =>
    index.page({ q, ...extra }, 'name', null, 50).items.map((i) => i.id);

  it('ranks an exact word before the start of a word before a typo, a name before a firm before a thesis word', () => {
    expect(ranked('jandro', { close: true })).toEqual([
      'jandro-ada', // exact, name (then name order)
      'jandro-bram',
      'firm-jandro', // exact, firm
      'climate', // exact, thesis
      'jandrosson', // the start of a name word
      'jandra', // one typo
    ]);
    // Without the close matches asked for: the exact ones, the others counted apart.
    expect(ranked('jandro')).toEqual(['jandro-ada', 'jandro-bram', 'firm-jandro', 'climate']);
    expect(index.page({ q: 'jandro' }, 'name', null, 50)).toMatchObject({
      total: 4,
      closeMatches: 2,
      exact: true,
    });
  });

  it('forgives a swap of two letters from 5 letters, but not below', () => {
    expect(ranked('jandor').slice(0, 2)).toEqual(['jandro-ada', 'jandro-bram']);
    expect(ranked('adq')).toEqual([]);
    expect(ranked('lindkvist')).toEqual(['lindqvist']); // two edits in a 9-letter word
    expect(ranked('lindkvst')).toEqual([]); // two edits in an 8-letter word: one allowed
  });

  it('ranks first, of the words one typo away, the one more investors carry (as "did you mean" offers it)', () => {
    // "hanah" is one edit from Hana and from Hannah; more investors are called Hannah.
    const names = SearchIndex.build([
      investor('hana-a', { name: 'Hana Abe' }),
      investor('hana-b', { name: 'Hana Baba' }),
      investor('hannah-c', { name: 'Hannah Cole' }),
      investor('hannah-d', { name: 'Hannah Dunn' }),
      investor('hannah-e', { name: 'Hannah Eve' }),
      investor('hanne-f', { name: 'Hanne Ford' }), // two edits: too far for 5 letters
    ]);
    const page = names.page({ q: 'hanah' }, 'name', null, 10);
    expect(page.items.map((i) => i.id)).toEqual(['hannah-c', 'hannah-d', 'hannah-e', 'hana-a', 'hana-b']);
    expect(page.didYouMean).toBe('hannah');
    // Typed exactly, Hana is Hana.
    expect(
      names
        .page({ q: 'hana' }, 'name', null, 10)
        .items.map((i) => i.id)
        .slice(0, 2),
    ).toEqual(['hana-a', 'hana-b']);
  });

  it('finds sectors, stages, places and types by any of their words, multi-word places and stages as phrases', () => {
    expect(ranked('payments')).toEqual(['jandro-bram']);
    expect(ranked('fintech')).toEqual(['jandro-bram']);
    expect(ranked('sao paulo')).toEqual(['jandro-ada']);
    expect(ranked('SÃO PAOLO')).toEqual(['jandro-ada']); // a typo in a phrase
    expect(ranked('new york')).toEqual(['jandro-bram']);
    expect(ranked('series a')).toEqual(['jandro-bram']);
    expect(ranked('family office')).toEqual(['thesis-jandro']);
    expect(ranked('brazil')).toEqual(['jandro-ada']);
    expect(ranked('climate')).toEqual(['climate']);
  });

  it('requires every word, wherever it matches, and combines with the filters', () => {
    expect(ranked('jandro seed')).toEqual(['firm-jandro']);
    expect(ranked('jandro brazil')).toEqual(['jandro-ada']);
    expect(ranked('jandro', { stage: 'series a' })).toEqual(['jandro-bram']);
    expect(index.facets({ q: 'jandro' }).total).toBe(4);
    expect(index.facets({ q: 'jandro', close: true }).total).toBe(6);
  });

  it('says "did you mean" with the closest words when nothing matches exactly', () => {
    expect(index.page({ q: 'Jandor' }, 'name', null, 10).didYouMean).toBe('jandro');
    expect(index.page({ q: 'adq' }, 'name', null, 10)).toMatchObject({ total: 0, didYouMean: 'ada' });
    expect(index.page({ q: 'paymnets' }, 'name', null, 10).didYouMean).toBe('payments');
    expect(index.page({ q: 'jandro' }, 'name', null, 10).didYouMean).toBeNull();
    // Nothing close enough, or a correction that would find nothing either.
    expect(index.page({ q: 'qqqqqqq' }, 'name', null, 10).didYouMean).toBeNull();
    expect(index.page({ q: 'jandor qqqqqqq' }, 'name', null, 10).didYouMean).toBeNull();
    // A sector (one word) read from the index without searching it: offered when someone carries it,
    // not when the taxonomy has it and nobody here does.
    expect(index.page({ q: 'clmiate' }, 'name', null, 10).didYouMean).toBe('climate');
    expect(index.page({ q: 'biotehc' }, 'name', null, 10)).toMatchObject({ total: 0, didYouMean: null });
    expect(index.suggest('biotech')).toEqual([]);
    // Two words naming a place someone carries, read from the vocabulary; a name and a typo searched.
    expect(index.page({ q: 'sao paolo' }, 'name', null, 10).didYouMean).toBe('sao paulo');
    expect(index.page({ q: 'ada jandor' }, 'name', null, 10).didYouMean).toBe('ada jandro');
    // Two edits from 5 letters, only when the search found nobody at all ("klimat": c for k, no e).
    expect(index.page({ q: 'klimat' }, 'name', null, 10)).toMatchObject({ total: 0, didYouMean: 'climate' });
    expect(index.page({ q: 'jnadroo' }, 'name', null, 10)).toMatchObject({ total: 0, didYouMean: 'jandro' });
    expect(index.page({ q: 'kqimat' }, 'name', null, 10)).toMatchObject({ total: 0, didYouMean: null });
  });

  it('pages through a ranked typo search without a gap or a duplicate, in either order', () => {
    for (const sort of ['name', 'updated'] as const) {
      const whole = index.page({ q: 'jandro' }, sort, null, 50);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const next: ReturnType<typeof index.page> = index.page({ q: 'jandro' }, sort, cursor, 2);
        expect(next.total).toBe(whole.total);
        seen.push(...next.items.map((i) => i.id));
        cursor = next.cursor;
      } while (cursor);
      expect(seen).toEqual(whole.items.map((i) => i.id));
    }
  });

  it("refuses a plain search's cursor in a ranked one and the other way round", () => {
    const plain = index.page({}, 'name', null, 1).cursor;
    const typed = index.page({ q: 'jandro' }, 'name', null, 1).cursor;
    expect(() => index.page({ q: 'jandro' }, 'name', plain, 1)).toThrow(InvalidSearchCursorError);
    expect(() => index.page({}, 'name', typed, 1)).toThrow(InvalidSearchCursorError);
  });

  it('suggests, for a few letters, the investors a search of names and firms ranks first (read from the postings)', () => {
    const firsts = ['Hana', 'Hannah', 'Hal', 'Harold', 'Ada', 'Adam', 'Adrian'];
    const lasts = ['Hale', 'Harper', 'Adams', 'Haddad', 'Smith'];
    const firms = ['Harbor Capital', 'Ada Ventures', 'Hale Partners', 'Blue Fund'];
    const many = SearchIndex.build(
      firsts.flatMap((first, i) =>
        lasts.flatMap((last, j) =>
          firms.map((firmName, k) => investor(`p${i}-${j}-${k}`, { name: `${first} ${last}`, firmName })),
        ),
      ),
    );
    const inNameOrder = many.page({}, 'name', null, 500).items;
    // The tier of a search of names and firms: an exact word before the start of one, a name before a firm.
    const tierOf = (word: string, card: (typeof inNameOrder)[number]) => {
      const best = (text: string | null | undefined, field: number) =>
        Math.min(
          ...searchWords(text ?? '').map((w) => (w === word ? field : w.startsWith(word) ? 4 + field : 99)),
        );
      return Math.min(best(card.name, 0), best(card.firmName, 1));
    };
    for (const q of ['h', 'ha', 'han', 'hal', 'har', 'ad', 'ada', 'a', 'b', 'bl', 'hale', 'smi', 'zz']) {
      const expected = inNameOrder
        .map((card, position) => ({ id: card.id, tier: tierOf(q, card), position }))
        .filter((c) => c.tier < 99)
        .sort((a, b) => a.tier - b.tier || a.position - b.position)
        .slice(0, 4)
        .map((c) => c.id);
      const shown = many
        .suggest(q)
        .filter((s) => s.kind === 'investor')
        .map((s) => s.value);
      expect(shown, q).toEqual(expected);
    }
  });

  it('suggests investors, firms and the values the words name, as a founder types', () => {
    const jand = index.suggest('jand');
    // All four start a name word: in name order.
    expect(jand.filter((s) => s.kind === 'investor').map((s) => s.value)).toEqual([
      'jandro-ada',
      'jandro-bram',
      'jandra',
      'jandrosson',
    ]);
    // An exact name word first.
    expect(index.suggest('jandro').filter((s) => s.kind === 'investor')[0]).toEqual({
      kind: 'investor',
      label: 'Ada Jandro',
      value: 'jandro-ada',
      detail: 'Beacon Capital',
      count: 1,
    });
    expect(jand.filter((s) => s.kind === 'firm')).toEqual([
      { kind: 'firm', label: 'Jandro Partners', value: 'Jandro Partners', detail: null, count: 1 },
    ]);
    expect(index.suggest('sao p')).toEqual([
      { kind: 'city', label: 'São Paulo', value: 'sao paulo', detail: null, count: 1 },
    ]);
    expect(index.suggest('fin').map((s) => [s.kind, s.label])).toEqual([
      ['sector', 'Fintech (Payments, Lending)'],
    ]);
    expect(index.suggest('fam').map((s) => [s.kind, s.value])).toEqual([['role', 'family_office']]);
    expect(index.suggest('   ')).toEqual([]);
  });
});

describe('a vocabulary plugs in synonyms and regions', () => {
  const index = SearchIndex.build(
    [
      investor('berlin', { name: 'Ada One', sectorFocus: ['Fintech'], countries: ['Germany'] }),
      investor('paris', { name: 'Bram Two', sectorFocus: ['AI'], countries: ['France'] }),
      investor('boston', { name: 'Cleo Three', sectorFocus: ['AI'], countries: ['United States'] }),
    ],
    {
      vocabulary: vocabularyOf([
        { text: 'payments', facet: 'sector', values: ['fintech'], label: 'Fintech' },
        { text: 'artificial intelligence', facet: 'sector', values: ['AI'], label: 'AI' },
        { text: 'machine learning', facet: 'sector', values: ['ai'], label: 'AI' },
        {
          text: 'Europe',
          facet: 'country',
          values: ['Germany', 'France', 'Spain'],
          label: 'Europe',
          region: true,
        },
        { text: 'crypto', facet: 'sector', values: ['web3'], label: 'Web3' }, // no investor carries it
      ]),
    },
  );
  const ranked = (q: string) => index.page({ q }, 'name', null, 50).items.map((i) => i.id);

  it('finds investors by a synonym of their sector and by a region of their country', () => {
    expect(ranked('payments')).toEqual(['berlin']);
    expect(ranked('artificial intelligence')).toEqual(['paris', 'boston']);
    expect(ranked('machine lerning')).toEqual(['paris', 'boston']);
    expect(ranked('europe')).toEqual(['berlin', 'paris']);
    expect(ranked('europe ai')).toEqual(['paris']);
    expect(ranked('crypto')).toEqual([]);
  });

  it('suggests a region with the investors of its countries, once each', () => {
    expect(index.suggest('eur')).toEqual([
      { kind: 'region', label: 'Europe', value: 'Europe', detail: null, count: 2 },
    ]);
    expect(index.suggest('artif').map((s) => [s.kind, s.value, s.count])).toEqual([['sector', 'ai', 2]]);
  });
});

describe('what a search counts: exact and synonym matches; close ones apart (issue 49)', () => {
  const withThesis = (one: IndexedInvestor, thesis: string): IndexedInvestor => ({ ...one, thesis });
  const index = SearchIndex.build(
    [
      // Exact: the sector a synonym ("healthtech") names, or the word itself in a thesis.
      investor('health-a', { name: 'Ada Brook', sectorFocus: ['Health'], stageFocus: ['Series A'] }),
      investor('health-b', {
        name: 'Bram Cole',
        sectorFocus: ['Health'],
        stageFocus: ['Series B'],
        hasEmail: true,
        updatedAt: '2026-03-01T00:00:00.000Z',
      }),
      withThesis(
        investor('thesis-exact', { name: 'Cleo Dunn', sectorFocus: ['AI'] }),
        'We back healthtech founders',
      ),
      // Close: the start of a word, one typo.
      withThesis(investor('prefix', { name: 'Dario Eve', sectorFocus: ['AI'] }), 'Healthtechs and biotech'),
      withThesis(investor('typo', { name: 'Edda Ford', sectorFocus: ['AI'] }), 'Healthtach and more'),
      // "seris a": a typo of a stage; and one whose thesis has "series" and a word starting with "a".
      withThesis(
        investor('series-c', { name: 'Fenn Gray', sectorFocus: ['AI'], stageFocus: ['Series C'] }),
        'Series B and later, any sector',
      ),
      investor('series-a', { name: 'Gala Hart', sectorFocus: ['AI'], stageFocus: ['Series A'] }),
    ],
    {
      // The taxonomy's synonym: "healthtech" names the sector Health.
      vocabulary: vocabularyOf([
        { text: 'healthtech', facet: 'sector', values: ['Health'], label: 'Health' },
      ]),
    },
  );
  const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

  it('counts the exact matches in the total, the facets, the count and the matching set; the close ones apart', () => {
    const page = index.page({ q: 'healthtech' }, 'name', null, 50);
    expect(ids(page)).toEqual(['health-a', 'health-b', 'thesis-exact']);
    expect(page).toMatchObject({ total: 3, closeMatches: 2, exact: true, cursor: null });
    const facets = index.facets({ q: 'healthtech' });
    expect(facets.total).toBe(3);
    expect(Object.fromEntries(facets.facets.sector.map((v) => [v.value, v.count]))).toEqual({
      health: 2,
      ai: 1,
    });
    expect(index.count({ q: 'healthtech' })).toBe(3);
    // Asked for, the close ones come after the exact ones, and are counted.
    const close = index.page({ q: 'healthtech', close: true }, 'name', null, 50);
    expect(ids(close)).toEqual(['health-a', 'health-b', 'thesis-exact', 'prefix', 'typo']);
    expect(close).toMatchObject({ total: 5, closeMatches: 0, exact: true });
    expect(index.facets({ q: 'healthtech', close: true }).total).toBe(5);
  });

  it('answers with the close matches when nothing matches exactly, and says so', () => {
    const page = index.page({ q: 'healthte' }, 'name', null, 50);
    expect(page).toMatchObject({ exact: false, closeMatches: 0 });
    expect(page.total).toBe(page.items.length);
    expect(page.total).toBeGreaterThan(0);
    expect(index.facets({ q: 'healthte' }).total).toBe(page.total);
    // Exact among the other filters decides: within AI, "healthtech" is exact for one only.
    expect(index.page({ q: 'healthtech', sector: 'ai' }, 'name', null, 50)).toMatchObject({
      total: 1,
      closeMatches: 2,
      exact: true,
    });
  });

  it('reads words spelt near one taxonomy entry as that entry ("seris a": Series A), not as any word near them', () => {
    const page = index.page({ q: 'seris a' }, 'name', null, 50);
    expect(ids(page)).toEqual(['health-a', 'series-a']);
    expect(page).toMatchObject({ total: 2, exact: false, didYouMean: 'series a' });
    expect(ids(index.page({ q: 'series a' }, 'name', null, 50))).toEqual(['health-a', 'series-a']);
    // One word: "healtch" is one entry's typo (Health), not the thesis words near it.
    expect(ids(index.page({ q: 'heatlh' }, 'name', null, 50))).toEqual(['health-a', 'health-b']);
  });

  it('orders "Best match" by tier, then what a founder can act on, then the most recently updated', () => {
    // Same tier (a sector): the one with an email first, though its name comes later.
    expect(ids(index.page({ q: 'healthtech' }, 'best', null, 50))).toEqual([
      'health-b',
      'health-a',
      'thesis-exact',
    ]);
    // Without words, "Best match" is the name order.
    expect(ids(index.page({ sector: 'health' }, 'best', null, 50))).toEqual(['health-a', 'health-b']);
    // Its cursor pages without a gap or a duplicate, exact and close alike.
    for (const filters of [{ q: 'healthtech' }, { q: 'healthtech', close: true }, { q: 'ai' }]) {
      const whole = ids(index.page(filters, 'best', null, 50));
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const next: ReturnType<typeof index.page> = index.page(filters, 'best', cursor, 1);
        seen.push(...ids(next));
        cursor = next.cursor;
      } while (cursor);
      expect(seen).toEqual(whole);
    }
    // A cursor of another order is refused.
    const { cursor } = index.page({ q: 'healthtech' }, 'name', null, 1);
    expect(() => index.page({ q: 'healthtech' }, 'best', cursor, 1)).toThrow(InvalidSearchCursorError);
  });
});

describe('a name typed whole finds that person first, within a tier (issue 49)', () => {
  // The namesake with a middle initial can be acted on (an email) and was updated last: "Best
  // match" would put them first, were it not for the name typed whole.
  const index = SearchIndex.build([
    investor('middle', {
      name: 'Magdalena W. Krawczyk',
      hasEmail: true,
      updatedAt: '2026-11-01T00:00:00.000Z',
    }),
    investor('meant', { name: 'Magdalena Krawczyk', updatedAt: '2025-01-01T00:00:00.000Z' }),
    investor('longer', {
      name: 'Magdalena Krawczyk Nowak',
      hasEmail: true,
      updatedAt: '2026-10-01T00:00:00.000Z',
    }),
    investor('other', { name: 'Magdalena Zielinska', hasEmail: true }),
  ]);
  const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

  it('puts the name with no words beyond those typed first, misspelt or not, in every order', () => {
    for (const q of ['Magdalena krawcyyk', 'magdalena krawczyk', 'krawczyk magdalena']) {
      const best = index.page({ q }, 'best', null, 50);
      expect(ids(best)[0]).toBe('meant');
      // The others of the tier keep their order: what a founder can act on, then the most recent.
      expect(ids(best)).toEqual(['meant', 'middle', 'longer']);
      expect(best.total).toBe(3);
      // In the name order too: the whole name first, then the others by name.
      expect(ids(index.page({ q }, 'name', null, 50))).toEqual(['meant', 'longer', 'middle']);
    }
    // One word typed: every name has more, so the tier's own order stands.
    expect(ids(index.page({ q: 'krawczyk' }, 'best', null, 50))).toEqual(['middle', 'longer', 'meant']);
  });

  it('pages through the ranks without a gap or a duplicate, and a cursor names its rank', () => {
    const filters = { q: 'Magdalena krawcyyk' };
    for (const sort of ['best', 'name', 'updated'] as const) {
      const whole = ids(index.page(filters, sort, null, 50));
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const next: ReturnType<typeof index.page> = index.page(filters, sort, cursor, 1);
        seen.push(...ids(next));
        cursor = next.cursor;
      } while (cursor);
      expect(seen).toEqual(whole);
    }
  });
});
