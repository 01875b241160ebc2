/**
 * Task timings of the local Step Functions emulator (aws-local-stepfunctions, run in-process by the
 * local home): every Task's handler is wrapped to record how long it ran, so an import's time can
 * be split into its workflow steps. Only the emulator's StateMachine is patched; nothing in the
 * product changes.
 */
import { StateMachine } from 'aws-local-stepfunctions';

/** The task functions' timeout as deployed (the ASL's TimeoutSeconds and the Lambda timeout). */
export const DEPLOYED_TASK_TIMEOUT_SECONDS = 300;

export interface TaskRun {
  state: string;
  /** performance.now() when the task started. */
  start: number;
  ms: number;
  ok: boolean;
}

/** Every Task run since the patch was applied, in the order they ended. */
export const taskRuns: TaskRun[] = [];

type Handler = (input: unknown) => Promise<unknown>;
interface RunOptions {
  overrides?: { taskResourceLocalHandlers?: Record<string, Handler> };
}

const running = new Set<{ state: string; start: number }>();

/** The tasks running now and for how long, e.g. `MapBatch 41 s` (progress while waiting). */
export const runningTasks = (): string =>
  [...running].map((r) => `${r.state} ${((performance.now() - r.start) / 1000).toFixed(0)} s`).join(', ');

/** When the oldest running run of `state` started (performance.now()), or null when none runs. */
export function runningSince(state: string): number | null {
  const starts = [...running].filter((r) => r.state === state).map((r) => r.start);
  return starts.length > 0 ? Math.min(...starts) : null;
}

function timed(state: string, handler: Handler): Handler {
  return async (input) => {
    const entry = { state, start: performance.now() };
    running.add(entry);
    let ok = false;
    try {
      const output = await handler(input);
      ok = true;
      return output;
    } finally {
      running.delete(entry);
      taskRuns.push({ state, start: entry.start, ms: performance.now() - entry.start, ok });
    }
  };
}

let applied = false;

export function instrumentLocalWorkflows(): void {
  if (applied) return;
  applied = true;
  const prototype = StateMachine.prototype as unknown as {
    run: (this: unknown, input: unknown, options?: RunOptions) => unknown;
  };
  const run = prototype.run;
  prototype.run = function (this: unknown, input: unknown, options?: RunOptions) {
    const handlers = options?.overrides?.taskResourceLocalHandlers;
    if (!options?.overrides || !handlers) return run.call(this, input, options);
    const wrapped = Object.fromEntries(
      Object.entries(handlers).map(([state, handler]) => [state, timed(state, handler)]),
    );
    return run.call(this, input, {
      ...options,
      overrides: { ...options.overrides, taskResourceLocalHandlers: wrapped },
    });
  };
}

/** Total time and count of each Task state among the runs that started in [from, to]. */
export function taskTotals(
  from: number,
  to: number,
): Record<string, { runs: number; ms: number; longestMs: number }> {
  const totals: Record<string, { runs: number; ms: number; longestMs: number }> = {};
  for (const run of taskRuns) {
    if (run.start < from || run.start > to) continue;
    const entry = totals[run.state] ?? { runs: 0, ms: 0, longestMs: 0 };
    entry.runs++;
    entry.ms += run.ms;
    entry.longestMs = Math.max(entry.longestMs, run.ms);
    totals[run.state] = entry;
  }
  return totals;
}

/** When the first run of `state` in [from, to] started, or null. */
export function firstStart(state: string, from: number, to: number): number | null {
  const starts = taskRuns
    .filter((r) => r.state === state && r.start >= from && r.start <= to)
    .map((r) => r.start);
  return starts.length > 0 ? Math.min(...starts) : null;
}
