import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';

/** One structured logger per process; handlers add keys with `logger.appendKeys({ cartId })`. */
export const logger = new Logger({
  serviceName: 'investor-directory',
  logLevel: (process.env.LOG_LEVEL ?? 'INFO') as LogLevel,
});
