import { randomBytes } from 'node:crypto';
import { call, localHome } from './home';

/**
 * The local Stripe stand-in as a test meets it: its authorize page (a code comes back in the redirect's
 * Location, as the browser would follow it), and its API read directly, independently of the product.
 */
export const REDIRECT_URI = 'http://localhost:5173/connect/stripe';

export function authorizeUrl(state: string, prefix: '/api' | '' = '/api'): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: localHome.env.STRIPE_CONNECT_CLIENT_ID ?? '',
    scope: 'read_write',
    redirect_uri: REDIRECT_URI,
    state,
  });
  return `${localHome.urls.gateway}${prefix}/local/stripe/oauth/authorize?${params}`;
}

/** Presses the stand-in's Connect (or Cancel) button and returns where it redirects to. */
export async function approveAuthorization(
  state: string,
  decision: 'connect' | 'cancel' = 'connect',
): Promise<URL> {
  const url = new URL(authorizeUrl(state));
  const form = new URLSearchParams(url.searchParams);
  form.set('decision', decision);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  if (response.status !== 302) throw new Error(`authorize answered ${response.status}`);
  return new URL(response.headers.get('location') ?? '');
}

/** A fresh authorization code for the demo account, with the scope Stripe granted. */
export async function authorizationCode(state = 'test'): Promise<{ code: string; scope: string }> {
  const location = await approveAuthorization(state);
  return { code: location.searchParams.get('code') ?? '', scope: location.searchParams.get('scope') ?? '' };
}

/**
 * A single-use OAuth state made by the API for this founder and project, or (when the API refuses:
 * not their project) one of the right shape that the API never made.
 */
export async function connectState(token: string, projectId: string): Promise<string> {
  const response = await call('POST', `/projects/${projectId}/stripe/connect-state`, { token });
  if (response.status === 200) return (response.body as { data: { state: string } }).data.state;
  return randomBytes(32).toString('base64url');
}

/** Connects the project through the API with a fresh code and state; throws unless it answers 200. */
export async function connectProject(token: string, projectId: string): Promise<void> {
  const state = await connectState(token, projectId);
  const grant = { ...(await authorizationCode(state)), state };
  const response = await call('POST', `/projects/${projectId}/stripe/connect`, { token, body: grant });
  if (response.status !== 200) throw new Error(`connect failed: ${response.status} ${response.text}`);
}

const standIn = (path: string, init: RequestInit = {}) =>
  fetch(`${localHome.urls.gateway}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${localHome.env.STRIPE_SECRET_KEY ?? ''}`,
      'stripe-account': 'acct_local_demo',
      ...init.headers,
    },
  });

/** Every object of one of the stand-in's lists, page by page, as Stripe's clients walk them. */
export async function listAll(
  path: string,
  params: Record<string, string> = {},
): Promise<Record<string, unknown>[]> {
  const all: Record<string, unknown>[] = [];
  let after: string | undefined;
  for (;;) {
    const query = new URLSearchParams({
      ...params,
      limit: '100',
      ...(after ? { starting_after: after } : {}),
    });
    const response = await standIn(`${path}?${query}`);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    const page = (await response.json()) as { data: { id: string }[]; has_more: boolean };
    all.push(...page.data);
    const last = page.data.at(-1);
    if (!page.has_more || !last) return all;
    after = last.id;
  }
}

/** Calls the stand-in's deauthorize directly: 200 while the platform is connected to the account. */
export async function deauthorizeDirectly(): Promise<number> {
  const response = await standIn('/oauth/deauthorize', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: localHome.env.STRIPE_CONNECT_CLIENT_ID ?? '',
      stripe_user_id: 'acct_local_demo',
    }),
  });
  return response.status;
}
