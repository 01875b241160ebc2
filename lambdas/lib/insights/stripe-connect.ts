import type Stripe from 'stripe';
import {
  CONNECT_STATE_INVALID,
  STRIPE_ALREADY_CONNECTED,
  STRIPE_CODE_REFUSED,
  STRIPE_CONNECT_FAILED,
  STRIPE_DISCONNECT_FAILED,
} from '../../../shared/api/projects';
import { stripeConnectConfig } from '../config';
import { BadGatewayError, BadRequestError, ConflictError } from '../errors';
import { logger } from '../observability/logger';
import { stripeClient } from '../stripe/client';
import type { StripeConnection } from '../table/models';
import { consumeConnectState } from '../table/repositories/connect-states';
import {
  clearStripeConnection,
  deleteProject,
  getProjectOfCreator,
  listProjectIdsConnectedTo,
  ProjectNotFoundError,
  type ProjectWithConnection,
  putStripeConnectionOfCreator,
  setStripeConnectCode,
} from '../table/repositories/projects';
import { deleteProjectTransactions } from '../table/repositories/transactions';
import { conditionalWrite } from '../table/table';
import { projectOfCreator } from './connected-project';
import { logStripeFailure, stripeErrorType } from './stripe-errors';

/**
 * Stripe Connect (spec sections 4 and 7, 'Payment connect'): the code the OAuth flow returned is
 * stored (the project is 'pending') and exchanged on the server; the connection record keeps the
 * connected account (not its tokens: ingestion uses the platform key on the account's behalf), and no
 * response ever carries it. Disconnect, and deleting the project, deauthorise the platform from the
 * account and clear the three connect fields and the record.
 */

/** OAuth errors that mean the code (or its request) was wrong, not that Stripe or our setup failed. */
const REFUSED_CODE_TYPES = new Set(['invalid_grant', 'invalid_request', 'invalid_scope']);

interface ExchangedTokens {
  stripeUserId: string;
  stripePublishableKey: string | null;
}

async function exchangeCode(code: string, projectId: string): Promise<ExchangedTokens> {
  let token: Stripe.OAuthToken;
  try {
    const stripe = await stripeClient();
    token = await stripe.oauth.token({ grant_type: 'authorization_code', code });
  } catch (error) {
    logStripeFailure('Stripe Connect code exchange failed', error, { projectId });
    if (REFUSED_CODE_TYPES.has(stripeErrorType(error) ?? '')) throw new BadRequestError(STRIPE_CODE_REFUSED);
    throw new BadGatewayError(STRIPE_CONNECT_FAILED);
  }
  if (!token.access_token || !token.stripe_user_id) {
    logger.warn('Stripe Connect code exchange answered without an account', { projectId });
    throw new BadGatewayError(STRIPE_CONNECT_FAILED);
  }
  // The account is what ingestion needs; the tokens are dropped here, never stored.
  return {
    stripeUserId: token.stripe_user_id,
    stripePublishableKey: token.stripe_publishable_key ?? null,
  };
}

/** Stripe's answer when the platform is no longer connected to the account: nothing left to undo. */
const isAlreadyDeauthorised = (error: unknown): boolean =>
  stripeErrorType(error) === 'invalid_client' &&
  /not connected|does not exist/i.test((error as Error).message);

/**
 * Deauthorises the platform from the account, unless another project is still connected to it (one
 * Stripe account can back several projects; deauthorising would cut them all off).
 */
async function deauthoriseUnlessShared(connection: StripeConnection): Promise<void> {
  const others = (await listProjectIdsConnectedTo(connection.stripeUserId)).filter(
    (id) => id !== connection.projectId,
  );
  if (others.length > 0) return;
  try {
    const stripe = await stripeClient();
    await stripe.oauth.deauthorize({
      client_id: stripeConnectConfig().STRIPE_CONNECT_CLIENT_ID,
      stripe_user_id: connection.stripeUserId,
    });
  } catch (error) {
    if (isAlreadyDeauthorised(error)) return;
    logStripeFailure('Stripe Connect deauthorisation failed', error, { projectId: connection.projectId });
    throw new BadGatewayError(STRIPE_DISCONNECT_FAILED);
  }
}

/**
 * Connects the user's project to the Stripe account that granted `code`. Null when the project is
 * missing or someone else's. Throws 409 when it is already connected, 400 when Stripe refuses the code
 * and 502 when Stripe cannot be reached; the project then stays pending with the code.
 */
export async function connectProjectToStripe(
  projectId: string,
  userId: string,
  grant: { code: string; scope: string; state: string },
  now: Date,
): Promise<ProjectWithConnection | null> {
  const found = await projectOfCreator(projectId, userId);
  if (!found) return null;
  // The state is used up before the code is: a forged or replayed return changes nothing.
  if (!(await consumeConnectState(grant.state, projectId, userId, now)))
    throw new BadRequestError(CONNECT_STATE_INVALID);
  if (found.connection) throw new ConflictError(STRIPE_ALREADY_CONNECTED);
  if (!(await conditionalWrite(setStripeConnectCode(projectId, grant.code, grant.scope, now.toISOString()))))
    return null;

  const tokens = await exchangeCode(grant.code, projectId);
  const connection: StripeConnection = {
    projectId,
    projectOwnerUserId: userId,
    ...tokens,
    connectedAt: now.toISOString(),
  };
  if (!(await putStripeConnectionOfCreator(connection, grant.code))) {
    // The project was deleted, disconnected or given another code meanwhile: do not keep a grant no
    // record remembers.
    await deauthoriseUnlessShared(connection).catch(() => undefined);
    const current = await getProjectOfCreator(projectId, userId);
    if (!current) return null;
    throw new ConflictError('The project changed while connecting to Stripe. Please try again.');
  }
  logger.info('project connected to Stripe', { projectId });
  return getProjectOfCreator(projectId, userId);
}

/**
 * Disconnects the user's project: deauthorises the account with Stripe (an account already
 * deauthorised is fine), then nulls the three connect fields and deletes the connection record in one
 * transaction, then drops the transactions ingested from it. Also clears a pending code. Null when the
 * project is missing or someone else's; 502 (nothing changed) when Stripe cannot be reached.
 */
export async function disconnectProjectFromStripe(
  projectId: string,
  userId: string,
): Promise<ProjectWithConnection | null> {
  const found = await projectOfCreator(projectId, userId);
  if (!found) return null;
  if (found.connection) await deauthoriseUnlessShared(found.connection);
  try {
    await clearStripeConnection(projectId);
  } catch (error) {
    if (error instanceof ProjectNotFoundError) return null;
    throw error;
  }
  await deleteProjectTransactions(projectId);
  logger.info('project disconnected from Stripe', { projectId });
  return getProjectOfCreator(projectId, userId);
}

/**
 * Deletes the user's project as Disconnect would leave it: the Stripe account deauthorised first
 * (unless another project uses it; 502 and nothing deleted when Stripe cannot be reached), then the
 * project with its connection record, then the transactions ingested from it. False when the project
 * is missing or someone else's.
 */
export async function deleteProjectAndDisconnect(projectId: string, userId: string): Promise<boolean> {
  const found = await projectOfCreator(projectId, userId);
  if (!found) return false;
  if (found.connection) await deauthoriseUnlessShared(found.connection);
  await deleteProject(projectId);
  await deleteProjectTransactions(projectId);
  logger.info('project deleted', { projectId, wasConnected: found.connection !== null });
  return true;
}
