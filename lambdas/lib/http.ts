import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import * as z from 'zod/mini';
import { successCacheControl } from '../../shared/api/public-cache';
import type { AuthLevel, HandlerGroup } from '../routes';
import type { Caller } from './auth';
import { documentClient } from './clients/dynamodb';
import { authorization } from './middlewares/authorization';
import { errorEnvelope, json } from './middlewares/error-envelope';
import type {
  Endpoint,
  EndpointArea,
  EndpointContext,
  HttpContext,
  HttpEvent,
  HttpResult,
} from './middlewares/http-types';
import { observability } from './middlewares/observability';
import { checkRouteTable, resolveEndpoint, routeTable } from './middlewares/route-table';
import { validation } from './middlewares/validation';

export { errorResponse, json } from './middlewares/error-envelope';
export type { EndpointContext, HttpEvent, HttpResult } from './middlewares/http-types';

type CallerFor<A extends AuthLevel> = A extends 'public' ? null : Caller;

/** Returned by a `handle` whose status depends on the outcome (e.g. 201 created or 200 updated). */
export class WithStatus<T> {
  constructor(
    readonly status: number,
    readonly data: T,
  ) {}
}

const emptyObject = z.looseObject({});

/** True for an object schema that refuses unknown keys (`z.strictObject`), also inside `z.optional`. */
function refusesUnknownKeys(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType; catchall?: z.core.$ZodType };
  if (def.type === 'optional' || def.type === 'nullable')
    return def.innerType ? refusesUnknownKeys(def.innerType) : false;
  if (def.type !== 'object') return true;
  return def.catchall?._zod.def.type === 'never';
}

/**
 * Declares one endpoint: zod schemas for path parameters, query string and JSON body, and a `handle`
 * that calls one domain or repository function. The middlewares of `httpHandler` check the auth level
 * and validate the input before `handle` runs. Body schemas must refuse unknown fields (`z.strictObject`):
 * checked here, when the module loads.
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
  oneClickForm?: true;
  status?: number;
  handle: (ctx: EndpointContext<z.infer<P>, z.infer<Q>, z.infer<B>, CallerFor<A>>) => Promise<R>;
}): Endpoint {
  if (spec.body && !refusesUnknownKeys(spec.body))
    throw new Error('A body schema must refuse unknown fields: declare it with z.strictObject');
  return spec;
}

/**
 * Endpoints of a handler group kept in a module of their own, loaded at the first request of one of
 * their routes (`import()`: a chunk of its own in the bundle). The group's module maps each of the
 * area's route keys to it; the area module exports exactly those endpoints as `endpoints`, checked
 * when it loads.
 */
export function area(
  name: string,
  load: () => Promise<{ endpoints: Record<string, Endpoint> }>,
): EndpointArea & { keys: Set<string> } {
  const keys = new Set<string>();
  let loaded: Promise<Record<string, Endpoint>> | undefined;
  return {
    name,
    keys,
    async endpoint(key) {
      loaded ??= load().then(({ endpoints }) => {
        const declared = Object.keys(endpoints).sort().join(', ');
        const routed = [...keys].sort().join(', ');
        if (declared !== routed)
          throw new Error(`The ${name} area declares ${declared}, and its group routes ${routed} to it`);
        return endpoints;
      });
      const endpoint = (await loaded)[key];
      if (!endpoint) throw new Error(`The ${name} area has no endpoint for ${key}`);
      return endpoint;
    },
  };
}

/** Runs the endpoint the middlewares chose with the input they validated, in the `{ data }` envelope. */
async function dispatch(event: HttpEvent, context: HttpContext): Promise<HttpResult> {
  const { route, input } = context;
  if (!route || !input) throw new Error('The HTTP middlewares did not run');
  const data = await route.endpoint.handle({ ...input, caller: context.caller ?? null, event });
  const headers = { 'cache-control': successCacheControl(route.method, route.path, route.auth) };
  if (data instanceof WithStatus) return json(data.status, { data: data.data }, headers);
  return json(route.endpoint.status ?? 200, { data }, headers);
}

/**
 * Builds the Lambda handler of one handler group: a middy chain of Powertools observability (logger,
 * metrics), header normalisation, the error envelope, the route table (checked against
 * `routes.ts` when the module loads), authorisation from the claims and validation of the input. A
 * group with founder routes (`user`) gives `options.isInvestorAccount`, the membership check that
 * refuses investor accounts there (checked when the module loads).
 */
export function httpHandler(
  group: HandlerGroup,
  endpoints: Record<string, Endpoint | ReturnType<typeof area>>,
  options: { isInvestorAccount?: (userId: string) => Promise<boolean> } = {},
) {
  const table = checkRouteTable(group, endpoints);
  for (const [key, endpoint] of Object.entries(endpoints)) if ('keys' in endpoint) endpoint.keys.add(key);
  if ([...table.values()].some((route) => route.auth === 'user') && !options.isInvestorAccount)
    throw new Error(`${group} has founder routes: give httpHandler the membership check (isInvestorAccount)`);
  const handler = middy<HttpEvent, HttpResult, Error, HttpContext>()
    .use(observability())
    .use(httpHeaderNormalizer())
    .use(errorEnvelope())
    .use(routeTable(table))
    .use(authorization(options.isInvestorAccount))
    .use(validation())
    .handler(dispatch);
  // Every endpoint by route key, its area loaded, for tests that check every route's schemas (input hygiene).
  const loadEndpoints = async (): Promise<ReadonlyMap<string, { endpoint: Endpoint }>> =>
    new Map(
      await Promise.all([...table].map(async ([key, route]) => [key, await resolveEndpoint(route)] as const)),
    );
  // Every group reads the table on every route, so the table's client loads with the function (at a
  // cold start) even when its routes are all in areas: an area then adds only its own code.
  return Object.assign(handler, { loadEndpoints, tableClient: documentClient });
}
