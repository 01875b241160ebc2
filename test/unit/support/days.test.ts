import { afterEach, describe, expect, it, vi } from 'vitest';
import { utcDaysSince } from '../../support/days';

describe('the UTC days since a test began (for dates the server writes as "today")', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the one day when the test began and checks on it', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T18:00:00.000Z'), toFake: ['Date'] });

    expect(utcDaysSince(new Date('2026-11-27T00:00:00.000Z'))).toEqual(['2026-11-27']);
  });

  it('is both days when the test ran across midnight, and every day of a longer span', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T00:00:01.000Z'), toFake: ['Date'] });

    expect(utcDaysSince(new Date('2026-11-27T23:59:59.000Z'))).toEqual(['2026-11-27', '2026-11-28']);
    expect(utcDaysSince(new Date('2026-11-25T12:00:00.000Z'))).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
  });
});
