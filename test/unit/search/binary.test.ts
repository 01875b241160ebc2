import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  decodeIndex,
  encodeIndex,
  INDEX_FORMAT_VERSION,
  SnapshotFormatError,
} from '../../../shared/search/binary';
import { SearchIndex } from '../../../shared/search/engine';
import { buildIndexData, type IndexedInvestor } from '../../../shared/search/index-data';
import { decodeStoredSnapshot, encodeSnapshot, encodeStoredSnapshot } from '../../../shared/search/snapshot';
import { vocabularyOf } from '../../../shared/search/vocabulary';
import { blankCard } from '../support/cards';

const investors: IndexedInvestor[] = [
  {
    updatedAt: '2026-03-04T05:06:07.089Z',
    card: blankCard('inv_1', {
      name: 'Łukasz Ødegaard',
      thesisLine: 'Pre-seed fintech in Łódź and Zürich',
      investorRole: 'angel',
      firmName: 'Beacon Capital',
      title: 'Partner',
      stageFocus: ['Pre-Seed', 'Seed'],
      sectorFocus: ['Fintech (Payments, Lending)', 'AI'],
      cities: ['Zürich', 'Zurich'],
      countries: ['Switzerland'],
      checkMin: 25_000,
      checkMax: 1_500_000_000,
      hasEmail: true,
      hasCrunchbase: true,
      contactConfirmed: { email: '2026-03', crunchbase: '1999-12' },
      confirmedByInvestor: ['email'],
    }),
  },
  {
    updatedAt: '2025-01-01T00:00:00.000Z',
    card: blankCard('inv_2', {
      name: '東京 Ventures',
      firmName: null,
      stageFocus: [],
      sectorFocus: ['AI'],
      checkMin: null,
      checkMax: 500,
      hasPhone: true,
      contactConfirmed: {},
    }),
  },
  {
    updatedAt: '2026-03-04T05:06:07.089Z',
    card: blankCard('inv_3', { name: 'Ada Ivers', firmName: 'Beacon Capital', contactConfirmed: {} }),
  },
];

const vocabulary = vocabularyOf([
  { text: 'payments', facet: 'sector', values: ['fintech (payments, lending)'], label: 'Fintech' },
]);

describe('the binary snapshot', () => {
  it('reads back exactly what was written, and the index answers the same', () => {
    const data = buildIndexData(investors, {
      builtAt: new Date('2026-04-01T00:00:00Z'),
      foldedThrough: 'k',
      vocabulary,
    });
    const bytes = encodeIndex(data);
    const read = decodeIndex(bytes);
    expect(read).toEqual(data);
    // As the function reads it: a Node Buffer out of gunzip, and one that starts inside a larger buffer.
    expect(decodeIndex(gunzipSync(gzipSync(bytes)))).toEqual(data);
    const inside = Buffer.concat([Buffer.from([9, 9, 9]), Buffer.from(bytes)]).subarray(3);
    expect(decodeIndex(inside)).toEqual(data);
    const before = new SearchIndex(data);
    const after = new SearchIndex(read);
    expect([...after.investors()]).toEqual([...before.investors()]);
    for (const q of ['lukasz', 'payments', 'zurich', '東京', 'beacon', 'ivres'])
      expect(after.page({ q }, 'name', null, 10)).toEqual(before.page({ q }, 'name', null, 10));
    expect(after.facets({ sector: 'ai' })).toEqual(before.facets({ sector: 'ai' }));
    expect(after.suggest('bea')).toEqual(before.suggest('bea'));
  });

  it('gives back every card and update time as they went in (the fold reads the snapshot this way)', () => {
    const index = new SearchIndex(decodeIndex(encodeIndex(buildIndexData(investors))));
    const byId = new Map([...index.investors()].map((investor) => [investor.card.id, investor]));
    for (const investor of investors) expect(byId.get(investor.card.id)).toEqual(investor);
  });

  it('stores an empty directory', () => {
    const read = decodeIndex(encodeIndex(buildIndexData([])));
    expect(new SearchIndex(read).page({}, 'name', null, 10)).toEqual({ items: [], total: 0, cursor: null });
  });

  it('refuses another version, another kind of file and a damaged one', () => {
    const bytes = encodeIndex(buildIndexData(investors));
    const other = bytes.slice();
    new DataView(other.buffer).setUint32(4, INDEX_FORMAT_VERSION + 1, true);
    expect(() => decodeIndex(other)).toThrow(SnapshotFormatError);
    expect(() => decodeIndex(new Uint8Array([1, 2, 3]))).toThrow(SnapshotFormatError);
    expect(() => decodeIndex(bytes.subarray(0, bytes.length - 40))).toThrow(SnapshotFormatError);
    const garbled = bytes.slice();
    garbled.fill(0xff, bytes.length - 200, bytes.length - 100);
    expect(() => decodeIndex(garbled)).toThrow(SnapshotFormatError);
  });

  it('reads a snapshot stored in the JSON form of before (until the next aggregation rewrites it)', () => {
    const json = new TextEncoder().encode(
      JSON.stringify(encodeSnapshot(investors, new Date('2026-01-01T00:00:00Z'), 'key')),
    );
    const data = decodeStoredSnapshot(json);
    expect(data.foldedThrough).toBe('key');
    const index = new SearchIndex(data);
    expect(index.page({ q: 'lukasz' }, 'name', null, 10).items.map((i) => i.id)).toEqual(['inv_1']);
    expect(() => decodeStoredSnapshot(gzipSync('not json'))).toThrow(SnapshotFormatError);
    expect(decodeStoredSnapshot(encodeStoredSnapshot(data))).toEqual(data);
  });

  it("carries the investor's one-line thesis from a change object's row into its own column (issue 33)", () => {
    // A change object (JSON rows): the thesis line is the row's 16th column, the older rows have none.
    const change = encodeSnapshot(investors, new Date('2026-01-01T00:00:00Z'));
    expect(change.rows.map((row) => row[15] ?? null)).toEqual([
      'Pre-seed fintech in Łódź and Zürich',
      null,
      null,
    ]);
    const stored = decodeStoredSnapshot(new TextEncoder().encode(JSON.stringify(change)));
    const index = new SearchIndex(decodeIndex(encodeIndex(stored)));
    const lukasz = index.page({ q: 'lodz' }, 'name', null, 10).items;
    expect(lukasz.map((card) => [card.id, card.thesisLine])).toEqual([
      ['inv_1', 'Pre-seed fintech in Łódź and Zürich'],
    ]);
    // Found by a word of the thesis only, and the others carry no line at all.
    expect(index.page({ q: 'pre-seed fintech' }, 'name', null, 10).items.map((card) => card.id)).toContain(
      'inv_1',
    );
    expect(
      [...index.investors()].filter((i) => i.card.thesisLine !== undefined).map((i) => i.card.id),
    ).toEqual(['inv_1']);
    // The engine's own thesis (the bench's synthetic one) is shown and searched the same way.
    const bench = new SearchIndex(
      buildIndexData([
        {
          updatedAt: '2026-01-01T00:00:00.000Z',
          thesis: 'Zeolite quarries',
          card: blankCard('inv_9', { name: 'Bo' }),
        },
      ]),
    );
    expect(bench.page({ q: 'zeolite' }, 'name', null, 10).items.map((card) => card.thesisLine)).toEqual([
      'Zeolite quarries',
    ]);
  });
});
