import { Tracer } from '@aws-lambda-powertools/tracer';
import { setClientInstrumentation } from '../clients/instrument';
import { SERVICE_NAME } from './logger';

/**
 * X-Ray tracing with Powertools Tracer, where it adds to what AWS already records (Lambda's active
 * tracing times each invocation, the state machines trace each step, API Gateway logs each request's
 * latency): the requests that wait on Stripe's API, the stripeConnect function's `payments` area.
 * Loading X-Ray's SDK costs a cold start about 25 ms, so it loads with that area only: the function's
 * other requests (Business Insights, read from the table) never load it (docs/decisions.md,
 * "Tracing"). Outside Lambda (the local home, tests) Powertools turns tracing off by itself.
 *
 * Building the tracer patches Node's `https`: every outgoing HTTPS request (the Stripe API) is then a
 * subsegment of the invocation's segment, which Lambda's active tracing opens.
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME });

/**
 * Traces the rest of this instance's calls from here: each outgoing HTTPS request (above) and each
 * AWS SDK call of the clients built from now on (the secret read for Stripe's key). Called by the
 * module of an area (`area()` in `lambdas/lib/http.ts`) when it loads, before it builds a client.
 */
export function traceCallsFromHere(): void {
  setClientInstrumentation((client) => tracer.captureAWSv3Client(client));
}
