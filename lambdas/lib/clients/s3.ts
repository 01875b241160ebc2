import { S3Client } from '@aws-sdk/client-s3';
import { awsConfig } from '../config';
import { instrumented } from './instrument';
import { once } from './once';

/**
 * The S3 client, the same in both homes but for the endpoint (path-style against s3rver locally).
 * Checksums only when an operation requires one: otherwise a presigned PUT would carry the checksum
 * of an empty body, which S3 then refuses for the browser's upload (and s3rver would store the
 * chunk framing).
 */
export const s3Client = once(() => {
  const { AWS_REGION, S3_ENDPOINT } = awsConfig();
  return instrumented(
    new S3Client({
      region: AWS_REGION,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(S3_ENDPOINT ? { endpoint: S3_ENDPOINT, forcePathStyle: true } : {}),
    }),
  );
});
