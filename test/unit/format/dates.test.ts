import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../shared/format/dates';
import { messages } from '../../../shared/messages';

const MS = Date.UTC(2024, 2, 7, 14, 5, 9);

describe('formatDate', () => {
  it('formats ms, ISO strings and Dates as DD/MM/YYYY', () => {
    expect(formatDate(MS)).toBe('07/03/2024');
    expect(formatDate('2024-03-07T14:05:09.000Z')).toBe('07/03/2024');
    expect(formatDate(new Date(MS))).toBe('07/03/2024');
  });

  it('reads a date-only ISO string as that calendar day', () => {
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
  });

  it('accepts offsets and microseconds', () => {
    expect(formatDate('2024-03-07T23:30:00-05:00')).toBe('08/03/2024');
    expect(formatDate('2024-03-07T14:05:09.123456Z')).toBe('07/03/2024');
  });

  it('uses the given time zone', () => {
    expect(formatDate('2024-03-07T23:30:00Z', 'Asia/Tokyo')).toBe('08/03/2024');
    expect(formatDate('2024-03-07T02:00:00Z', 'America/New_York')).toBe('06/03/2024');
  });

  it('formats the epoch and dates before it', () => {
    expect(formatDate(0)).toBe('01/01/1970');
    expect(formatDate(Date.UTC(1969, 6, 20))).toBe('20/07/1969');
  });

  it('accepts 29 February in a leap year', () => {
    expect(formatDate('2024-02-29')).toBe('29/02/2024');
  });

  it.each([null, undefined, '', '   '])('shows N/A for the missing value %j', (value) => {
    expect(formatDate(value)).toBe('N/A');
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
  });

  it('shows Invalid date for NaN, infinite and out-of-range numbers and invalid Dates', () => {
    expect(formatDate(Number.NaN)).toBe(messages.invalidDate);
    expect(formatDate(Number.POSITIVE_INFINITY)).toBe(messages.invalidDate);
    expect(formatDate(8.64e15 + 1)).toBe(messages.invalidDate);
    expect(formatDate(new Date('nope'))).toBe(messages.invalidDate);
  });

  it('throws for an unknown time zone', () => {
    expect(() => formatDate(MS, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it('formats date, hour and minute in the US style, in UTC by default', () => {
    expect(formatDateTime(MS)).toBe('03/07/2024, 2:05 PM');
    expect(formatDateTime('2024-03-07T00:05:00Z')).toBe('03/07/2024, 12:05 AM');
    expect(formatDateTime(new Date(Date.UTC(2024, 11, 31, 23, 59)))).toBe('12/31/2024, 11:59 PM');
  });

  it('uses the given time zone', () => {
    expect(formatDateTime(MS, 'America/New_York')).toBe('03/07/2024, 9:05 AM');
  });

  it('writes a plain space before AM/PM', () => {
    expect(formatDateTime(MS)).not.toMatch(/[\u202f\u00a0]/);
  });

  it('shows N/A when missing and Invalid date when malformed', () => {
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime(undefined)).toBe('N/A');
    expect(formatDateTime('')).toBe('N/A');
    expect(formatDateTime('yesterday')).toBe('Invalid date');
    expect(formatDateTime(Number.NaN)).toBe('Invalid date');
  });
});
