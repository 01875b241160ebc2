import { awsConfig } from '../config';
import { instrumented } from './instrument';
import { once } from './once';

/**
 * The Step Functions client (the local emulator's endpoint in the local home), loaded at the first
 * start from its own chunk (`./sdk/sfn.ts`).
 */
export const sfn = once(async () => {
  const sdk = await import('./sdk/sfn');
  const { AWS_REGION, SFN_ENDPOINT } = awsConfig();
  const client = instrumented(
    new sdk.SFNClient({ region: AWS_REGION, ...(SFN_ENDPOINT ? { endpoint: SFN_ENDPOINT } : {}) }),
  );
  return { client, sdk };
});
