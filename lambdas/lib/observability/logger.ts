import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';

/** The service name of every log line and metric (the `service` dimension). */
export const SERVICE_NAME = 'investor-directory';

/**
 * One structured logger per process. The middy chain (`observability.ts`) adds the Lambda context
 * (request id, cold start, function name) and the route key to every line of a request and drops the
 * keys a request appended once it ends; code adds its own keys with `logger.appendKeys({ cartId })`.
 */
export const logger = new Logger({
  serviceName: SERVICE_NAME,
  logLevel: (process.env.LOG_LEVEL ?? 'INFO') as LogLevel,
});
