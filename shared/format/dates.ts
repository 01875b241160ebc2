/**
 * Date display (spec sections 5 and 9): DD/MM/YYYY by default, a US-style date and time for realtime
 * values, 'N/A' when a date is missing and 'Invalid date' when it is malformed.
 *
 * Both formatters take a time zone, defaulting to 'UTC' so results do not depend on where the code runs;
 * the web app passes the user's zone where local time matters.
 */
import { messages } from '../messages';

/** What the formatters accept: ms since the epoch, an ISO 8601 string or a Date. */
export type DateInput = number | string | Date | null | undefined;

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/**
 * Strings must be ISO 8601 dates ('2024-03-07') or date-times with an optional offset
 * ('2024-03-07T14:05:00Z'); impossible dates such as '2024-02-30' count as malformed. As in ECMAScript, a
 * date-only string is UTC midnight and a date-time without an offset is local time.
 */
function toDate(value: number | string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') {
    const date = new Date(value);
    return Number.isFinite(value) && !Number.isNaN(date.getTime()) ? date : null;
  }
  const text = value.trim();
  const match = ISO_PATTERN.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (Number(h ?? 0) > 23 || Number(mi ?? 0) > 59 || Number(s ?? 0) > 59) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

function isMissing(value: DateInput): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, key: string, make: () => Intl.DateTimeFormat) {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/**
 * DD/MM/YYYY in `timeZone` (default 'UTC'), e.g. '07/03/2024'. 'N/A' for null, undefined or a blank string;
 * 'Invalid date' for anything that is not a valid date.
 *
 * @throws RangeError for an unknown time zone.
 */
export function formatDate(value: DateInput, timeZone = 'UTC'): string {
  if (isMissing(value)) return messages.notAvailable;
  const date = toDate(value);
  if (!date) return messages.invalidDate;
  const format = cached(
    dayFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  );
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/**
 * The realtime format: US-locale date with hour and minute in `timeZone` (default 'UTC'), e.g.
 * '03/07/2024, 2:05 PM'. The narrow no-break space some runtimes put before AM/PM is written as a plain
 * space, so every runtime gives the same text. Missing and malformed values as {@link formatDate}.
 *
 * @throws RangeError for an unknown time zone.
 */
export function formatDateTime(value: DateInput, timeZone = 'UTC'): string {
  if (isMissing(value)) return messages.notAvailable;
  const date = toDate(value);
  if (!date) return messages.invalidDate;
  const format = cached(
    dateTimeFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: 'numeric',
        minute: '2-digit',
      }),
  );
  return format.format(date).replace(/[\u202f\u00a0]/g, ' ');
}
