/**
 * Today's engine as it was before issue 34 (shared/search/engine.ts at 986f173), kept unchanged so
 * that `npm run bench` measures it beside the new one in the same run. Not used by the product.
 */
import type { CartInvestor } from '../../shared/cart/cart';
import {
  FACETS,
  type Facet,
  facetValueKey,
  HAS_CONTACTS,
  type HasContact,
  type SearchFilters,
  type SearchSort,
} from '../../shared/search/filters';
import { foldText, searchWords } from '../../shared/search/fold';

/** One investor as the search index holds it: the public card (never a contact value) and its update time. */
export interface IndexedInvestor {
  card: CartInvestor;
  updatedAt: string;
  /** A change object's tombstone: the investor left the directory (a withdrawn profile, issue 21). */
  removed?: boolean;
}

export interface FacetValue {
  /** The value as filters and URLs carry it (a role key, a normalised tag, a folded place). */
  value: string;
  /** The spelling to show: the most common one in the data. */
  label: string;
  count: number;
}

export interface SearchPageResult {
  items: CartInvestor[];
  total: number;
  cursor: string | null;
}

export class InvalidSearchCursorError extends Error {
  override readonly name = 'InvalidSearchCursorError';
}

/** Facet values past this many (by count) are left out, except a value that is filtered on. */
export const FACET_VALUES_SHOWN = 30;

// ------------------------------------------------------------------ bit sets over investor ordinals

type Bits = Uint32Array;

function popcount(bits: Bits): number {
  let total = 0;
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i] as number;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

const has = (bits: Bits, ord: number): boolean => ((bits[ord >>> 5] as number) & (1 << (ord & 31))) !== 0;

function set(bits: Bits, ord: number): void {
  bits[ord >>> 5] = (bits[ord >>> 5] as number) | (1 << (ord & 31));
}

function andInto(target: Bits, other: Bits): void {
  for (let i = 0; i < target.length; i++) target[i] = (target[i] as number) & (other[i] as number);
}

// ------------------------------------------------------------------ the index

interface ValueEntry {
  /** Its number among the facet's values. */
  id: number;
  bits: Bits;
  count: number;
  spellings: Map<string, number>;
}

function facetValuesOf(card: CartInvestor, facet: Facet): string[] {
  switch (facet) {
    case 'role':
      return [card.investorRole];
    case 'stage':
      return card.stageFocus;
    case 'sector':
      return card.sectorFocus;
    case 'country':
      return card.countries ?? [];
    case 'city':
      return card.cities ?? [];
  }
}

const HAS_FLAG: Readonly<Record<HasContact, (card: CartInvestor) => boolean>> = {
  email: (card) => card.hasEmail,
  linkedin: (card) => card.hasLinkedIn,
  phone: (card) => card.hasPhone,
};

interface Order {
  /** Ordinals in this order. */
  ords: Int32Array;
  /** Each position's sort key, ascending: what a cursor holds. */
  keys: string[];
}

interface Cursor {
  sort: SearchSort;
  key: string;
}

/** A cursor is the sort key of the page's last investor: it stays right when the index is rebuilt between pages. */
const encodeCursor = (cursor: Cursor): string =>
  encodeURIComponent(JSON.stringify([cursor.sort, cursor.key]));

function decodeCursor(cursor: string, sort: SearchSort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(cursor));
  } catch {
    throw new InvalidSearchCursorError('The cursor is not one this search gave.');
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || parsed[0] !== sort || typeof parsed[1] !== 'string')
    throw new InvalidSearchCursorError('The cursor does not belong to this search.');
  return { sort, key: parsed[1] };
}

