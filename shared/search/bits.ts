/** Bit sets over investor ordinals: the postings a search ANDs, counts and walks. */

export type Bits = Uint32Array;

export function popcount(bits: Bits): number {
  let total = 0;
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i] as number;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

export const has = (bits: Bits, ord: number): boolean =>
  ((bits[ord >>> 5] as number) & (1 << (ord & 31))) !== 0;

export function set(bits: Bits, ord: number): void {
  bits[ord >>> 5] = (bits[ord >>> 5] as number) | (1 << (ord & 31));
}

export function popcountAnd(a: Bits, b: Bits): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) {
    let v = (a[i] as number) & (b[i] as number);
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

export function andInto(target: Bits, other: Bits): void {
  for (let i = 0; i < target.length; i++) target[i] = (target[i] as number) & (other[i] as number);
}

export function lowerBound(sorted: Uint32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** FNV-1a over a range of bytes (the ids' hash table). */
export function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  return hash >>> 0;
}
