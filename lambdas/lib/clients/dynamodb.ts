import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsConfig } from '../config';
import { instrumented } from './instrument';
import { LOCAL_REQUEST_HANDLER, once } from './once';

/**
 * The DynamoDB document client, shared by every handler of the process. Each AWS client has its own
 * module so a function bundles and loads only the clients it uses. In the local home the endpoint
 * points at DynamoDB Local; on AWS it is unset and the SDK defaults apply.
 */
export const dynamoDbClient = once(() => {
  const { AWS_REGION, DYNAMODB_ENDPOINT } = awsConfig();
  return instrumented(
    new DynamoDBClient({
      region: AWS_REGION,
      ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT, requestHandler: LOCAL_REQUEST_HANDLER } : {}),
    }),
  );
});

/** The document client over {@link dynamoDbClient}, which the repositories use. */
export const documentClient = once(() =>
  DynamoDBDocumentClient.from(dynamoDbClient(), {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  }),
);
