import { describe, expect, it } from 'vitest';
import {
  type DateStyle,
  EMAIL_DATE_STYLE,
  formatDate,
  formatDateTime,
  formatMonth,
} from '../../../shared/format/dates';
import { messages } from '../../../shared/messages';

const MS = Date.UTC(2026, 10, 26, 6, 42, 9);
const US_NEW_YORK: DateStyle = { locale: 'en-US', timeZone: 'America/New_York' };
const GB_LONDON: DateStyle = { locale: 'en-GB', timeZone: 'Europe/London' };
const DE_BERLIN: DateStyle = { locale: 'de-DE', timeZone: 'Europe/Berlin' };

describe('one way of writing a day (issue 32)', () => {
  it("writes '26 Nov 2026' in emails, from ms, ISO strings and Dates alike", () => {
    expect(formatDate(MS)).toBe('26 Nov 2026');
    expect(formatDate('2026-11-26T06:42:09.000Z', EMAIL_DATE_STYLE)).toBe('26 Nov 2026');
    expect(formatDate(new Date(MS))).toBe('26 Nov 2026');
  });

  it("writes the reader's own way in the app: their locale and their time zone", () => {
    expect(formatDate(MS, US_NEW_YORK)).toBe('Nov 26, 2026');
    expect(formatDate(MS, GB_LONDON)).toBe('26 Nov 2026');
    expect(formatDate(MS, DE_BERLIN)).toBe('26. Nov. 2026');
    // 02:00 UTC on the 26th is still the 25th in New York.
    expect(formatDate('2026-11-26T02:00:00Z', US_NEW_YORK)).toBe('Nov 25, 2026');
  });

  it('writes a calendar day as that day in every time zone, never the evening before', () => {
    expect(formatDate('2026-11-26', US_NEW_YORK)).toBe('Nov 26, 2026');
    expect(formatDate('2026-11-26', { locale: 'en-GB', timeZone: 'Pacific/Kiritimati' })).toBe('26 Nov 2026');
  });

  it('accepts offsets, microseconds, the epoch and 29 February', () => {
    expect(formatDate('2026-11-26T23:30:00-05:00')).toBe('27 Nov 2026');
    expect(formatDate('2026-11-26T06:42:09.123456Z')).toBe('26 Nov 2026');
    expect(formatDate(0)).toBe('1 Jan 1970');
    expect(formatDate('2024-02-29')).toBe('29 Feb 2024');
  });

  it.each([null, undefined, '', '   '])('shows N/A for the missing value %j', (value) => {
    expect(formatDate(value)).toBe(messages.notAvailable);
    expect(messages.notAvailable).toBe('N/A');
  });

  it.each([
    'not a date',
    '2023-02-29',
    '2024-02-30',
    '2024-13-01',
    '2024-00-10',
    '2024-03-07T24:30:00Z',
    '2024-03-07T12:60:00Z',
    '07/03/2024',
    'March 7, 2024',
    '1709820309000',
  ])('shows Invalid date for the malformed string %j', (value) => {
    expect(formatDate(value)).toBe('Invalid date');
    expect(messages.invalidDate).toBe('Invalid date');
  });

  it('shows Invalid date for NaN, infinite and out-of-range numbers and invalid Dates', () => {
    expect(formatDate(Number.NaN)).toBe(messages.invalidDate);
    expect(formatDate(Number.POSITIVE_INFINITY)).toBe(messages.invalidDate);
    expect(formatDate(8.64e15 + 1)).toBe(messages.invalidDate);
    expect(formatDate(new Date('nope'))).toBe(messages.invalidDate);
  });

  it('throws for an unknown time zone', () => {
    expect(() => formatDate(MS, { locale: 'en-GB', timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('one way of writing a moment', () => {
  it("says UTC in emails: '26 Nov 2026, 06:42 UTC'", () => {
    expect(formatDateTime(MS)).toBe('26 Nov 2026, 06:42 UTC');
    expect(formatDateTime('2026-11-26T18:05:00Z')).toBe('26 Nov 2026, 18:05 UTC');
  });

  it("writes the reader's own clock in the app, with no zone to read", () => {
    expect(formatDateTime(MS, US_NEW_YORK)).toBe('Nov 26, 2026, 1:42 AM');
    expect(formatDateTime(MS, GB_LONDON)).toBe('26 Nov 2026, 06:42');
  });

  it('writes a plain space before AM/PM', () => {
    expect(formatDateTime(MS, US_NEW_YORK)).not.toMatch(/[\u202f\u00a0]/);
  });

  it('shows N/A when missing and Invalid date when malformed', () => {
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime(undefined)).toBe('N/A');
    expect(formatDateTime('')).toBe('N/A');
    expect(formatDateTime('yesterday')).toBe('Invalid date');
    expect(formatDateTime(Number.NaN)).toBe('Invalid date');
  });
});

describe('a month', () => {
  it("writes '2026-03' as 'Mar 2026', and a date's month alike", () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonth(MS, US_NEW_YORK)).toBe('Nov 2026');
    expect(formatMonth('2026-13')).toBe('Invalid date');
    expect(formatMonth(null)).toBe('N/A');
  });
});
