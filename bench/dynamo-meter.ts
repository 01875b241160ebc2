/**
 * What the handlers ask of DynamoDB while a benchmark runs, seen through a middleware on the one
 * client they share in this process (the product's code is not touched):
 * - a meter: requests, items and time per operation;
 * - a scan breaker: once tripped, every new Scan fails at once. The benchmark uses it to stop
 *   aggregation's full-table scan, which DynamoDB Local cannot finish at 100,000 investors (its Scan
 *   pages get slower as the table grows), so the rest of the run is not measured beside it.
 */
import { documentClient } from '../lambdas/lib/clients/dynamodb';

export interface OperationStats {
  requests: number;
  /** Items written (batch writes), keys asked for (batch gets) or items returned (queries, scans). */
  items: number;
  /** Items read by Scans before their filter (ScannedCount). */
  scanned: number;
  /** Sum of request latencies (requests overlap, so this can exceed the wall time). */
  ms: number;
}

export type DynamoStats = Record<string, OperationStats>;

const METER = 'benchDynamoMeter';
const BREAKER = 'benchScanBreaker';

function countItems(input: unknown, output: unknown): number {
  const request = input as {
    RequestItems?: Record<string, unknown[] | { Keys?: unknown[] }>;
  };
  if (request.RequestItems) {
    return Object.values(request.RequestItems).reduce<number>(
      (n, entry) => n + (Array.isArray(entry) ? entry.length : (entry.Keys?.length ?? 0)),
      0,
    );
  }
  const result = output as { Count?: number } | undefined;
  return typeof result?.Count === 'number' ? result.Count : 1;
}

const operation = (commandName: unknown) => String(commandName ?? 'unknown').replace(/Command$/, '');

export function meterDynamo() {
  const stats = new Map<string, OperationStats>();
  const stack = documentClient().middlewareStack;
  stack.add(
    (next, context) => async (args) => {
      const start = performance.now();
      const result = await next(args);
      const name = operation(context.commandName);
      const entry = stats.get(name) ?? { requests: 0, items: 0, scanned: 0, ms: 0 };
      entry.requests++;
      entry.items += countItems(args.input, result.output);
      const scanned = (result.output as { ScannedCount?: number } | undefined)?.ScannedCount;
      if (typeof scanned === 'number') entry.scanned += scanned;
      entry.ms += performance.now() - start;
      stats.set(name, entry);
      return result;
    },
    { step: 'initialize', name: METER, override: true },
  );
  const snapshot = (): DynamoStats => Object.fromEntries([...stats].map(([k, v]) => [k, { ...v }]));
  return {
    snapshot,
    stop(): DynamoStats {
      stack.remove(METER);
      return snapshot();
    },
  };
}

export class ScanStoppedByBenchmark extends Error {
  override readonly name = 'ScanStoppedByBenchmark';
}

/** While tripped, every new Scan fails with ScanStoppedByBenchmark (requests in flight finish). */
export function scanBreaker() {
  let tripped = false;
  const stack = documentClient().middlewareStack;
  stack.add(
    (next, context) => async (args) => {
      if (tripped && operation(context.commandName) === 'Scan')
        throw new ScanStoppedByBenchmark('The benchmark stopped this scan');
      return next(args);
    },
    { step: 'initialize', name: BREAKER, override: true },
  );
  return {
    trip() {
      tripped = true;
    },
    remove() {
      tripped = false;
      stack.remove(BREAKER);
    },
  };
}

/** What happened between two snapshots. */
export function difference(after: DynamoStats, before: DynamoStats): DynamoStats {
  const result: DynamoStats = {};
  for (const [name, a] of Object.entries(after)) {
    const b = before[name] ?? { requests: 0, items: 0, scanned: 0, ms: 0 };
    if (a.requests === b.requests) continue;
    result[name] = {
      requests: a.requests - b.requests,
      items: a.items - b.items,
      scanned: a.scanned - b.scanned,
      ms: a.ms - b.ms,
    };
  }
  return result;
}

/** `BatchWriteItem 120 req / 3,000 items / 41 ms per req; …` */
export function describeStats(stats: DynamoStats): string {
  return Object.entries(stats)
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(
      ([name, s]) =>
        `${name} ${s.requests.toLocaleString('en-US')} req / ${s.items.toLocaleString('en-US')} items / ${(s.ms / s.requests).toFixed(0)} ms per req`,
    )
    .join('; ');
}
