/**
 * What the functions use of the S3 SDK. Only `../s3.ts` imports it, with `import()`: it is a chunk of
 * its own in every bundle (`infra/constructs/function-bundling.ts`), loaded at a function's first S3
 * call, so that the routes and tasks that never touch S3 never load it.
 */
export {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