/** The first position whose key is greater than `key`. */
function positionAfter(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const UPDATED_KEY_SPAN = 9_999_999_999_999;

/**
 * The directory's search index, in memory: a bit set per filter value over investors numbered in
 * name order, a sorted word list for prefix search, and the cheque bounds as typed arrays. A page
 * walks the chosen order and keeps the investors in the result bit set, so its cost does not grow
 * with the number of matches; totals and facet counts are popcounts and one pass over the results.
 */
export class SearchIndex {
  private readonly cards: CartInvestor[];
  private readonly words: string[];
  private readonly wordOrds: Int32Array;
  private readonly checkMin: Float64Array;
  private readonly checkMax: Float64Array;
  private readonly values = new Map<Facet, Map<string, ValueEntry>>();
  /** Per facet, each investor's value ids (a CSR layout: `ids[offsets[ord]..offsets[ord + 1]]`), for facet counts. */
  private readonly valueIds = new Map<Facet, { keys: string[]; offsets: Int32Array; ids: Int32Array }>();
  private readonly hasBits = new Map<HasContact, Bits>();
  private readonly orders: Record<SearchSort, Order>;
  private readonly words32: number;

  constructor(investors: readonly IndexedInvestor[]) {
    const sorted = investors
      .map((investor) => ({ investor, nameKey: `${foldText(investor.card.name)}\u0000${investor.card.id}` }))
      .sort((a, b) => (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : 0));
    const n = sorted.length;
    this.words32 = Math.ceil(n / 32);
    this.cards = sorted.map((s) => s.investor.card);
    this.checkMin = new Float64Array(n);
    this.checkMax = new Float64Array(n);

    const wordPairs: [string, number][] = [];
    const building = new Map<Facet, { keys: string[]; offsets: number[]; ids: number[] }>();
    for (const facet of FACETS) {
      this.values.set(facet, new Map());
      building.set(facet, { keys: [], offsets: [0], ids: [] });
    }
    for (const contact of HAS_CONTACTS) this.hasBits.set(contact, this.emptyBits());

    sorted.forEach(({ investor: { card } }, ord) => {
      for (const word of new Set([...searchWords(card.name), ...searchWords(card.firmName ?? '')]))
        wordPairs.push([word, ord]);
      this.checkMin[ord] = card.checkMin ?? Number.NaN;
      this.checkMax[ord] = card.checkMax ?? Number.NaN;
      for (const contact of HAS_CONTACTS)
        if (HAS_FLAG[contact](card)) set(this.hasBits.get(contact) as Bits, ord);
      for (const facet of FACETS) {
        const entries = this.values.get(facet) as Map<string, ValueEntry>;
        const layout = building.get(facet) as { keys: string[]; offsets: number[]; ids: number[] };
        const keys: string[] = [];
        for (const spelling of facetValuesOf(card, facet)) {
          const key = facetValueKey(facet, spelling);
          if (key === '' || keys.includes(key)) continue;
          keys.push(key);
          let entry = entries.get(key);
          if (!entry) {
            entry = { id: layout.keys.length, bits: this.emptyBits(), count: 0, spellings: new Map() };
            entries.set(key, entry);
            layout.keys.push(key);
          }
          set(entry.bits, ord);
          entry.count++;
          entry.spellings.set(spelling, (entry.spellings.get(spelling) ?? 0) + 1);
          layout.ids.push(entry.id);
        }
        layout.offsets.push(layout.ids.length);
      }
    });

    for (const [facet, layout] of building)
      this.valueIds.set(facet, {
        keys: layout.keys,
        offsets: Int32Array.from(layout.offsets),
        ids: Int32Array.from(layout.ids),
      });

    wordPairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.words = wordPairs.map((p) => p[0]);
    this.wordOrds = Int32Array.from(wordPairs, (p) => p[1]);

    const byName: Order = { ords: Int32Array.from(sorted, (_, i) => i), keys: sorted.map((s) => s.nameKey) };
    const updated = sorted
      .map(({ investor }, ord) => ({
        ord,
        key: `${String(UPDATED_KEY_SPAN - (Date.parse(investor.updatedAt) || 0)).padStart(13, '0')}\u0000${investor.card.id}`,
      }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.orders = {
      // v1 had no "Best match": the name order stands in for it.
      best: byName,
      name: byName,
      updated: { ords: Int32Array.from(updated, (u) => u.ord), keys: updated.map((u) => u.key) },
    };
  }

  get size(): number {
    return this.cards.length;
  }

  /** One page of the investors matching every filter, in the chosen order, after the cursor's position. */
  page(filters: SearchFilters, sort: SearchSort, cursor: string | null, limit: number): SearchPageResult {
    const order = this.orders[sort];
    const start = cursor === null ? 0 : positionAfter(order.keys, decodeCursor(cursor, sort).key);
    const matches = this.match(filters);
    const total = matches ? popcount(matches) : this.cards.length;
    const items: CartInvestor[] = [];
    let position = start;
    let last = -1;
    // The walk stops at a full page; a page of a search with few matches stops at its last one.
    let seen = 0;
    for (; position < order.ords.length && items.length < limit && seen < total; position++) {
      const ord = order.ords[position] as number;
      if (matches && !has(matches, ord)) continue;
      seen++;
      items.push(this.cards[ord] as CartInvestor);
      last = position;
    }
    let more = false;
    for (; position < order.ords.length && !more && seen < total; position++)
      more = !matches || has(matches, order.ords[position] as number);
    return {
      items,
      total,
      cursor: more && last >= 0 ? encodeCursor({ sort, key: order.keys[last] as string }) : null,
    };
  }

  /**
   * Counts beside each value of each facet: how many investors the search would find with that value
   * instead of the facet's current one (the other filters kept), most first, at most
   * {@link FACET_VALUES_SHOWN} per facet plus the value filtered on. Also the contact counts.
   */
  facets(filters: SearchFilters): {
    total: number;
    facets: Record<Facet, FacetValue[]>;
    has: Record<HasContact, number>;
  } {
    const matches = this.match(filters);
    const counted = new Map<string, Map<Facet, Map<string, number>>>();
    const countsFor = (facet: Facet): Map<string, number> => {
      const active = filters[facet] !== undefined;
      const baseKey = active ? facet : '';
      let byFacet = counted.get(baseKey);
      if (!byFacet) {
        const base = active ? this.match({ ...filters, [facet]: undefined }) : matches;
        byFacet = this.countFacets(base, active ? [facet] : FACETS.filter((f) => filters[f] === undefined));
        counted.set(baseKey, byFacet);
      }
      return byFacet.get(facet) as Map<string, number>;
    };

    const facets = {} as Record<Facet, FacetValue[]>;
    for (const facet of FACETS) {
      const entries = this.values.get(facet) as Map<string, ValueEntry>;
      const selected = filters[facet] !== undefined ? facetValueKey(facet, filters[facet] as string) : null;
      const counts = countsFor(facet);
      const shown = [...counts.entries()]
        .filter(([, count]) => count > 0)
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, FACET_VALUES_SHOWN);
      if (selected !== null && !shown.some(([key]) => key === selected))
        shown.push([selected, counts.get(selected) ?? 0]);
      facets[facet] = shown.map(([value, count]) => ({
        value,
        label: mostCommon(entries.get(value)?.spellings) ?? filters[facet] ?? value,
        count,
      }));
    }

    const hasCounts = {} as Record<HasContact, number>;
    for (const contact of HAS_CONTACTS) {
      const base = this.match({ ...filters, has: (filters.has ?? []).filter((c) => c !== contact) });
      const bits = (this.hasBits.get(contact) as Bits).slice();
      if (base) andInto(bits, base);
      hasCounts[contact] = popcount(bits);
    }
    return { total: matches ? popcount(matches) : this.cards.length, facets, has: hasCounts };
  }

  /** The result bit set of the filters, or null for "every investor". */
  private match(filters: SearchFilters): Bits | null {
    let result: Bits | null = null;
    const narrow = (bits: Bits) => {
      if (result === null) result = bits.slice();
      else andInto(result, bits);
    };
    for (const facet of FACETS) {
      const value = filters[facet];
      if (value === undefined) continue;
      const entry = this.values.get(facet)?.get(facetValueKey(facet, value));
      narrow(entry ? entry.bits : this.emptyBits());
    }
    // The baseline knows the contact kinds only (the bench asks it nothing else).
    for (const contact of filters.has ?? [])
      if (contact !== 'deployed') narrow(this.hasBits.get(contact) as Bits);
    for (const word of searchWords(filters.q ?? '')) narrow(this.wordBits(word));
    if (filters.checkMin !== undefined || filters.checkMax !== undefined)
      narrow(this.chequeBits(filters.checkMin ?? -Infinity, filters.checkMax ?? Infinity));
    return result;
  }

  private emptyBits(): Bits {
    return new Uint32Array(this.words32);
  }

  /** Investors with a name or firm word that starts with `prefix`. */
  private wordBits(prefix: string): Bits {
    const bits = this.emptyBits();
    let i = lowerBound(this.words, prefix);
    for (; i < this.words.length && (this.words[i] as string).startsWith(prefix); i++)
      set(bits, this.wordOrds[i] as number);
    return bits;
  }

  /** Investors whose cheque range overlaps [min, max]; a missing bound of the investor's is open. */
  private chequeBits(min: number, max: number): Bits {
    const bits = this.emptyBits();
    for (let ord = 0; ord < this.cards.length; ord++) {
      const low = this.checkMin[ord] as number;
      const high = this.checkMax[ord] as number;
      if (Number.isNaN(low) && Number.isNaN(high)) continue;
      if ((Number.isNaN(high) || high >= min) && (Number.isNaN(low) || low <= max)) set(bits, ord);
    }
    return bits;
  }

  /** Value counts of the listed facets over one result set (null: every investor). */
  private countFacets(base: Bits | null, facets: readonly Facet[]): Map<Facet, Map<string, number>> {
    const out = new Map<Facet, Map<string, number>>(facets.map((f) => [f, new Map()]));
    if (base === null) {
      for (const facet of facets) {
        const counts = out.get(facet) as Map<string, number>;
        for (const [key, entry] of this.values.get(facet) as Map<string, ValueEntry>)
          counts.set(key, entry.count);
      }
      return out;
    }
    const layouts = facets.map(
      (facet) => this.valueIds.get(facet) as { keys: string[]; offsets: Int32Array; ids: Int32Array },
    );
    const tallies = layouts.map((layout) => new Int32Array(layout.keys.length));
    for (let w = 0; w < base.length; w++) {
      let word = base[w] as number;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        const ord = w * 32 + bit;
        for (let f = 0; f < layouts.length; f++) {
          const { offsets, ids } = layouts[f] as { offsets: Int32Array; ids: Int32Array };
          const tally = tallies[f] as Int32Array;
          for (let i = offsets[ord] as number; i < (offsets[ord + 1] as number); i++)
            tally[ids[i] as number] = (tally[ids[i] as number] as number) + 1;
        }
      }
    }
    facets.forEach((facet, f) => {
      const counts = out.get(facet) as Map<string, number>;
      const { keys } = layouts[f] as { keys: string[] };
      (tallies[f] as Int32Array).forEach((n, id) => {
        if (n > 0) counts.set(keys[id] as string, n);
      });
    });
    return out;
  }
}

function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function mostCommon(spellings: Map<string, number> | undefined): string | undefined {
  if (!spellings) return undefined;
  let best: [string, number] | undefined;
  for (const entry of spellings)
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
  return best?.[0];
}
