/**
 * Dates and times, written one way across the app and its emails (issue 32): the day, the month's
 * short name and the year ('26 Nov 2026'), a time with hour and minute ('26 Nov 2026, 06:42 UTC'),
 * each in the reader's locale (`Intl.DateTimeFormat`): the web app passes the browser's locale and
 * time zone (web/components/dates.ts), emails a fixed style, {@link EMAIL_DATE_STYLE}, whose times say
 * UTC. 'N/A' when a date is missing and 'Invalid date' when it is malformed (spec section 5).
 *
 * A date without a time ('2026-11-26') is a calendar day: it is written as that day in every time
 * zone, never as the evening before.
 */
import { messages } from '../messages';

/** Whose way of writing dates: a BCP 47 locale and an IANA time zone. */
export interface DateStyle {
  readonly locale: string;
  readonly timeZone: string;
}

/**
 * Emails (and anything else read away from the app): '26 Nov 2026' and '26 Nov 2026, 06:42 UTC',
 * unambiguous wherever the reader lives, the time zone stated.
 */
export const EMAIL_DATE_STYLE: DateStyle = { locale: 'en-GB', timeZone: 'UTC' };

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

const isCalendarDay = (value: DateInput) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim());

function isMissing(value: DateInput): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** '06:42' on a 24-hour clock, '6:42 AM' on a 12-hour one, as the locale reads a time. */
function hourStyle(locale: string): 'numeric' | '2-digit' {
  const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
  return hourCycle === 'h23' || hourCycle === 'h24' ? '2-digit' : 'numeric';
}

function format(kind: 'date' | 'dateTime' | 'month', style: DateStyle): Intl.DateTimeFormat {
  const key = `${kind}|${style.locale}|${style.timeZone}`;
  let made = formats.get(key);
  if (!made) {
    const { locale, timeZone } = style;
    made = new Intl.DateTimeFormat(
      locale,
      kind === 'date'
        ? { timeZone, day: 'numeric', month: 'short', year: 'numeric' }
        : kind === 'month'
          ? { timeZone, month: 'short', year: 'numeric' }
          : {
              timeZone,
              day: 'numeric',
              month: 'short',
              year: 'numeric',
              hour: hourStyle(locale),
              minute: '2-digit',
            },
    );
    formats.set(key, made);
  }
  return made;
}

/** Some runtimes put a narrow no-break space before AM/PM: a plain space reads the same everywhere. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * A day: '26 Nov 2026' (en-GB), 'Nov 26, 2026' (en-US), in `style`'s locale and time zone (default
 * {@link EMAIL_DATE_STYLE}). 'N/A' for null, undefined or a blank string; 'Invalid date' for anything
 * that is not a valid date.
 *
 * @throws RangeError for an unknown time zone or locale.
 */
export function formatDate(value: DateInput, style: DateStyle = EMAIL_DATE_STYLE): string {
  if (isMissing(value)) return messages.notAvailable;
  const date = toDate(value);
  if (!date) return messages.invalidDate;
  const zone = isCalendarDay(value) ? { ...style, timeZone: 'UTC' } : style;
  return plainSpaces(format('date', zone).format(date));
}

/**
 * A moment: '26 Nov 2026, 06:42 UTC' (en-GB, UTC), 'Nov 26, 2026, 6:42 AM' (en-US, the reader's own
 * zone). A time in UTC says so; a time in the reader's own zone needs no label. Missing and malformed
 * values as {@link formatDate}.
 *
 * @throws RangeError for an unknown time zone or locale.
 */
export function formatDateTime(value: DateInput, style: DateStyle = EMAIL_DATE_STYLE): string {
  if (isMissing(value)) return messages.notAvailable;
  const date = toDate(value);
  if (!date) return messages.invalidDate;
  const text = plainSpaces(format('dateTime', style).format(date));
  return style.timeZone === 'UTC' ? `${text} UTC` : text;
}

/**
 * A month: 'Mar 2026' (en-GB and en-US alike), from a month ('2026-03') or any date input. Missing and
 * malformed values as {@link formatDate}.
 */
export function formatMonth(value: DateInput, style: DateStyle = EMAIL_DATE_STYLE): string {
  const month =
    typeof value === 'string' && /^\d{4}-\d{2}$/.test(value.trim()) ? `${value.trim()}-01` : value;
  if (isMissing(month)) return messages.notAvailable;
  const date = toDate(month);
  if (!date) return messages.invalidDate;
  const zone = isCalendarDay(month) ? { ...style, timeZone: 'UTC' } : style;
  return plainSpaces(format('month', zone).format(date));
}
