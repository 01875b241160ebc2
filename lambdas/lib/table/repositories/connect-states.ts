import { randomBytes } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../clients/dynamodb';
import { connectStateModel } from '../models';
import { conditionalWrite, putItem, tableName } from '../table';

/** How long a Stripe Connect round trip may take, from the project page back to /connect/stripe. */
export const CONNECT_STATE_SECONDS = 15 * 60;

/**
 * A new OAuth `state` for connecting `projectId` to Stripe: 32 random bytes, kept with the founder and
 * the project it was made for until it is used once or expires (the table's TTL removes it later).
 */
export async function createConnectState(projectId: string, userId: string, now: Date): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await putItem(
    {
      ...connectStateModel.toItem({ state, projectId, userId, createdAt: now.toISOString() }),
      expiresAt: Math.floor(now.getTime() / 1000) + CONNECT_STATE_SECONDS,
    },
    'attribute_not_exists(pk)',
  );
  return state;
}

/**
 * Uses a `state` up: true, and it is gone, when it was made for this founder and this project and has
 * not expired; false otherwise (unknown, used already, expired, or another founder's or project's:
 * then it is left as it was). One conditional delete, so two requests cannot both use it.
 */
export async function consumeConnectState(
  state: string,
  projectId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const { pk, sk } = connectStateModel.keys({ state, projectId, userId, createdAt: now.toISOString() });
  return conditionalWrite(
    documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { pk, sk },
        ConditionExpression:
          'attribute_exists(pk) AND userId = :user AND projectId = :project AND expiresAt > :now',
        ExpressionAttributeValues: {
          ':user': userId,
          ':project': projectId,
          ':now': Math.floor(now.getTime() / 1000),
        },
      }),
    ),
  );
}
