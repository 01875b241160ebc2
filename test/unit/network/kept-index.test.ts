import { describe, expect, it } from 'vitest';
import { KeptNetworkIndexes, networkStamp } from '../../../shared/network/kept-index';
import { indexConnections } from '../../../shared/network/match';

const connection = (name: string) => ({
  name,
  company: 'Acme',
  position: null,
  email: null,
  linkedinUrl: null,
});
const indexOf = (name: string) => indexConnections([connection(name)]);

describe("a warm function's kept network indexes", () => {
  it('gives a founder their index back while the stamp of what they keep is the same', () => {
    const kept = new KeptNetworkIndexes();
    const index = indexOf('Ana Lima');
    const stamp = networkStamp({ count: 1, uploadedAt: '2026-12-03T10:00:00.000Z' });
    expect(kept.get('ana', stamp)).toBeUndefined();
    expect(kept.keep('ana', stamp, index)).toBe(index);
    expect(kept.get('ana', stamp)).toBe(index);
  });

  it('never gives an index kept under another stamp (an upload or a deletion since), nor another founder’s', () => {
    const kept = new KeptNetworkIndexes();
    kept.keep('ana', networkStamp({ count: 1, uploadedAt: '2026-12-03T10:00:00.000Z' }), indexOf('Ana Lima'));
    expect(
      kept.get('ana', networkStamp({ count: 2, uploadedAt: '2026-12-03T10:00:00.000Z' })),
    ).toBeUndefined();
    expect(
      kept.get('ana', networkStamp({ count: 1, uploadedAt: '2026-12-03T11:00:00.000Z' })),
    ).toBeUndefined();
    expect(
      kept.get('ben', networkStamp({ count: 1, uploadedAt: '2026-12-03T10:00:00.000Z' })),
    ).toBeUndefined();
  });

  it('keeps a founder once, under the newest stamp, and drops the oldest founders past its room', () => {
    const kept = new KeptNetworkIndexes(2);
    kept.keep('ana', 'a1', indexOf('Ana Lima'));
    const newer = kept.keep('ana', 'a2', indexOf('Ana Lima'));
    expect(kept.get('ana', 'a1')).toBeUndefined();
    expect(kept.get('ana', 'a2')).toBe(newer);
    kept.keep('ben', 'b1', indexOf('Ben Okafor'));
    kept.keep('cleo', 'c1', indexOf('Cleo Diaz'));
    expect(kept.get('ana', 'a2')).toBeUndefined();
    expect(kept.get('ben', 'b1')).toBeDefined();
    expect(kept.get('cleo', 'c1')).toBeDefined();
  });
});
