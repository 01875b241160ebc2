/** A small deterministic PRNG (mulberry32), so every fresh clone gets the same demo directory. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws from a deterministic stream: items, weighted items, and several distinct weighted items. */
export class Draw {
  constructor(readonly random: () => number) {}

  /** One item, each as likely as the others. */
  one<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.random() * items.length)];
    if (item === undefined) throw new Error('Nothing to draw from');
    return item;
  }

  /** One item, in proportion to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let left = this.random() * total;
    for (const [item, weight] of items) {
      left -= weight;
      if (left < 0) return item;
    }
    const last = items.at(-1);
    if (!last) throw new Error('Nothing to draw from');
    return last[0];
  }

  /** `count` distinct items, each drawn in proportion to its weight among those left. */
  distinct<T>(items: readonly (readonly [T, number])[], count: number): T[] {
    const left = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && left.length > 0) {
      const item = this.weighted(left);
      chosen.push(item);
      left.splice(
        left.findIndex(([candidate]) => candidate === item),
        1,
      );
    }
    return chosen;
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.random() < p;
  }
}

/** Zipf-like weights: the item of rank k (from 1) weighs 1 / k^exponent. */
export function zipf<T>(items: readonly T[], exponent = 1): [T, number][] {
  return items.map((item, i) => [item, 1 / (i + 1) ** exponent]);
}
