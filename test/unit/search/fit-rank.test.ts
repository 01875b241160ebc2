import { describe, expect, it } from 'vitest';
import { CONTACT_KINDS } from '../../../shared/investors/provenance';
import { decodeIndex, encodeIndex } from '../../../shared/search/binary';
import { type IndexedInvestor, SearchIndex } from '../../../shared/search/engine';
import {
  fitBandSets,
  fitCandidates,
  fitInvestorAt,
  fitPage,
  fitVerdicts,
  forgetFitRankings,
  InvalidFitCursorError,
  rankByFit,
} from '../../../shared/search/fit-rank';
import { buildIndexData } from '../../../shared/search/index-data';
import { decodeSnapshot, encodeSnapshot } from '../../../shared/search/snapshot';
import { completenessOf, type FitRaise, idHash, rankKeyOf, scoreFit } from '../../../shared/shortlist/fit';
import { fitWords } from '../../../shared/shortlist/places-port';
import { blankCard } from '../support/cards';

/** A small seeded random source: the same directory every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const STAGES = ['pre-seed', 'seed', 'series a', 'series b', 'growth'];
const SECTORS = ['fintech', 'payments', 'saas', 'health', 'ai', 'generalist', 'climate'];
const COUNTRIES = ['Sweden', 'Norway', 'United States', 'Brazil'];
const CITIES = ['Stockholm', 'Oslo', 'New York', 'São Paulo'];
const FOCUS = ['Sweden', 'Global', 'Brazil', 'Nordics', 'United States', 'worldwide'];

/** A directory where every fact is sometimes there and sometimes not. */
function directory(size: number, seed = 7): IndexedInvestor[] {
  const next = random(seed);
  const some = <T>(list: readonly T[], chance: number): T[] =>
    next() < chance ? list.filter(() => next() < 0.4) : [];
  return Array.from({ length: size }, (_, i) => {
    const place = Math.floor(next() * COUNTRIES.length);
    const min = next() < 0.6 ? Math.round(next() * 10) * 50_000 : null;
    const max = next() < 0.6 ? (min ?? 0) + Math.round(next() * 20) * 100_000 : null;
    const confirmedKinds = next() < 0.2 ? [CONTACT_KINDS[0]] : [];
    return {
      updatedAt: '2026-01-01T00:00:00.000Z',
      card: blankCard(`inv_${i}`, {
        name: `Investor ${String(size - i).padStart(5, '0')}`,
        investorRole: (['vc', 'angel', 'incubator', 'family_office', ''] as const)[
          Math.floor(next() * 5)
        ] as string,
        hasEmail: next() < 0.5,
        hasLinkedIn: next() < 0.5,
        stageFocus: some(STAGES, 0.8),
        sectorFocus: some(SECTORS, 0.8),
        countries: next() < 0.7 ? [COUNTRIES[place] as string] : [],
        cities: next() < 0.5 ? [CITIES[place] as string] : [],
        checkMin: min,
        checkMax: max,
        contactConfirmed: { email: `2026-0${1 + Math.floor(next() * 9)}` },
        ...(confirmedKinds.length > 0 ? { confirmedByInvestor: confirmedKinds } : {}),
      }),
      facts: {
        leadOrFollow: next() < 0.6 ? (['lead', 'follow', 'both'] as const)[Math.floor(next() * 3)] : null,
        typicalCheque: next() < 0.3 ? Math.round(next() * 40) * 25_000 : null,
        investsIn: some(FOCUS, 0.5),
        addedAt: null,
        // Issue 52: dated deals at any precision, some in the future, some without a round.
        deals: Array.from({ length: next() < 0.5 ? Math.floor(next() * 5) : 0 }, () => {
          const year = 2023 + Math.floor(next() * 4);
          const month = String(1 + Math.floor(next() * 12)).padStart(2, '0');
          const day = String(1 + Math.floor(next() * 28)).padStart(2, '0');
          const precision = next();
          const date =
            precision < 0.2 ? `${year}` : precision < 0.5 ? `${year}-${month}` : `${year}-${month}-${day}`;
          return {
            date,
            round: next() < 0.8 ? (STAGES[Math.floor(next() * STAGES.length)] as string) : null,
          };
        }),
        vintage: next() < 0.3 ? 2015 + Math.floor(next() * 10) : null,
      },
    } as IndexedInvestor;
  });
}

