import type { ExtraRoute } from './gateway';

/** One metric line in CloudWatch's embedded metric format, as a handler printed it. */
export interface EmbeddedMetricRecord {
  _aws: {
    Timestamp: number;
    CloudWatchMetrics: {
      Namespace: string;
      Dimensions: string[][];
      Metrics: { Name: string; Unit: string }[];
    }[];
  };
  [key: string]: unknown;
}

const isEmbeddedMetric = (value: unknown): value is EmbeddedMetricRecord =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { _aws?: { CloudWatchMetrics?: unknown } })._aws?.CloudWatchMetrics);

/**
 * The local home's stand-in for CloudWatch's ingestion of embedded metrics: on AWS, Lambda sends a
 * function's stdout to CloudWatch Logs, which turns every line in the embedded metric format into
 * metrics. Here the handlers run in this process, so their stdout is this process's: the sink keeps
 * each such line (instead of printing it) and serves them at `GET /local/metrics`, where tests read
 * the business metrics a request published. Every other line is printed as before, and so is a line
 * printed while no function runs (`isFunctionRunning`): a test runner that prints its workers' output
 * through this process's stdout (vitest) must not add the metrics of handlers those tests call
 * directly.
 */
export class LocalMetricsSink {
  private readonly records: EmbeddedMetricRecord[] = [];
  private restore: (() => void) | undefined;

  install(isFunctionRunning: () => boolean): void {
    if (this.restore) return;
    const stdout = process.stdout;
    const original = stdout.write.bind(stdout) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : null;
      if (text === null || !text.includes('"_aws"') || !isFunctionRunning()) return original(chunk, ...rest);
      const kept = text.split('\n').filter((line) => !this.keep(line));
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      if (kept.join('').trim() === '') {
        callback?.();
        return true;
      }
      return original(kept.join('\n'), ...rest);
    }) as typeof stdout.write;
    this.restore = () => {
      stdout.write = original as typeof stdout.write;
    };
  }

  uninstall(): void {
    this.restore?.();
    this.restore = undefined;
  }

  private keep(line: string): boolean {
    if (!line.startsWith('{')) return false;
    try {
      const value: unknown = JSON.parse(line);
      if (!isEmbeddedMetric(value)) return false;
      this.records.push(value);
      return true;
    } catch {
      return false;
    }
  }

  /** Every embedded metric line kept so far, oldest first. */
  kept(): readonly EmbeddedMetricRecord[] {
    return this.records;
  }

  /** `GET /local/metrics`: every embedded metric line kept so far, oldest first. */
  route(): ExtraRoute {
    return async (req, _body, res) => {
      if (req.method !== 'GET' || !(req.url ?? '').startsWith('/local/metrics')) return false;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ metrics: this.kept() }));
      return true;
    };
  }
}
