import { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from './logger';

/**
 * X-Ray tracing: the handler's segment (`captureLambdaHandler` in the middy chain), a subsegment per
 * AWS SDK call (every client is built through `traced`) and per outgoing HTTPS request (the Stripe
 * API). Outside Lambda (the local home, tests) Powertools turns tracing off by itself.
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME });

/** An AWS SDK v3 client whose calls appear as subsegments of the function's trace. */
export const traced = <T>(client: T): T => tracer.captureAWSv3Client(client);
