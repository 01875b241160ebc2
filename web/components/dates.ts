import {
  type DateInput,
  type DateStyle,
  formatDate,
  formatDateTime,
  formatMonth,
} from '../../shared/format/dates';

/**
 * Dates as this browser's user writes them (issue 32): their locale and time zone, through the one
 * helper (shared/format/dates.ts) the emails use with a fixed style.
 */
export function localDateStyle(): DateStyle {
  const locale = typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en-US';
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  try {
    // A locale the runtime does not know (a browser setting) falls back to US English.
    new Intl.DateTimeFormat(locale);
    return { locale, timeZone };
  } catch {
    return { locale: 'en-US', timeZone };
  }
}

/** '26 Nov 2026' or 'Nov 26, 2026', as the user's locale writes a day. */
export const showDate = (value: DateInput): string => formatDate(value, localDateStyle());

/** 'Nov 26, 2026, 6:42 AM' in the user's own time zone. */
export const showDateTime = (value: DateInput): string => formatDateTime(value, localDateStyle());

/** 'Mar 2026'. */
export const showMonth = (value: DateInput): string => formatMonth(value, localDateStyle());
