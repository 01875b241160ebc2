import type * as z from 'zod/mini';
import { ApiError, parseApiResponse } from '../../shared/api/errors';
import { getIdToken } from '../auth/auth-provider';
import { getRuntimeConfig } from '../config/runtime-config';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  /** Send the Cognito ID token; fails with 'unauthenticated' when nobody is signed in. */
  auth?: boolean;
  signal?: AbortSignal;
}

/**
 * How long a call may take before the app gives up on it: the spec's callable-function timeout (70
 * seconds). A hang guard only: the API itself answers or is cut off within 30 seconds (API Gateway's
 * limit), so this fires only when the network holds an answer back (docs/decisions.md, "Dates and
 * emails" has its neighbour; "Call timeouts" the reasoning).
 */
export const CALL_TIMEOUT_MS = 70_000;

/** Not in the spec: nothing came back within {@link CALL_TIMEOUT_MS}. */
export const CALL_TIMED_OUT =
  'The server did not answer within 70 seconds. Check your connection, then try again.';

/** Not in the spec: a call that needs a login was made while signed out. */
export const NOT_SIGNED_IN = 'Please log in first.';

/**
 * Calls the product's API (`{apiUrl}{path}`) and returns its `data` checked by `schema`. Failures throw an
 * {@link ApiError} with the server's code and message (see `parseApiResponse`).
 */
export async function apiRequest<T extends z.ZodMiniType>(
  schema: T,
  path: string,
  options: ApiRequestOptions = {},
): Promise<z.output<T>> {
  const base = getRuntimeConfig().apiUrl.replace(/\/$/, '');
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const url = `${base}${path}${query.size > 0 ? `?${query.toString()}` : ''}`;

  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) {
    const token = await getIdToken().catch(() => null);
    if (!token) throw new ApiError('unauthenticated', NOT_SIGNED_IN);
    headers.authorization = `Bearer ${token}`;
  }

  // The caller's signal, and the hang guard: whichever comes first aborts the call.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, CALL_TIMEOUT_MS);
  const forward = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) forward();
  else options.signal?.addEventListener('abort', forward, { once: true });

  let status: number;
  let text: string;
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: controller.signal,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (timedOut) throw new ApiError('deadline-exceeded', CALL_TIMED_OUT, { cause: error });
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('unavailable', 'The service cannot be reached. Check your connection.', {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forward);
  }
  const data = parseApiResponse(status, text);
  return schema.parse(data);
}

/**
 * The message to show for a failed call: the API's message, or `fallback` for anything else. An
 * answer without our envelope (a gateway's 502, a proxy's HTML) carries only its code ('unknown',
 * 'internal'): that is no sentence for a person, so it gets `fallback` too.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message !== error.code) return error.message;
  return fallback;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'not-found';
}
