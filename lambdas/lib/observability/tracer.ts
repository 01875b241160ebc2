import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj } from '@middy/core';
import { setClientInstrumentation } from '../clients/instrument';
import { SERVICE_NAME } from './logger';

/**
 * X-Ray tracing with Powertools Tracer, for the functions where it adds to what AWS already records
 * (Lambda's active tracing times each invocation, the state machines trace each step, API Gateway logs
 * each request's latency): the Stripe Connect function, whose requests wait on Stripe's API. Loading
 * X-Ray's SDK costs about 40 ms of every cold start, so the other functions do without it
 * (docs/decisions.md, "Tracing"). Outside Lambda (the local home, tests) Powertools turns tracing off
 * by itself.
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME });

/**
 * The tracer's middleware for a function's middy chain (its segment, annotated with the cold start),
 * and, from now on, a subsegment for every AWS SDK call of the function's clients and every outgoing
 * HTTPS request (the Stripe API).
 */
export function tracing(): MiddlewareObj {
  setClientInstrumentation((client) => tracer.captureAWSv3Client(client));
  return captureLambdaHandler(tracer, { captureResponse: false }) as MiddlewareObj;
}
