import { afterEach, describe, expect, it } from 'vitest';
import { LocalMetricsSink } from '../../../infra/local/metrics-sink';

/** An embedded metric line as Powertools prints it. */
const metricLine = (name: string) =>
  `${JSON.stringify({
    _aws: {
      Timestamp: 0,
      CloudWatchMetrics: [
        { Namespace: 'InvestorDirectory', Dimensions: [[]], Metrics: [{ Name: name, Unit: 'Count' }] },
      ],
    },
    [name]: 1,
  })}\n`;

describe('the local metrics sink', () => {
  const sink = new LocalMetricsSink();
  afterEach(() => sink.uninstall());

  it("keeps the metric lines a function prints, and prints a line written while no function runs (a test runner's)", () => {
    let running = false;
    sink.install(() => running);

    running = true;
    process.stdout.write(metricLine('CartSaved'));
    running = false;
    process.stdout.write(metricLine('ColdStart'));

    expect(sink.kept().map((record) => Object.keys(record).find((key) => key !== '_aws'))).toEqual([
      'CartSaved',
    ]);
  });
});
