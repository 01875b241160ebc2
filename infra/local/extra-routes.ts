import type { ExtraRoute } from './gateway';
import type { LocalHome } from './home-types';
import { runtimeConfigRoute } from './runtime-config';

/** Everything the local home serves beside the API routes of `lambdas/routes.ts`. */
export function localExtraRoutes(home: Omit<LocalHome, 'stop'>): ExtraRoute[] {
  return [runtimeConfigRoute(home)];
}
