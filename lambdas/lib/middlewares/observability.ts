import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj } from '@middy/core';
import { logger } from '../observability/logger';
import { metrics } from '../observability/metrics';
import { tracer } from '../observability/tracer';

/**
 * The first middlewares of every function, HTTP or not, in the order Powertools documents: the
 * tracer's segment around everything, the logger's Lambda context (request id, cold start, function
 * name) on every line with the keys a request appended dropped when it ends, and the metrics of the
 * invocation flushed in CloudWatch's embedded metric format (with a ColdStart metric on the first).
 */
export function observability(): MiddlewareObj[] {
  return [
    captureLambdaHandler(tracer, { captureResponse: false }),
    injectLambdaContext(logger, { resetKeys: true }),
    logMetrics(metrics, { captureColdStartMetric: true }),
  ] as MiddlewareObj[];
}
