import { awsConfig } from '../config/aws';
import { instrumented } from './instrument';
import { once } from './once';

/**
 * The Lambda client, for a function that invokes another (the local home's stand-in locally), loaded
 * at the first invoke from its own chunk (`./sdk/lambda.ts`).
 */
export const lambda = once(async () => {
  const sdk = await import('./sdk/lambda');
  const { AWS_REGION, LAMBDA_ENDPOINT } = awsConfig();
  const client = instrumented(
    new sdk.LambdaClient({ region: AWS_REGION, ...(LAMBDA_ENDPOINT ? { endpoint: LAMBDA_ENDPOINT } : {}) }),
  );
  return { client, sdk };
});
