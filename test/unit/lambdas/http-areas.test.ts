import { describe, expect, it } from 'vitest';
import { area, endpoint, httpHandler } from '../../../lambdas/lib/http';
import type { Endpoint } from '../../../lambdas/lib/middlewares/http-types';
import { handlerGroups, routeKey, routesOf } from '../../../lambdas/routes';

/** The public directory's route keys: a group whose routes need no caller. */
const directoryKeys = routesOf('directory').map(routeKey);
const [firstKey = '', secondKey = ''] = directoryKeys;

/** An endpoint that answers with its route key. */
const answering = (key: string): Endpoint => endpoint({ auth: 'public', handle: async () => ({ key }) });

/** The directory's routes, every one in one area whose module is `load`. */
function directoryOf(load: () => Promise<{ endpoints: Record<string, Endpoint> }>) {
  const everything = area('everything', load);
  return httpHandler('directory', Object.fromEntries(directoryKeys.map((key) => [key, everything])));
}

/** Calls a handler as API Gateway would, for a GET route key. */
async function call(handler: ReturnType<typeof httpHandler>, key: string) {
  const path = key.replace(/^GET /, '').replace(/\{(\w+)\}/g, 'x');
  const event = {
    routeKey: key,
    rawPath: path,
    pathParameters: Object.fromEntries([...key.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], 'inv_1'])),
    requestContext: { requestId: 'areas', http: { method: 'GET', path } },
    headers: {},
    isBase64Encoded: false,
  };
  const context = {
    functionName: 'directory',
    awsRequestId: 'areas',
    getRemainingTimeInMillis: () => 10_000,
  };
  // biome-ignore lint/suspicious/noExplicitAny: the Lambda event and context, as the runtime passes them
  const result = (await handler(event as any, context as any)) as { statusCode: number; body: string };
  return { status: result.statusCode, body: JSON.parse(result.body) };
}

describe('areas: endpoints in a module loaded at the first request of one of their routes', () => {
  it('loads an area once, at its first request, and serves each of its routes', async () => {
    let loads = 0;
    const handler = directoryOf(async () => {
      loads++;
      return { endpoints: Object.fromEntries(directoryKeys.map((key) => [key, answering(key)])) };
    });
    expect(loads).toBe(0);

    expect(await call(handler, firstKey)).toEqual({ status: 200, body: { data: { key: firstKey } } });
    expect(await call(handler, secondKey)).toEqual({ status: 200, body: { data: { key: secondKey } } });
    expect(await call(handler, firstKey)).toEqual({ status: 200, body: { data: { key: firstKey } } });
    expect(loads).toBe(1);
  });

  it('refuses an area that declares other routes than its group sends it: the request fails, nothing is served', async () => {
    const handler = directoryOf(async () => ({
      endpoints: Object.fromEntries(directoryKeys.slice(1).map((key) => [key, answering(key)])),
    }));

    const answer = await call(handler, secondKey);
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain(secondKey);
    await expect(handler.loadEndpoints()).rejects.toThrow(
      `The everything area declares ${directoryKeys.slice(1).sort().join(', ')}, and its group routes ${[...directoryKeys].sort().join(', ')} to it`,
    );
  });

  it("refuses an area's endpoint whose auth level is not its route's", async () => {
    const handler = directoryOf(async () => ({
      endpoints: Object.fromEntries(
        directoryKeys.map((key) => [
          key,
          key === firstKey ? endpoint({ auth: 'admin', handle: async () => ({ key }) }) : answering(key),
        ]),
      ),
    }));

    expect((await call(handler, firstKey)).status).toBe(500);
    expect((await call(handler, secondKey)).status).toBe(200);
    await expect(handler.loadEndpoints()).rejects.toThrow(
      `Route ${firstKey} is public in routes.ts, admin here`,
    );
  });

  it('every area of every handler group loads and serves exactly the routes its group sends it', async () => {
    let groups = 0;
    for (const [group, file] of Object.entries(handlerGroups)) {
      if (group === 'stripeWebhook') continue;
      const module = (await import(/* @vite-ignore */ `../../../${file}`)) as {
        handler: ReturnType<typeof httpHandler>;
      };
      const endpoints = await module.handler.loadEndpoints();
      expect([...endpoints.keys()].sort(), group).toEqual(
        routesOf(group as never)
          .map(routeKey)
          .sort(),
      );
      groups++;
    }
    expect(groups).toBe(Object.keys(handlerGroups).length - 1);
  });
});
