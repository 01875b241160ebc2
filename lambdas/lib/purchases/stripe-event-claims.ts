import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { dynamoDbClient } from '../clients/dynamodb';
import { once } from '../clients/once';
import { tableConfig } from '../config';
import { tableDefinition } from '../table/definition';

/** How long a handled event is remembered: Stripe retries an event for up to three days. */
export const STRIPE_EVENT_RETENTION_SECONDS = 30 * 24 * 60 * 60;

/** The partition of the claims, and the prefix of each claim's sort key (`STRIPE_EVENT#<hash of the event id>`). */
export const STRIPE_EVENT_CLAIMS_PARTITION = 'STRIPE_EVENTS';
export const STRIPE_EVENT_KEY_PREFIX = 'STRIPE_EVENT';

/**
 * The claims on Stripe events, with Powertools idempotency on the single table: acting on an event
 * first writes an "in progress" record that expires when the function's own timeout does (the lease,
 * from the Lambda context), and marks it completed, with the outcome, only after acting. A retry while
 * the lease holds is refused (Stripe retries later); a retry after a crash, once the lease expired,
 * acts again; a retry of a completed event gets the stored outcome. A failure drops the claim.
 */
export const stripeEventClaims = once(() => ({
  persistenceStore: new DynamoDBPersistenceLayer({
    tableName: tableConfig().TABLE_NAME,
    keyAttr: tableDefinition.partitionKey,
    sortKeyAttr: tableDefinition.sortKey,
    staticPkValue: STRIPE_EVENT_CLAIMS_PARTITION,
    expiryAttr: tableDefinition.ttlAttribute,
    awsSdkV3Client: dynamoDbClient(),
  }),
  config: new IdempotencyConfig({
    eventKeyJmesPath: 'id',
    throwOnNoIdempotencyKey: true,
    expiresAfterSeconds: STRIPE_EVENT_RETENTION_SECONDS,
  }),
  keyPrefix: STRIPE_EVENT_KEY_PREFIX,
}));
