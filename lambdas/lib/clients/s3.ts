import { S3Client } from '@aws-sdk/client-s3';
import { awsConfig } from '../config';
import { instrumented } from './instrument';
import { once } from './once';

/** The S3 client (path-style against s3rver in the local home). */
export const s3Client = once(() => {
  const { AWS_REGION, S3_ENDPOINT } = awsConfig();
  return instrumented(
    new S3Client({
      region: AWS_REGION,
      ...(S3_ENDPOINT
        ? {
            endpoint: S3_ENDPOINT,
            forcePathStyle: true,
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          }
        : {}),
    }),
  );
});
