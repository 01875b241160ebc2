/** What the functions use of the Lambda SDK: a chunk of its own, loaded at the first invoke (see `./s3.ts`). */
export { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
