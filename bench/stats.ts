/**
 * Small helpers shared by the benchmarks: percentiles, timing, formatting and the one table that
 * `npm run bench` prints.
 */

/** The q-th percentile (0..100) of the samples, nearest-rank on the sorted values. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((q / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  samples: number;
}

export function latencyOf(samples: readonly number[]): Latency {
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    samples: samples.length,
  };
}

/** Runs `fn` `warmup` times untimed, then `runs` times timed in sequence; milliseconds per run. */
export async function timeRuns(
  runs: number,
  fn: () => Promise<unknown> | unknown,
  warmup = Math.min(20, Math.ceil(runs / 10)),
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const ms = (value: number): string =>
  Number.isNaN(value) ? 'n/a' : value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`;

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export const int = (value: number): string => Math.round(value).toLocaleString('en-US');

export const pcts = (l: Latency): string => `${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)}`;

/** A verdict against a budget: `ok`, `OVER` (missed) or empty (no budget). */
export type Verdict = 'ok' | 'OVER' | '';

export interface Row {
  area: string;
  measure: string;
  /** A short name for the summary line (default: the measure up to its first colon). */
  label?: string;
  figure: string;
  budget?: string;
  verdict?: Verdict;
}

export const verdict = (within: boolean): Verdict => (within ? 'ok' : 'OVER');

/** The rows collected during a run, in the order they were measured. */
export class Results {
  readonly rows: Row[] = [];
  readonly notes: string[] = [];

  add(row: Row): void {
    this.rows.push(row);
  }

  note(text: string): void {
    this.notes.push(text);
  }

  get missed(): Row[] {
    return this.rows.filter((r) => r.verdict === 'OVER');
  }
}

const escapeCell = (text: string) => text.replaceAll('|', '\\|');

/** The rows as one Markdown table, columns padded so it also reads well in a terminal. */
export function renderTable(rows: readonly Row[]): string {
  const header = ['Area', 'Measure', 'Figure', 'Budget', 'Verdict'];
  const cells = rows.map((r) =>
    [r.area, r.measure, r.figure, r.budget ?? '', r.verdict ?? ''].map(escapeCell),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]?.length ?? 0)));
  const line = (values: readonly string[]) =>
    `| ${values.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.map(line)].join('\n');
}
