import { awsConfig } from '../config';
import { instrumented } from './instrument';
import { once } from './once';

/** The SES v2 client (the local inbox in the local home), loaded at the first email from its own chunk (`./sdk/ses.ts`). */
export const ses = once(async () => {
  const sdk = await import('./sdk/ses');
  const { AWS_REGION, SES_ENDPOINT } = awsConfig();
  const client = instrumented(
    new sdk.SESv2Client({ region: AWS_REGION, ...(SES_ENDPOINT ? { endpoint: SES_ENDPOINT } : {}) }),
  );
  return { client, sdk };
});
