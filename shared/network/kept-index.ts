import type { NetworkIndex } from './match';

/**
 * Founders' indexed connections kept between the calls of one warm function (issue 52): indexing
 * 5,000 connections (folding each name and company) is most of a warm-path lookup, and a founder
 * paging through a shortlist asks for the same index call after call. Each is kept under a stamp of
 * what the founder keeps ({@link networkStamp}: their header's count and last upload): any upload or
 * deletion changes it, and the next call indexes afresh. A few founders at most, the oldest dropped
 * first: a function serves one request at a time, and the local home's one process serves everyone.
 */
export class KeptNetworkIndexes {
  private readonly kept = new Map<string, { stamp: string; index: NetworkIndex }>();

  constructor(private readonly capacity = 8) {}

  /** The founder's index if it was kept under this stamp. */
  get(userId: string, stamp: string): NetworkIndex | undefined {
    const kept = this.kept.get(userId);
    return kept?.stamp === stamp ? kept.index : undefined;
  }

  /** Keeps the founder's index under the stamp of what was read to build it; returns the index. */
  keep(userId: string, stamp: string, index: NetworkIndex): NetworkIndex {
    this.kept.delete(userId);
    this.kept.set(userId, { stamp, index });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.capacity) break;
      this.kept.delete(oldest);
    }
    return index;
  }
}

/** What a founder keeps, as a stamp: their count and their last upload's time. */
export const networkStamp = (header: { count: number; uploadedAt: string }): string =>
  `${header.count}@${header.uploadedAt}`;
