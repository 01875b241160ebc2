import { area, httpHandler } from '../lib/http';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';

/**
 * A project's payment connection (Stripe Connect) and Business Insights: only the project's creator
 * may act on them, like the project itself. The one function of the API that calls Stripe's API.
 * Each area is a module of its own, loaded at the first request of one of its routes (a chunk of
 * its own in the bundle): the insights load neither the Stripe SDK nor X-Ray's, which traces the
 * payments area's calls to Stripe (`observability/tracer.ts`).
 */
const payments = area('payments', () => import('./stripe-connect/payments'));
const insights = area('insights', () => import('./stripe-connect/insights'));

export const handler = httpHandler(
  'stripeConnect',
  {
    'DELETE /projects/{projectId}': payments,
    'POST /projects/{projectId}/stripe/connect-state': insights,
    'POST /projects/{projectId}/stripe/connect': payments,
    'DELETE /projects/{projectId}/stripe/connection': payments,
    'POST /projects/{projectId}/stripe/transactions/sync': payments,
    'GET /projects/{projectId}/insights/mrr': insights,
  },
  { isInvestorAccount },
);
