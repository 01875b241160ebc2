import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { type AuthLevel, type HandlerGroup, routeKey, routesOf } from '../routes';
import { type Caller, callerFromClaims } from './auth';
import { BadRequestError, ForbiddenError, HttpError, UnauthenticatedError } from './errors';
import { logger } from './logger';
// A 400 answer quotes the first issue's message: in English.
import './zod-english';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** What an endpoint's `handle` receives: validated input and, on user/admin routes, the caller. */
export interface EndpointContext<P, Q, B, C> {
  params: P;
  query: Q;
  body: B;
  caller: C;
  event: HttpEvent;
}

type CallerFor<A extends AuthLevel> = A extends 'public' ? null : Caller;

export interface Endpoint {
  run(event: HttpEvent, auth: AuthLevel): Promise<HttpResult>;
}

const emptyObject = z.looseObject({});

/** Returned by a `handle` whose status depends on the outcome (e.g. 201 created or 200 updated). */
export class WithStatus<T> {
  constructor(
    readonly status: number,
    readonly data: T,
  ) {}
}

/**
 * Declares one endpoint: zod schemas for path parameters, query string and JSON body, and a
 * `handle` that calls one domain or repository function. Validation failures become 400 with a
 * message naming the field; the caller's auth level is checked again from the claims.
 */
export function endpoint<
  A extends AuthLevel,
  P extends z.core.$ZodType = typeof emptyObject,
  Q extends z.core.$ZodType = typeof emptyObject,
  B extends z.core.$ZodType = z.ZodMiniUndefined,
  R = unknown,
>(spec: {
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  status?: number;
  handle: (ctx: EndpointContext<z.infer<P>, z.infer<Q>, z.infer<B>, CallerFor<A>>) => Promise<R>;
}): Endpoint {
  return {
    async run(event, auth) {
      if (auth !== spec.auth)
        throw new Error(`Route ${event.routeKey} is ${auth} in routes.ts, ${spec.auth} here`);
      const caller = authorise(event, spec.auth);
      const params = parse(spec.params ?? emptyObject, event.pathParameters ?? {}, 'path parameter');
      const query = parse(spec.query ?? emptyObject, event.queryStringParameters ?? {}, 'query parameter');
      const body = parse(spec.body ?? z.undefined(), readJsonBody(event), 'body field');
      const data = await spec.handle({
        params: params as z.infer<P>,
        query: query as z.infer<Q>,
        body: body as z.infer<B>,
        caller: caller as CallerFor<A>,
        event,
      });
      if (data instanceof WithStatus) return json(data.status, { data: data.data });
      return json(spec.status ?? 200, { data });
    },
  };
}

function authorise(event: HttpEvent, auth: AuthLevel): Caller | null {
  if (auth === 'public') return null;
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims) throw new UnauthenticatedError();
  const caller = callerFromClaims(claims);
  if (!caller) throw new UnauthenticatedError();
  if (!caller.emailVerified) throw new ForbiddenError('Please verify your email address first.');
  if (auth === 'admin' && !caller.isAdmin) throw new ForbiddenError('Only admins can do this.');
  return caller;
}

function readJsonBody(event: HttpEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new BadRequestError('The request body is not valid JSON.', { cause });
  }
}

function parse<S extends z.core.$ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : undefined;
  if (value === undefined && what === 'body field') throw new BadRequestError('A JSON body is required.');
  const message = field
    ? `Invalid ${what} '${field}': ${issue?.message}`
    : `Invalid ${what}: ${issue?.message}`;
  throw new BadRequestError(message);
}

export function json(statusCode: number, payload: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(payload),
  };
}

export function errorResponse(error: unknown, context: Record<string, unknown> = {}): HttpResult {
  if (error instanceof HttpError) {
    if (error.status >= 500) logger.error('request failed', { ...context, error });
    return json(error.status, { error: { code: error.code, message: error.message } });
  }
  logger.error('unhandled error', { ...context, error: error as Error });
  return json(500, { error: { code: 'internal', message: 'Something went wrong. Please try again later.' } });
}

/**
 * Builds the Lambda handler of one handler group. Every route that routes.ts gives this group must
 * have an endpoint here and vice versa, checked when the module loads.
 */
export function httpHandler(group: HandlerGroup, endpoints: Record<string, Endpoint>) {
  const table = new Map(routesOf(group).map((r) => [routeKey(r), r]));
  for (const key of table.keys())
    if (!endpoints[key]) throw new Error(`${group}: no endpoint for route ${key}`);
  for (const key of Object.keys(endpoints))
    if (!table.has(key)) throw new Error(`${group}: ${key} is not in routes.ts`);

  return async (event: HttpEvent): Promise<HttpResult> => {
    // Keys appended while handling one request must not show up on the next one (warm Lambdas).
    logger.resetKeys();
    const route = table.get(event.routeKey);
    const endpointForRoute = endpoints[event.routeKey];
    if (!route || !endpointForRoute)
      return json(404, { error: { code: 'not-found', message: 'Not found.' } });
    try {
      return await endpointForRoute.run(event, route.auth);
    } catch (error) {
      return errorResponse(error, { routeKey: event.routeKey, requestId: event.requestContext.requestId });
    }
  };
}
