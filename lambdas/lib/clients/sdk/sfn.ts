/** What the functions use of the Step Functions SDK: a chunk of its own, loaded at the first start (see `./s3.ts`). */
export { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
