import type { MiddlewareObj } from '@middy/core';
import { type HandlerGroup, type RouteDefinition, routeKey, routesOf } from '../../routes';
import { NotFoundError } from '../errors';
import { logger } from '../observability/logger';
import type { Endpoint, HttpContext, HttpEvent, HttpResult } from './http-types';

type RoutedEndpoint = RouteDefinition & { endpoint: Endpoint };

/**
 * Checks, when the module loads, that every route `routes.ts` gives this handler group has an
 * endpoint and every endpoint a route, with the same auth level; throws otherwise, so a function
 * that would answer a route wrongly never starts.
 */
export function checkRouteTable(
  group: HandlerGroup,
  endpoints: Record<string, Endpoint>,
): Map<string, RoutedEndpoint> {
  const table = new Map<string, RoutedEndpoint>();
  for (const route of routesOf(group)) {
    const key = routeKey(route);
    const endpoint = endpoints[key];
    if (!endpoint) throw new Error(`${group}: no endpoint for route ${key}`);
    if (endpoint.auth !== route.auth)
      throw new Error(`Route ${key} is ${route.auth} in routes.ts, ${endpoint.auth} here`);
    table.set(key, { ...route, endpoint });
  }
  for (const key of Object.keys(endpoints))
    if (!table.has(key)) throw new Error(`${group}: ${key} is not in routes.ts`);
  return table;
}

/** Finds the endpoint of the event's route key (404 for one this function does not serve) and logs the key with every line. */
export function routeTable(
  table: Map<string, RoutedEndpoint>,
): MiddlewareObj<HttpEvent, HttpResult, Error, HttpContext> {
  return {
    before: (request) => {
      const route = table.get(request.event.routeKey);
      if (!route) throw new NotFoundError('Not found.');
      logger.appendKeys({ routeKey: request.event.routeKey });
      request.context.route = route;
    },
  };
}
