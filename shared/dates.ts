/**
 * Calendar arithmetic in UTC, one copy for the modules that count months (deploying now, the
 * shortlist's recency, monthly updates): month names, a day's UTC midnight, months before a day,
 * whole months between days, and the first and last day a partial date ('2025', '2025-12',
 * '2025-12-14') may mean. Pure. Writing dates for people is shared/format/dates.ts.
 */
import { PARTIAL_DATE } from './investors/fact-values';

/** The months' English names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The UTC midnight (ms) of `now`'s UTC day. */
export const utcDay = (now: Date): number =>
  Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/** The first and the last day (UTC ms) a partial date may mean; null for anything not a date. */
export function dateSpan(date: string): { first: number; last: number } | null {
  if (!PARTIAL_DATE.test(date)) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number | undefined, number | undefined];
  if (m === undefined) return { first: Date.UTC(y, 0, 1), last: Date.UTC(y, 11, 31) };
  if (d === undefined) return { first: Date.UTC(y, m - 1, 1), last: Date.UTC(y, m, 0) };
  const day = Date.UTC(y, m - 1, d);
  // '2025-02-31' passes the pattern: not a day.
  if (new Date(day).getUTCDate() !== d) return null;
  return { first: day, last: day };
}

/** The UTC day (ms) `months` months before `now`'s day (the 31st falls back to the month's last day). */
export function monthsBefore(now: Date, months: number): number {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() - months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(now.getUTCDate(), last));
}

/** Whole months from the day `from` (ms) to `now` (a month is counted when its day is reached); never negative. */
export function wholeMonths(from: number, now: Date): number {
  const a = new Date(from);
  let months = (now.getUTCFullYear() - a.getUTCFullYear()) * 12 + now.getUTCMonth() - a.getUTCMonth();
  if (now.getUTCDate() < a.getUTCDate()) months--;
  return Math.max(0, months);
}
