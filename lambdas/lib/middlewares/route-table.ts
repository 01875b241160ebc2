import type { MiddlewareObj } from '@middy/core';
import { type HandlerGroup, type RouteDefinition, routeKey, routesOf } from '../../routes';
import { NotFoundError } from '../errors';
import { logger } from '../observability/logger';
import type { Endpoint, EndpointArea, HttpContext, HttpEvent, HttpResult } from './http-types';

/** A route of the group and its endpoint: declared in the group's module, or in an area loaded on demand. */
type RoutedEndpoint = RouteDefinition & { endpoint: Endpoint | EndpointArea };

const isArea = (endpoint: Endpoint | EndpointArea): endpoint is EndpointArea => 'name' in endpoint;

/** Throws when an endpoint's auth level is not its route's (a function that would answer it wrongly). */
function checkAuth(route: RouteDefinition, endpoint: Endpoint): Endpoint {
  if (endpoint.auth !== route.auth)
    throw new Error(`Route ${routeKey(route)} is ${route.auth} in routes.ts, ${endpoint.auth} here`);
  return endpoint;
}

/**
 * Checks, when the module loads, that every route `routes.ts` gives this handler group has an
 * endpoint (or an area that has it) and every endpoint a route, with the same auth level; throws
 * otherwise, so a function that would answer a route wrongly never starts. An area's endpoints are
 * checked when it loads (`area()` in http.ts), and by the unit tests that load every area.
 */
export function checkRouteTable(
  group: HandlerGroup,
  endpoints: Record<string, Endpoint | EndpointArea>,
): Map<string, RoutedEndpoint> {
  const table = new Map<string, RoutedEndpoint>();
  for (const route of routesOf(group)) {
    const key = routeKey(route);
    const endpoint = endpoints[key];
    if (!endpoint) throw new Error(`${group}: no endpoint for route ${key}`);
    table.set(key, { ...route, endpoint: isArea(endpoint) ? endpoint : checkAuth(route, endpoint) });
  }
  for (const key of Object.keys(endpoints))
    if (!table.has(key)) throw new Error(`${group}: ${key} is not in routes.ts`);
  return table;
}

/** The route's endpoint, its area loaded first when it is in one (and its auth level checked then). */
export async function resolveEndpoint(
  route: RoutedEndpoint,
): Promise<RouteDefinition & { endpoint: Endpoint }> {
  const { endpoint } = route;
  return {
    ...route,
    endpoint: isArea(endpoint) ? checkAuth(route, await endpoint.endpoint(routeKey(route))) : endpoint,
  };
}

/**
 * Finds the endpoint of the event's route key (404 for one this function does not serve), loading its
 * area at the area's first request, and logs the key with every line.
 */
export function routeTable(
  table: Map<string, RoutedEndpoint>,
): MiddlewareObj<HttpEvent, HttpResult, Error, HttpContext> {
  return {
    before: async (request) => {
      const route = table.get(request.event.routeKey);
      if (!route) throw new NotFoundError('Not found.');
      logger.appendKeys({ routeKey: request.event.routeKey });
      request.context.route = await resolveEndpoint(route);
    },
  };
}
