import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsConfig } from './config';

/**
 * AWS clients, built once per process at first use and shared by every handler. In the local home
 * the endpoints point at the emulators; on AWS they are unset and the SDK defaults apply.
 */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}

export const documentClient = once(() => {
  const { AWS_REGION, DYNAMODB_ENDPOINT } = awsConfig();
  const client = new DynamoDBClient({
    region: AWS_REGION,
    ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT } : {}),
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  });
});

export const s3Client = once(() => {
  const { AWS_REGION, S3_ENDPOINT } = awsConfig();
  return new S3Client({
    region: AWS_REGION,
    ...(S3_ENDPOINT
      ? {
          endpoint: S3_ENDPOINT,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
  });
});

export const sesClient = once(() => {
  const { AWS_REGION, SES_ENDPOINT } = awsConfig();
  return new SESv2Client({ region: AWS_REGION, ...(SES_ENDPOINT ? { endpoint: SES_ENDPOINT } : {}) });
});

export const sfnClient = once(() => {
  const { AWS_REGION, SFN_ENDPOINT } = awsConfig();
  return new SFNClient({ region: AWS_REGION, ...(SFN_ENDPOINT ? { endpoint: SFN_ENDPOINT } : {}) });
});
