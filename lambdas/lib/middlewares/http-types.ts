import type { Request } from '@middy/core';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type * as z from 'zod/mini';
import type { AuthLevel, RouteDefinition } from '../../routes';
import type { Caller } from '../auth';

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

/** One endpoint as `endpoint()` declares it (types erased). */
export interface Endpoint {
  readonly auth: AuthLevel;
  readonly params?: z.core.$ZodType;
  readonly query?: z.core.$ZodType;
  readonly body?: z.core.$ZodType;
  /**
   * The endpoint takes RFC 8058's one-click form (`List-Unsubscribe=One-Click`, form-encoded) as
   * well as no body: that exact form is accepted and otherwise ignored; any other body is refused.
   */
  readonly oneClickForm?: true;
  readonly status?: number;
  // biome-ignore lint/suspicious/noExplicitAny: the declared endpoint's types are checked where it is declared
  readonly handle: (ctx: EndpointContext<any, any, any, any>) => Promise<unknown>;
}

/**
 * Some of a handler group's endpoints, in a module of their own (`lambdas/http/<group>/<area>.ts`,
 * which exports them as `endpoints`) that loads at the first request of one of its routes: a chunk of
 * its own in the bundle, so that a cold start loads only the area its request needs. `http.ts`'s
 * `area()` makes one.
 */
export interface EndpointArea {
  readonly name: string;
  /** The area's endpoint for the route key: loads the module the first time. */
  endpoint(key: string): Promise<Endpoint>;
}

/**
 * The Lambda context as the HTTP middlewares leave it for the next: the route middleware sets
 * `route`, authorisation `caller`, validation `input`.
 */
export interface HttpContext extends Context {
  route?: RouteDefinition & { endpoint: Endpoint };
  caller?: Caller | null;
  input?: { params: unknown; query: unknown; body: unknown };
}

export type HttpRequest = Request<HttpEvent, HttpResult, Error, HttpContext>;
