import * as z from 'zod/mini';

/**
 * The counts of each outcome over a paging workflow's pages so far (null on the first page): each
 * page adds its own, and the execution's output says what the whole run did. The weekly summaries,
 * the pipeline reminders and the saved-search alerts pass them through their ASL's Parameters and
 * ResultSelector.
 */
export const pageTotals = z.nullable(z.record(z.string(), z.number()));

/** The run's counts so far plus this page's. */
export function addUp(
  totals: Record<string, number> | null,
  outcomes: Record<string, number>,
): Record<string, number> {
  const sum = { ...totals };
  for (const [outcome, count] of Object.entries(outcomes)) sum[outcome] = (sum[outcome] ?? 0) + count;
  return sum;
}
