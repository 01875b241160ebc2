import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The reference of the bundle budget (`bench/bundles.ts`): the DynamoDB document client alone, which
 * every function that uses the table carries, built with the functions' own options. A function's
 * load is measured beside it, in the same run, and budgeted as a ratio to it.
 */
export const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