const raises: FitRaise[] = [
  {
    round: 'seed',
    now: new Date('2026-06-15T12:00:00Z'),
    amountUsd: 1_000_000,
    country: 'Sweden',
    city: 'Stockholm',
    leadWanted: true,
    sectors: ['fintech', 'payments'],
  },
  {
    round: 'series b',
    amountUsd: 20_000_000,
    country: 'Brazil',
    city: null,
    leadWanted: false,
    sectors: ['ai'],
  },
  { round: null, amountUsd: null, country: null, city: null, leadWanted: null, sectors: [] },
  {
    round: 'unheard of',
    amountUsd: 500_000,
    country: 'Atlantis',
    city: 'Nowhere',
    leadWanted: true,
    sectors: ['x'],
  },
];

const index = SearchIndex.build(directory(1500));

describe('the shortlist over the search index', () => {
  it('judges every investor exactly as the written rule does', () => {
    for (const raise of raises) {
      const { scores, keys, bands } = fitVerdicts(index, raise, fitWords);
      for (let ord = 0; ord < index.size; ord++) {
        const investor = fitInvestorAt(index, ord);
        const result = scoreFit(raise, investor, fitWords);
        const label = `${JSON.stringify(raise)} ${ord}`;
        expect(scores[ord], label).toBe(result.score);
        expect(['other', 'partial', 'fit'][bands[ord] as number], label).toBe(result.band);
        expect(keys[ord], label).toBe(rankKeyOf(result, completenessOf(investor)));
      }
    }
  });

  it('prefilters the fits and partial fits exactly: the listed ranking is the whole one without the rest', () => {
    for (const raise of raises) {
      const label = JSON.stringify(raise);
      const { bands } = fitVerdicts(index, raise, fitWords);
      const candidates = fitCandidates(index, raise, fitWords);
      if (candidates === null) {
        expect(raise.round, label).toBeNull();
        continue;
      }
      // Every fit and partial fit is a candidate (a superset: the candidates are judged after).
      let listed = 0;
      for (let ord = 0; ord < index.size; ord++) {
        const candidate = ((candidates[ord >>> 5] as number) & (1 << (ord & 31))) !== 0;
        if ((bands[ord] as number) > 0) {
          listed++;
          expect(candidate, `${label} ${ord}`).toBe(true);
        }
      }
      expect(listed, label).toBeGreaterThan(0);
      // The bands from the exact must-have sets, without judging anyone: exactly the rule's.
      const sets = fitBandSets(index, raise, fitWords);
      expect(sets, label).not.toBeNull();
      for (let ord = 0; ord < index.size; ord++) {
        const bit = (set: Uint32Array) => ((set[ord >>> 5] as number) & (1 << (ord & 31))) !== 0;
        expect(bit(sets?.fit as Uint32Array), `${label} ${ord}`).toBe(bands[ord] === 2);
        expect(bit(sets?.partial as Uint32Array), `${label} ${ord}`).toBe(bands[ord] === 1);
      }
      forgetFitRankings(index);
      const prefiltered = rankByFit(index, raise, fitWords, 'listed');
      forgetFitRankings(index);
      const whole = rankByFit(index, raise, fitWords, 'all');
      const wholeListed = [...whole.order].filter((ord) => (whole.bands[ord] as number) > 0);
      expect([...prefiltered.order], label).toEqual(wholeListed);
      for (const ord of wholeListed) {
        expect(prefiltered.keys[ord], label).toBe(whole.keys[ord]);
        expect(prefiltered.scores[ord], label).toBe(whole.scores[ord]);
      }
    }
  });

  it('pages the fast first look (rest hidden) exactly as the whole ranking, every page and count', () => {
    // Issue 49: the listed-only ranking (bitsets kept per snapshot, a sort of the candidates alone,
    // counts from the ranking's order) held to the whole ranking, for every raise, with and without
    // filters and investors left out, page after page.
    const views = [
      { filters: {}, leaveOut: [] as number[] },
      { filters: { country: 'Sweden' }, leaveOut: [0, 1, 2, 3, 5, 8, 13, 21] },
      { filters: { has: ['email' as const] }, leaveOut: [34, 55, 89] },
    ];
    let fastFirstPages = 0;
    for (const raise of raises) {
      forgetFitRankings(index);
      const whole = rankByFit(index, raise, fitWords, 'all');
      for (const limit of [3, 20])
        for (const view of views) {
          const label = `${JSON.stringify(raise)} ${JSON.stringify(view)}`;
          const matches = index.matching(view.filters);
          const leaveOut = new Set(view.leaveOut);
          const listed = (ord: number) =>
            (!matches || ((matches[ord >>> 5] as number) & (1 << (ord & 31))) !== 0) && !leaveOut.has(ord);
          const expected = { fit: 0, partial: 0, other: 0 };
          for (let ord = 0; ord < index.size; ord++)
            if (listed(ord)) {
              const band = whole.bands[ord] as number;
              if (band === 2) expected.fit++;
              else if (band === 1) expected.partial++;
              else expected.other++;
            }
          const asksNothing = fitCandidates(index, raise, fitWords) === null;
          const expectedIds = [...whole.order]
            .filter((ord) => listed(ord) && (asksNothing || (whole.bands[ord] as number) > 0))
            .map((ord) => index.card(ord).id);
          // The fast path alone: no whole ranking kept to serve it.
          forgetFitRankings(index);
          const seen: string[] = [];
          let cursor: string | null = null;
          let pages = 0;
          do {
            const page = fitPage(index, raise, fitWords, {
              filters: view.filters,
              leaveOut,
              rest: 'hide',
              cursor,
              limit,
            });
            expect(page.counts, label).toEqual(expected);
            // The first page came from the fits alone when they fill it (no ranking kept after it).
            if (cursor === null && !asksNothing && expected.fit >= limit) fastFirstPages++;
            expect(page.total, label).toBe(
              asksNothing
                ? expected.fit + expected.partial + expected.other
                : expected.fit + expected.partial,
            );
            for (const item of page.items) {
              const ord = index.ordOf(item.investor.id);
              expect(item.score, label).toBe(whole.scores[ord]);
              expect(item.band, label).toBe(['other', 'partial', 'fit'][whole.bands[ord] as number]);
            }
            seen.push(...page.items.map((item) => item.investor.id));
            cursor = page.cursor;
            pages++;
          } while (cursor !== null && pages < 1000);
          expect(seen, label).toEqual(expectedIds);
          forgetFitRankings(index);
          rankByFit(index, raise, fitWords, 'all');
        }
    }
    expect(fastFirstPages).toBeGreaterThan(3);
  });

  it('ranks by key, and investors judged alike by their own confirmation and a hash of the id, not by name', () => {
    const raise = raises[0] as FitRaise;
    const { order, keys } = rankByFit(index, raise, fitWords);
    const months = index.investorConfirmedMonths();
    let alike = 0;
    let nameOrder = 0;
    for (let i = 1; i < order.length; i++) {
      const a = order[i - 1] as number;
      const b = order[i] as number;
      expect(keys[a] as number).toBeGreaterThanOrEqual(keys[b] as number);
      if (keys[a] !== keys[b]) continue;
      alike++;
      if (a < b) nameOrder++;
      const hashA = idHash(index.card(a).id);
      const hashB = idHash(index.card(b).id);
      expect(
        (months[a] as number) > (months[b] as number) || (months[a] === months[b] && hashA <= hashB),
      ).toBe(true);
    }
    // Ords are in name order: ties in name order would make every neighbour pair ascending.
    expect(alike).toBeGreaterThan(100);
    expect(nameOrder).toBeLessThan(alike * 0.75);
  });

  it('lists the fits, then the partial fits, and hides the rest unless asked, counting each band', () => {
    const raise = raises[0] as FitRaise;
    const shown = fitPage(index, raise, fitWords, {
      filters: {},
      leaveOut: new Set(),
      rest: 'show',
      cursor: null,
      limit: 5000,
    });
    const hidden = fitPage(index, raise, fitWords, {
      filters: {},
      leaveOut: new Set(),
      rest: 'hide',
      cursor: null,
      limit: 5000,
    });
    const { counts } = shown;
    expect(counts.fit + counts.partial + counts.other).toBe(index.size);
    expect(counts.fit).toBeGreaterThan(0);
    expect(counts.partial).toBeGreaterThan(0);
    expect(counts.other).toBeGreaterThan(0);
    expect(hidden.counts).toEqual(counts);
    expect(hidden.total).toBe(counts.fit + counts.partial);
    expect(hidden.items.length).toBe(hidden.total);
    expect(hidden.items.every((item) => item.band !== 'other')).toBe(true);
    const bands = shown.items.map((item) => item.band);
    expect(bands).toEqual([
      ...Array(counts.fit).fill('fit'),
      ...Array(counts.partial).fill('partial'),
      ...Array(counts.other).fill('other'),
    ]);
    // A raise that asks nothing lists everyone, even with the rest hidden.
    const empty = fitPage(index, raises[2] as FitRaise, fitWords, {
      filters: {},
      leaveOut: new Set(),
      rest: 'hide',
      cursor: null,
      limit: 10,
    });
    expect(empty.total).toBe(index.size);
    expect(empty.counts.other).toBe(index.size);
    // A partial fit misses exactly one must-have and says it; the rest two or more; a fit none.
    for (const item of shown.items) {
      if (item.band === 'partial') expect(item.missing.length).toBe(1);
      else if (item.band === 'other') expect(item.missing.length).toBeGreaterThanOrEqual(2);
      else expect(item.missing).toEqual([]);
    }
  });

  it('pages the whole ranking without a gap or a repeat, each item with its reasons', () => {
    const raise = raises[0] as FitRaise;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = fitPage(index, raise, fitWords, {
        filters: {},
        leaveOut: new Set(),
        rest: 'show',
        cursor,
        limit: 97,
      });
      expect(page.total).toBe(index.size);
      for (const item of page.items) {
        seen.push(item.investor.id);
        expect(item.reasons.reduce((sum, reason) => sum + reason.points, 0)).toBe(item.score);
      }
      cursor = page.cursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(Math.ceil(index.size / 97));
    expect(new Set(seen).size).toBe(index.size);
    const { order } = rankByFit(index, raise, fitWords);
    expect(seen).toEqual(Array.from(order, (ord) => index.card(ord).id));
  });

  it('narrows with the usual filters and leaves out the investors chosen, counting what is left', () => {
    const raise = raises[0] as FitRaise;
    const all = fitPage(index, raise, fitWords, {
      filters: { country: 'Sweden', has: [] },
      leaveOut: new Set(),
      rest: 'show',
      cursor: null,
      limit: 5000,
    });
    expect(all.items.length).toBe(all.total);
    expect(all.items.every((item) => item.investor.countries?.includes('Sweden'))).toBe(true);
    const leaveOut = new Set(all.items.slice(0, 3).map((item) => index.ordOf(item.investor.id)));
    const fewer = fitPage(index, raise, fitWords, {
      filters: { country: 'Sweden' },
      leaveOut,
      rest: 'show',
      cursor: null,
      limit: 5000,
    });
    expect(fewer.total).toBe(all.total - 3);
    expect(fewer.items.map((item) => item.investor.id)).toEqual(
      all.items.slice(3).map((item) => item.investor.id),
    );
  });

  it('refuses a cursor of another raise, or one made up', () => {
    const first = fitPage(index, raises[0] as FitRaise, fitWords, {
      filters: {},
      leaveOut: new Set(),
      rest: 'show',
      cursor: null,
      limit: 10,
    });
    expect(() =>
      fitPage(index, raises[1] as FitRaise, fitWords, {
        filters: {},
        leaveOut: new Set(),
        rest: 'show',
        cursor: first.cursor,
        limit: 10,
      }),
    ).toThrow(InvalidFitCursorError);
    expect(() =>
      fitPage(index, raises[0] as FitRaise, fitWords, {
        filters: {},
        leaveOut: new Set(),
        rest: 'show',
        cursor: '%%',
        limit: 10,
      }),
    ).toThrow(InvalidFitCursorError);
  });

  it('continues after the cursor’s investor when the snapshot was rebuilt between pages', () => {
    const raise = raises[0] as FitRaise;
    const investors = directory(300, 11);
    const before = SearchIndex.build(investors);
    const first = fitPage(before, raise, fitWords, {
      filters: {},
      leaveOut: new Set(),
      rest: 'show',
      cursor: null,
      limit: 50,
    });
    // A newcomer and a rebuilt index: the second page starts right after the first page's last investor.
    const after = SearchIndex.build([
      ...investors,
      { updatedAt: '2026-02-01T00:00:00.000Z', card: blankCard('inv_new', { name: 'Aaron New' }) },
    ]);
    const second = fitPage(after, raise, fitWords, {
      filters: {},
      leaveOut: new Set(),
      rest: 'show',
      cursor: first.cursor,
      limit: 50,
    });
    const expected = fitPage(after, raise, fitWords, {
      filters: {},
      leaveOut: new Set(),
      rest: 'show',
      cursor: null,
      limit: 1000,
    });
    const lastId = first.items.at(-1)?.investor.id;
    const at = expected.items.findIndex((item) => item.investor.id === lastId);
    expect(second.items.map((item) => item.investor.id)).toEqual(
      expected.items.slice(at + 1, at + 51).map((item) => item.investor.id),
    );
  });

  it('finds an investor’s place by its id', () => {
    for (const ord of [0, 1, 700, index.size - 1]) expect(index.ordOf(index.card(ord).id)).toBe(ord);
    expect(index.ordOf('inv_missing')).toBe(-1);
  });
});

