const DAY_MS = 86_400_000;

/**
 * The UTC days (`YYYY-MM-DD`) from `since` to now: one, or two for a test that ran across midnight.
 * A test that compares a date the server wrote with "today" accepts any of them, so the clock's
 * midnight never fails it.
 */
export function utcDaysSince(since: Date): string[] {
  const days: string[] = [];
  const first = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate());
  for (let day = first; day <= Date.now(); day += DAY_MS) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}
