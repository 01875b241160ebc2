import { type Bits, has, popcountAnd, set } from './bits';
import type { Facet } from './filters';
import { type IndexData, stringsOf } from './index-data';
import { compareStrings } from './text-index';

/**
 * A facet's postings (investors per value) and its counts: the values shown beside the filters with
 * how many investors each would find.
 */

export interface FacetValue {
  /** The value as filters and URLs carry it (a role key, a normalised tag, a folded place). */
  value: string;
  /** The spelling to show: the most common one in the data. */
  label: string;
  count: number;
}

/** Facet values past this many (by count) are left out, except a value that is filtered on. */
export const FACET_VALUES_SHOWN = 30;

export interface FacetState {
  valueKeys: string[];
  valueIndex: Map<string, number>;
  labels: string[];
  /** Investors per value, ascending (built at load from the per-investor lists). */
  postingStarts: Uint32Array;
  postingOrds: Uint32Array;
  spellings: string[];
  /** Value ids, most investors first (made when facets are first counted). */
  byFrequency?: Uint32Array;
  /** Bit sets of the values carried by more than one investor in 32. */
  dense: Map<number, Bits>;
}

/** Investors per value of one facet, from each investor's list (a counting sort, duplicates within an investor once). */
export function loadFacet(data: IndexData, facet: Facet): FacetState {
  const column = data.facets[facet];
  const valueKeys = stringsOf(column.values);
  const spellings = stringsOf(column.spellings);
  const counts = new Uint32Array(valueKeys.length + 1);
  const n = data.size;
  const { offsets, spellingIds, spellingValue } = column;
  const eachValue = (visit: (ord: number, value: number) => void) => {
    for (let ord = 0; ord < n; ord++) {
      const from = offsets[ord] as number;
      const to = offsets[ord + 1] as number;
      for (let i = from; i < to; i++) {
        const value = spellingValue[spellingIds[i] as number] as number;
        let again = false;
        for (let j = from; j < i && !again; j++) again = spellingValue[spellingIds[j] as number] === value;
        if (!again) visit(ord, value);
      }
    }
  };
  eachValue((_, value) => {
    counts[value + 1] = (counts[value + 1] as number) + 1;
  });
  for (let v = 0; v < valueKeys.length; v++)
    counts[v + 1] = (counts[v + 1] as number) + (counts[v] as number);
  const postingOrds = new Uint32Array(counts[valueKeys.length] as number);
  const fill = counts.slice(0, valueKeys.length);
  eachValue((ord, value) => {
    postingOrds[fill[value] as number] = ord;
    fill[value] = (fill[value] as number) + 1;
  });
  return {
    valueKeys,
    valueIndex: new Map(valueKeys.map((key, id) => [key, id])),
    labels: Array.from(column.labels, (spelling) => spellings[spelling] as string),
    postingStarts: counts,
    postingOrds,
    spellings,
    dense: new Map(),
  };
}

/** How many investors carry one value. */
export const valueSize = (state: FacetState, value: number): number =>
  (state.postingStarts[value + 1] as number) - (state.postingStarts[value] as number);

/** Each value of a facet by its number of investors, most first (ties by value): the order facet counts are looked for in. */
function byFrequency(state: FacetState): Uint32Array {
  if (!state.byFrequency) {
    state.byFrequency = Uint32Array.from(state.valueKeys, (_, v) => v).sort(
      (a, b) =>
        valueSize(state, b) - valueSize(state, a) ||
        compareStrings(state.valueKeys[a] as string, state.valueKeys[b] as string),
    );
  }
  return state.byFrequency;
}

/** The bit set of a value carried by more than one investor in 32 (kept: a facet has few such values). */
export function denseValueBits(state: FacetState, value: number, size: number): Bits {
  let bits = state.dense.get(value);
  if (!bits) {
    bits = new Uint32Array(Math.ceil(size / 32));
    for (let p = state.postingStarts[value] as number; p < (state.postingStarts[value + 1] as number); p++)
      set(bits, state.postingOrds[p] as number);
    state.dense.set(value, bits);
  }
  return bits;
}

/** How many investors of `base` carry one value of a facet (`size`: the directory's). */
export function countValue(state: FacetState, value: number, base: Bits | null, size: number): number {
  const from = state.postingStarts[value] as number;
  const to = state.postingStarts[value + 1] as number;
  if (base === null) return to - from;
  if ((to - from) * 32 > size) return popcountAnd(denseValueBits(state, value, size), base);
  let count = 0;
  for (let p = from; p < to; p++) if (has(base, state.postingOrds[p] as number)) count++;
  return count;
}

/**
 * The {@link FACET_VALUES_SHOWN} values of a facet with the most investors in `base` (all when
 * null), as [value id, count], most first, ties by value. Values are counted in order of their
 * size in the whole directory, and counting stops when a value could no longer enter the list:
 * the broad values count with bit-set ANDs, the narrow ones by their few investors.
 */
export function topValues(state: FacetState, base: Bits | null, size: number): [number, number][] {
  const top: [number, number][] = [];
  const before = (a: [number, number], b: [number, number]) =>
    a[1] !== b[1]
      ? a[1] > b[1]
      : compareStrings(state.valueKeys[a[0]] as string, state.valueKeys[b[0]] as string) < 0;
  for (const value of byFrequency(state)) {
    const last = top[FACET_VALUES_SHOWN - 1];
    if (last && valueSize(state, value) < last[1]) break;
    const count = base === null ? valueSize(state, value) : countValue(state, value, base, size);
    if (count === 0) continue;
    const entry: [number, number] = [value, count];
    if (last && !before(entry, last)) continue;
    let at = top.length;
    while (at > 0 && before(entry, top[at - 1] as [number, number])) at--;
    top.splice(at, 0, entry);
    if (top.length > FACET_VALUES_SHOWN) top.pop();
  }
  return top;
}
