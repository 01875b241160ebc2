import type { EmbeddedMetricRecord } from '../../../infra/local/metrics-sink';
import { localHome } from './home';

/** The embedded metric lines the handlers have printed so far (the local home keeps them, as CloudWatch would). */
export async function publishedMetrics(): Promise<EmbeddedMetricRecord[]> {
  const response = await fetch(`${localHome.urls.gateway}/local/metrics`);
  return ((await response.json()) as { metrics: EmbeddedMetricRecord[] }).metrics;
}

/** The sum of one metric over every line published so far, with the namespace it was published in. */
export async function metricTotal(name: string): Promise<{ total: number; namespaces: string[] }> {
  let total = 0;
  const namespaces = new Set<string>();
  for (const record of await publishedMetrics()) {
    for (const directive of record._aws.CloudWatchMetrics) {
      if (!directive.Metrics.some((m) => m.Name === name)) continue;
      namespaces.add(directive.Namespace);
      const value = record[name];
      total += Array.isArray(value) ? value.reduce((a: number, b: number) => a + b, 0) : Number(value);
    }
  }
  return { total, namespaces: [...namespaces] };
}

/** Runs `act` and returns how much the metric grew meanwhile. */
export async function metricGrowth(name: string, act: () => Promise<unknown>): Promise<number> {
  const before = (await metricTotal(name)).total;
  await act();
  return (await metricTotal(name)).total - before;
}
