/**
 * Two things the benchmark does to the local Step Functions emulator (aws-local-stepfunctions, run
 * in-process by the local home), on the emulator's StateMachine only; nothing in the product changes:
 *
 * 1. Task timeouts. The ASL files set no `TimeoutSeconds`, so Step Functions on AWS waits for the
 *    task's Lambda (which stops at its own timeout, 5 minutes in infra/constructs/workflows.ts), but
 *    the emulator fails any Task after 60 seconds (`DEFAULT_TIMEOUT_SECONDS = 60`). `mapBatch` works
 *    for a 60-second budget and then finishes its page, so locally every import whose mapping takes
 *    over a minute fails with States.Timeout (about 15,000 rows on the benchmark machine), and
 *    aggregation, which has no budget, fails once it scans for longer than the timeout. The benchmark
 *    gives Tasks Lambda's maximum, 15 minutes, so the import is measured to the end; every task that
 *    ran longer than the deployed 5 minutes is reported (it would not finish on AWS as deployed,
 *    unless DynamoDB there is that much faster).
 * 2. Task timings. Every Task's handler is wrapped to record how long it ran, so the import's time
 *    can be split into its workflow steps.
 */
import { StateMachine } from 'aws-local-stepfunctions';

/** Lambda's maximum; the emulator's Tasks get it when the ASL sets no timeout. */
export const LOCAL_TASK_TIMEOUT_SECONDS = 900;
/** The task functions' Lambda timeout as deployed (infra/constructs/workflows.ts). */
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

interface State {
  Type?: string;
  TimeoutSeconds?: number;
  TimeoutSecondsPath?: string;
  Iterator?: { States?: Record<string, State> };
  ItemProcessor?: { States?: Record<string, State> };
  Branches?: { States?: Record<string, State> }[];
}

type Handler = (input: unknown) => Promise<unknown>;
interface RunOptions {
  overrides?: { taskResourceLocalHandlers?: Record<string, Handler> };
}
interface Machine {
  definition: { States?: Record<string, State> };
}

function withTaskTimeouts(states: Record<string, State> | undefined): void {
  for (const state of Object.values(states ?? {})) {
    if (state.Type === 'Task' && state.TimeoutSeconds === undefined && state.TimeoutSecondsPath === undefined)
      state.TimeoutSeconds = LOCAL_TASK_TIMEOUT_SECONDS;
    withTaskTimeouts(state.Iterator?.States);
    withTaskTimeouts(state.ItemProcessor?.States);
    for (const branch of state.Branches ?? []) withTaskTimeouts(branch.States);
  }
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
    run: (this: Machine, input: unknown, options?: RunOptions) => unknown;
  };
  const run = prototype.run;
  prototype.run = function (this: Machine, input: unknown, options?: RunOptions) {
    withTaskTimeouts(this.definition.States);
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