describe('the shortlist’s facts in the snapshot', () => {
  const investors = directory(40, 3).map((investor, i) => ({
    ...investor,
    facts: { ...investor.facts, addedAt: i % 2 === 0 ? '2026-04-01T10:00:00.000Z' : null },
  }));

  it('survive the binary form', () => {
    const data = buildIndexData(investors);
    const read = new SearchIndex(decodeIndex(encodeIndex(data)));
    const built = new SearchIndex(data);
    for (let ord = 0; ord < built.size; ord++) expect(read.facts(ord)).toEqual(built.facts(ord));
    expect(built.facts(built.ordOf('inv_0')).addedAt).toBe('2026-04-01T10:00:00.000Z');
  });

  it('read as unknown from a binary snapshot written before them', () => {
    const bytes = withoutSections(encodeIndex(buildIndexData(investors)), (name) =>
      /^(lead|typicalCheque|investsIn\.|addedAt|deals\.|vintage)/.test(name),
    );
    const read = new SearchIndex(decodeIndex(bytes));
    expect(read.size).toBe(investors.length);
    for (let ord = 0; ord < read.size; ord++)
      expect(read.facts(ord)).toEqual({
        leadOrFollow: null,
        typicalCheque: null,
        investsIn: [],
        addedAt: null,
        deals: [],
        vintage: null,
      });
  });

  it('are refused when only some of their columns are there (a damaged snapshot)', () => {
    const bytes = withoutSections(encodeIndex(buildIndexData(investors)), (name) => name === 'lead');
    expect(() => decodeIndex(bytes)).toThrow(/some of the shortlist columns/);
  });

  it('travel in change objects’ rows (a 17th column), and older rows still read', () => {
    const rows = encodeSnapshot(investors, new Date('2026-05-01T00:00:00Z'));
    const decoded = decodeSnapshot(JSON.parse(JSON.stringify(rows)));
    const index = SearchIndex.build(decoded.investors);
    const original = SearchIndex.build(investors);
    for (let ord = 0; ord < index.size; ord++) expect(index.facts(ord)).toEqual(original.facts(ord));
    const plain = encodeSnapshot(
      [{ updatedAt: '2026-01-01T00:00:00.000Z', card: blankCard('a') }],
      new Date(),
    );
    expect(plain.rows[0]).toHaveLength(14);
  });
});

