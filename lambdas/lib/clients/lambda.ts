import { LambdaClient } from '@aws-sdk/client-lambda';
import { awsConfig } from '../config/aws';
import { instrumented } from './instrument';
import { once } from './once';

/** The Lambda client, for a function that invokes another (the local home's stand-in locally). */
export const lambdaClient = once(() => {
  const { AWS_REGION, LAMBDA_ENDPOINT } = awsConfig();
  return instrumented(
    new LambdaClient({ region: AWS_REGION, ...(LAMBDA_ENDPOINT ? { endpoint: LAMBDA_ENDPOINT } : {}) }),
  );
});
