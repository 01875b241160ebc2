import { awsConfig } from '../config';
import { instrumented } from './instrument';
import { LOCAL_REQUEST_HANDLER, once } from './once';

/**
 * The S3 client and the commands the functions send with it, the same in both homes but for the
 * endpoint (path-style against s3rver locally). Loaded at the first call, from a chunk of its own
 * (`./sdk/s3.ts`): a cold function whose request never touches S3 does not load the SDK's S3 code.
 * Checksums only when an operation requires one: otherwise a presigned PUT would carry the checksum
 * of an empty body, which S3 then refuses for the browser's upload (and s3rver would store the
 * chunk framing).
 */
export const s3 = once(async () => {
  const sdk = await import('./sdk/s3');
  const { AWS_REGION, S3_ENDPOINT } = awsConfig();
  const client = instrumented(
    new sdk.S3Client({
      region: AWS_REGION,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(S3_ENDPOINT
        ? { endpoint: S3_ENDPOINT, forcePathStyle: true, requestHandler: LOCAL_REQUEST_HANDLER }
        : {}),
    }),
  );
  return { client, sdk };
});