/**
 * The same snapshot with some sections left out of its header (as a writer before them would have
 * written it): the header is rewritten, the sections' bytes stay where they are.
 */
function withoutSections(bytes: Uint8Array, drop: (name: string) => boolean): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(8, true);
  const align = (n: number) => n + ((8 - (n % 8)) % 8);
  const start = align(12 + headerLength);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength))) as {
    sections: { name: string }[];
  };
  header.sections = header.sections.filter((section) => !drop(section.name));
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const newStart = align(12 + headerBytes.length);
  const out = new Uint8Array(newStart + bytes.length - start);
  out.set(bytes.subarray(0, 8), 0);
  new DataView(out.buffer).setUint32(8, headerBytes.length, true);
  out.set(headerBytes, 12);
  out.set(bytes.subarray(start), newStart);
  return out;
}

describe('deploying now in the index (issue 52)', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const investor = (
    id: string,
    deals: { date: string; round: string | null }[],
    vintage: number | null = null,
  ) =>
    ({
      updatedAt: '2026-01-01T00:00:00.000Z',
      card: blankCard(id, { name: `Investor ${id}`, stageFocus: ['seed'] }),
      facts: { deals, vintage },
    }) as IndexedInvestor;
  const few = [
    investor('busy', [
      { date: '2026-03-01', round: 'Seed' },
      { date: '2026-04', round: 'seed' },
      { date: '2026-05-20', round: 'Seed' },
      { date: '2026-01-10', round: 'Seed' },
    ]),
    investor('once', [{ date: '2025-09-01', round: 'Seed' }]),
    investor('quiet', [{ date: '2023-02-01', round: 'Seed' }], 2018),
    investor('none', []),
  ];

  it('keeps the deals and the vintage through the binary snapshot and change rows', () => {
    const built = SearchIndex.build(few);
    const read = new SearchIndex(decodeIndex(encodeIndex(built.data)));
    const rows = SearchIndex.build(
      decodeSnapshot(JSON.parse(JSON.stringify(encodeSnapshot(few, now)))).investors,
    );
    for (let ord = 0; ord < built.size; ord++) {
      expect(read.facts(ord)).toEqual(built.facts(ord));
      expect(rows.facts(ord)).toEqual(built.facts(ord));
    }
    expect(built.facts(built.ordOf('quiet'))).toMatchObject({
      deals: [{ date: '2023-02-01', round: 'seed' }],
      vintage: 2018,
    });
  });

  it('finds and counts "Deployed in the last 12 months" as the other has= filters', () => {
    const built = SearchIndex.build(few);
    const ids = (bits: Uint32Array) =>
      Array.from({ length: built.size }, (_, ord) => ord)
        .filter((ord) => ((bits[ord >>> 5] as number) & (1 << (ord & 31))) !== 0)
        .map((ord) => built.card(ord).id)
        .sort();
    expect(ids(built.deployedBits(now))).toEqual(['busy', 'once']);
    // Twelve months later, only the deal of 20 May 2026 is inside the window... which starts 15 June 2026.
    expect(ids(built.deployedBits(new Date('2027-05-20T00:00:00Z')))).toEqual(['busy']);
  });

  it('ranks recency at the stage as closeness and says it in a founder’s words', () => {
    const built = SearchIndex.build(few);
    const raise: FitRaise = {
      round: 'seed',
      amountUsd: null,
      country: null,
      city: null,
      leadWanted: null,
      sectors: [],
      now,
    };
    const page = fitPage(built, raise, fitWords, {
      filters: {},
      leaveOut: new Set(),
      rest: 'show',
      cursor: null,
      limit: 10,
    });
    // Equal after the recency bonus, the last two are ordered by the tie-break (never by the data's absence).
    expect(page.items.map((item) => item.investor.id).slice(0, 2)).toEqual(['busy', 'once']);
    const reasons = (id: string) =>
      page.items.find((item) => item.investor.id === id)?.reasons.filter((r) => r.criterion === 'recency');
    expect(reasons('busy')).toEqual([
      { criterion: 'recency', text: '4 new Seed deals since January 2026', points: 10, tone: 'for' },
    ]);
    expect(reasons('once')).toEqual([
      { criterion: 'recency', text: '1 new Seed deal since September 2025', points: 6, tone: 'for' },
    ]);
    expect(reasons('quiet')).toEqual([
      { criterion: 'recency', text: 'no new deal in 3 years', points: 0, tone: 'against' },
      { criterion: 'recency', text: 'likely past its investment period', points: 0, tone: 'against' },
    ]);
    expect(reasons('none')).toEqual([]);
    // No data: nothing lost beyond the bonus; what counts against is never a must-have missed.
    const quiet = page.items.find((item) => item.investor.id === 'quiet');
    const none = page.items.find((item) => item.investor.id === 'none');
    expect(quiet?.score).toBe(none?.score);
    expect(quiet?.missing).toEqual(none?.missing);
  });
});
