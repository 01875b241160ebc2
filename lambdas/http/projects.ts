import { area, httpHandler } from '../lib/http';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';

/**
 * Startup projects: only the creator may read or change one. Their payment connection and insights
 * are `stripe-connect.ts`, another function, so that this one does not load the Stripe SDK. Each
 * area is a module of its own, loaded at the first request of one of its routes (a chunk of its own
 * in the bundle): reading projects does not load the taxonomy's places.
 */
const reads = area('reads', () => import('./projects/reads'));
const changes = area('changes', () => import('./projects/changes'));

export const handler = httpHandler(
  'projects',
  {
    'GET /projects': reads,
    'POST /projects': changes,
    'GET /projects/{projectId}': reads,
    'PATCH /projects/{projectId}': changes,
  },
  { isInvestorAccount },
);
