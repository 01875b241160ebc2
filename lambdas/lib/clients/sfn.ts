import { SFNClient } from '@aws-sdk/client-sfn';
import { awsConfig } from '../config';
import { instrumented } from './instrument';
import { once } from './once';

/** The Step Functions client (the local emulator's endpoint in the local home). */
export const sfnClient = once(() => {
  const { AWS_REGION, SFN_ENDPOINT } = awsConfig();
  return instrumented(
    new SFNClient({ region: AWS_REGION, ...(SFN_ENDPOINT ? { endpoint: SFN_ENDPOINT } : {}) }),
  );
});
