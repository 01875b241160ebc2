import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/**
 * The Lambda context the local home hands a handler, as Lambda would: the request id, the function's
 * name and ARN, its memory and the time it has left. The middy chain reads it (the logger's request id
 * and cold start, middy's early timeout).
 */
export function localLambdaContext(functionName: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  const unsupported = () => {
    throw new Error('The callback API is not used by these handlers');
  };
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}
