import { describe, expect, it } from 'vitest';
import { dateSpan, MONTH_NAMES, monthsBefore, utcDay, wholeMonths } from '../../shared/dates';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('shared/dates', () => {
  it('names the twelve months, January first', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(MONTH_NAMES[0]).toBe('January');
    expect(MONTH_NAMES[11]).toBe('December');
  });

  it('takes the UTC midnight of an instant', () => {
    expect(utcDay(new Date('2026-12-03T23:59:59Z'))).toBe(day('2026-12-03'));
    expect(utcDay(new Date('2026-12-03T00:00:00+05:00'))).toBe(day('2026-12-02'));
  });

  it('spans a partial date from its earliest to its latest day', () => {
    expect(dateSpan('2025')).toEqual({ first: day('2025-01-01'), last: day('2025-12-31') });
    expect(dateSpan('2025-12')).toEqual({ first: day('2025-12-01'), last: day('2025-12-31') });
    expect(dateSpan('2024-02')).toEqual({ first: day('2024-02-01'), last: day('2024-02-29') });
    expect(dateSpan('2025-02')).toEqual({ first: day('2025-02-01'), last: day('2025-02-28') });
    expect(dateSpan('2025-03-14')).toEqual({ first: day('2025-03-14'), last: day('2025-03-14') });
  });

  it('has no span for what is not a date', () => {
    for (const bad of ['2025-02-31', '2025-13', '25-03', 'March 2025', '', '2025-3'])
      expect(dateSpan(bad)).toBeNull();
  });

  it('counts months back, across years, falling back to the month end', () => {
    expect(monthsBefore(new Date('2026-12-03T10:00:00Z'), 12)).toBe(day('2025-12-03'));
    expect(monthsBefore(new Date('2026-02-15T00:00:00Z'), 3)).toBe(day('2025-11-15'));
    expect(monthsBefore(new Date('2026-03-31T00:00:00Z'), 1)).toBe(day('2026-02-28'));
    expect(monthsBefore(new Date('2024-03-31T00:00:00Z'), 1)).toBe(day('2024-02-29'));
    expect(monthsBefore(new Date('2026-05-31T00:00:00Z'), 0)).toBe(day('2026-05-31'));
  });

  it('counts whole months, a month only once its day is reached, never below zero', () => {
    expect(wholeMonths(day('2025-06-15'), new Date('2026-12-14T00:00:00Z'))).toBe(17);
    expect(wholeMonths(day('2025-06-15'), new Date('2026-12-15T00:00:00Z'))).toBe(18);
    expect(wholeMonths(day('2026-12-01'), new Date('2026-12-03T00:00:00Z'))).toBe(0);
    expect(wholeMonths(day('2027-01-01'), new Date('2026-12-03T00:00:00Z'))).toBe(0);
  });
});
