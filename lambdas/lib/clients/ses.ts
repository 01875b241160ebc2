import { SESv2Client } from '@aws-sdk/client-sesv2';
import { awsConfig } from '../config';
import { instrumented } from './instrument';
import { once } from './once';

/** The SES v2 client (the local inbox in the local home). */
export const sesClient = once(() => {
  const { AWS_REGION, SES_ENDPOINT } = awsConfig();
  return instrumented(
    new SESv2Client({ region: AWS_REGION, ...(SES_ENDPOINT ? { endpoint: SES_ENDPOINT } : {}) }),
  );
});
