import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { type ApiResponse, apiClient, type CallOptions } from '../../../infra/local/api-client';
import { cognitoClient, ensureUser, type LocalCognito, signIn } from '../../../infra/local/cognito';

/**
 * What a test file needs from the local home started by the global setup: the handlers'
 * environment (set on this worker so repositories reach DynamoDB Local), the URLs, and users
 * with real cognito-local tokens.
 */
export const localHome = inject('localHome');
Object.assign(process.env, localHome.env);

export const api = localHome.urls.api;

const cognito: LocalCognito = { ...localHome.cognito, client: cognitoClient(localHome.cognito.endpoint) };

export interface TestUser {
  sub: string;
  email: string;
  token: string;
}

const password = 'test-password-1';

/** Creates a fresh user (verified unless told otherwise; admin on request) and signs them in. */
export async function createUser(
  options: { admin?: boolean; verified?: boolean; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const sub = await ensureUser(cognito, {
    email,
    password,
    admin: options.admin ?? false,
    verified: options.verified ?? true,
  });
  const token = await signIn(cognito, email, password);
  return { sub, email, token };
}

/** Signs the user in again: the new ID token carries the groups they are in now. */
export async function signInAgain(user: TestUser): Promise<TestUser> {
  return { ...user, token: await signIn(cognito, user.email, password) };
}

/**
 * A fresh investor: a new user (with this account email, verified, when given) who joined the portal
 * (POST /investor/join) and signed in again, so their token carries the `investor` group, as the web
 * app's session refresh gets it.
 */
export async function createInvestor(portalId: string, options: { email?: string } = {}): Promise<TestUser> {
  const user = await createUser(options.email ? { email: options.email } : {});
  const joined = await call('POST', '/investor/join', { token: user.token, body: { portalId } });
  if (joined.status !== 200) throw new Error(`join failed: ${joined.status} ${joined.text}`);
  return signInAgain(user);
}

const client = apiClient(api);

/** Calls the API through the local gateway, as the web app does. */
export function call(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  return client.call(method, path, options);
}
