import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger, SERVICE_NAME } from './logger';

/** The CloudWatch namespace of the product's business metrics. */
export const METRICS_NAMESPACE = 'InvestorDirectory';

/**
 * The business events an operator watches (docs/operations.md, "What to watch"). Each is a count,
 * published in CloudWatch's embedded metric format at the end of the invocation that saw it.
 */
export const BUSINESS_METRICS = [
  'CartSaved',
  'PaymentAccepted',
  'PaymentFlagged',
  'DeliveryCompleted',
  'DeliveryFailed',
  /** Paid carts with no delivery running or finished (the watch of paid carts; an alarm fires on it). */
  'StuckPaidCarts',
  'ImportRowsImported',
  'ImportRowsRejected',
  'PodcastVote',
] as const;
export type BusinessMetric = (typeof BUSINESS_METRICS)[number];

/**
 * One metrics buffer per process, flushed by the `logMetrics` middleware after every invocation.
 * Powertools' own notices (such as "No application metrics to publish" after a request that recorded
 * none, which is normal here) go to the logger at error level only.
 */
export const metrics = new Metrics({
  namespace: METRICS_NAMESPACE,
  serviceName: SERVICE_NAME,
  logger: logger.createChild({ logLevel: 'ERROR' }),
});

/** Counts a business event (one, or `count` of them) in the current invocation's metrics. */
export function countBusinessEvent(name: BusinessMetric, count = 1): void {
  if (count > 0) metrics.addMetric(name, MetricUnit.Count, count);
}
