import type { Bits } from './bits';
import { NO_MATCH } from './match-words';

/**
 * What a search collects: per typed word (or phrase) a segment of tiers over the directory, then the
 * investors every segment holds, each with its worst tier.
 */

export interface Evaluation {
  words: string[];
  /** The matching investors, ascending. */
  matched: Uint32Array;
  /** Each matching investor's tier (its worst word's), beside `matched`. */
  matchedTiers: Uint8Array;
  bits: Bits;
  /** The investors every word matches exactly (tier below {@link EXACT_TIERS}): what a search counts. */
  exactBits: Bits;
  exactCount: number;
  /** The best kind any investor matched with (exact 0, prefix 1, typos 2-4), or NO_MATCH. */
  bestKind: number;
  /** Per word: whether it matched something exactly or as the start of a word. */
  wordExact: boolean[];
}

export interface Segment {
  tiers: Uint8Array;
  /** The investors lowered from NO_MATCH, unless `dense`. */
  touched: number[];
  /** How many investors it holds. */
  count: number;
  /** Most of the directory may be in it (a common tag): `touched` is not kept, the segment is scanned. */
  dense: boolean;
}

export function lower(segment: Segment, ord: number, tier: number): void {
  const held = segment.tiers[ord] as number;
  if (tier < held) {
    if (held === NO_MATCH) {
      segment.count++;
      if (!segment.dense) segment.touched.push(ord);
    }
    segment.tiers[ord] = tier;
  }
}

/**
 * The investors every segment holds, ascending, each with its worst tier: the segment that touched
 * the fewest drives; ord and tier are packed in one number (ord × 16 + tier) for a native sort, or,
 * for many matches, read in order by one scan.
 */
export function intersect(segments: readonly Segment[]): { ords: Uint32Array; tiers: Uint8Array } {
  if (segments.length === 0) return { ords: new Uint32Array(0), tiers: new Uint8Array(0) };
  const n = (segments[0] as Segment).tiers.length;
  let driver = segments[0] as Segment;
  for (const segment of segments) if (segment.count < driver.count) driver = segment;
  if (driver.dense || driver.count * 16 > n) {
    // Many matches: a scan of the directory in order is cheaper than sorting them. At most the
    // driver's matches: typed arrays of that size, cut to what is found.
    const ords = new Uint32Array(driver.count);
    const tiers = new Uint8Array(driver.count);
    let found = 0;
    if (segments.length === 1) {
      const only = driver.tiers;
      for (let ord = 0; ord < n; ord++) {
        const tier = only[ord] as number;
        if (tier === NO_MATCH) continue;
        ords[found] = ord;
        tiers[found++] = tier;
      }
      return { ords: ords.subarray(0, found), tiers: tiers.subarray(0, found) };
    }
    for (let ord = 0; ord < n; ord++) {
      if (driver.tiers[ord] === NO_MATCH) continue;
      let tier = 0;
      for (const segment of segments) {
        const t = segment.tiers[ord] as number;
        if (t > tier) tier = t;
      }
      if (tier === NO_MATCH) continue;
      ords[found] = ord;
      tiers[found++] = tier;
    }
    return { ords: ords.subarray(0, found), tiers: tiers.subarray(0, found) };
  }
  const packed: number[] = [];
  for (const ord of driver.touched) {
    let tier = 0;
    for (const segment of segments) {
      const t = segment.tiers[ord] as number;
      if (t > tier) tier = t;
    }
    if (tier !== NO_MATCH) packed.push(ord * 16 + tier);
  }
  const sorted = Float64Array.from(packed).sort();
  const ords = new Uint32Array(sorted.length);
  const tiers = new Uint8Array(sorted.length);
  for (let k = 0; k < sorted.length; k++) {
    const value = sorted[k] as number;
    tiers[k] = value % 16;
    ords[k] = (value - (value % 16)) / 16;
  }
  return { ords, tiers };
}

/** Per investor, the worse of two tiers (a search ranks an investor by its worst word). */
export function maxInto(target: Uint8Array, other: Uint8Array): Uint8Array {
  for (let i = 0; i < target.length; i++)
    if ((other[i] as number) > (target[i] as number)) target[i] = other[i] as number;
  return target;
}
