import { describe, expect, it } from 'vitest';
import { endpoint, httpHandler } from '../../../lambdas/lib/http';
import type { Endpoint } from '../../../lambdas/lib/middlewares/http-types';
import { type HandlerGroup, routeKey, routesOf } from '../../../lambdas/routes';

/** Endpoints for every route of a group, as routes.ts declares them, that answer nothing. */
const endpointsOf = (group: HandlerGroup): Record<string, Endpoint> =>
  Object.fromEntries(
    routesOf(group).map((route) => [
      routeKey(route),
      endpoint({ auth: route.auth, handle: async () => null }),
    ]),
  );

describe('the membership check of founder routes', () => {
  it('is required, when the module loads, of a group with founder routes', () => {
    expect(routesOf('projects').some((route) => route.auth === 'user')).toBe(true);
    expect(() => httpHandler('projects', endpointsOf('projects'))).toThrow(
      'projects has founder routes: give httpHandler the membership check (isInvestorAccount)',
    );
    expect(() =>
      httpHandler('projects', endpointsOf('projects'), { isInvestorAccount: async () => false }),
    ).not.toThrow();
  });

  it('is not needed by a group without founder routes (the public directory)', () => {
    expect(routesOf('directory').some((route) => route.auth === 'user')).toBe(false);
    expect(() => httpHandler('directory', endpointsOf('directory'))).not.toThrow();
  });
});
