import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { MiddlewareObj } from '@middy/core';
import { logger } from '../observability/logger';
import { metrics } from '../observability/metrics';

/**
 * The first middlewares of every function, HTTP or not, in the order Powertools documents: the
 * logger's Lambda context (request id, cold start, function name) on every line with the keys a
 * request appended dropped when it ends, and the metrics of the invocation flushed in CloudWatch's
 * embedded metric format (with a ColdStart metric on the first).
 */
export function observability(): MiddlewareObj[] {
  return [
    injectLambdaContext(logger, { resetKeys: true }),
    logMetrics(metrics, { captureColdStartMetric: true }),
  ] as MiddlewareObj[];
}
