import {
  deleteProjectResponse,
  projectIdParams,
  stripeConnectBody,
  syncTransactionsBody,
  syncTransactionsResponse,
} from '../../../shared/api/projects';
import { endpoint } from '../../lib/http';
import { syncProjectTransactions } from '../../lib/insights/ingest';
import {
  connectProjectToStripe,
  deleteProjectAndDisconnect,
  disconnectProjectFromStripe,
} from '../../lib/insights/stripe-connect';
import { traceCallsFromHere } from '../../lib/observability/tracer';
import { projectNotFound, projectView } from '../project-answers';

// These requests wait on Stripe's API: from this area's first request on, its calls are traced.
traceCallsFromHere();

/**
 * The stripeConnect function's area for what calls Stripe's API: connecting and disconnecting an
 * account, syncing transactions, deleting a connected project. A module of its own, loaded at the
 * first request of one of its routes (`lambdas/http/stripe-connect.ts`).
 */
export const endpoints = {
  // Here, not in `projects`: deleting a connected project deauthorises its Stripe account first.
  'DELETE /projects/{projectId}': endpoint({
    auth: 'user',
    params: projectIdParams,
    handle: async ({ params, caller }) => {
      if (!(await deleteProjectAndDisconnect(params.projectId, caller.sub))) throw projectNotFound();
      return deleteProjectResponse.parse({ deleted: true });
    },
  }),

  'POST /projects/{projectId}/stripe/connect': endpoint({
    auth: 'user',
    params: projectIdParams,
    body: stripeConnectBody,
    handle: async ({ params, body, caller }) => {
      const connected = await connectProjectToStripe(params.projectId, caller.sub, body, new Date());
      if (!connected) throw projectNotFound();
      return projectView(connected);
    },
  }),

  'DELETE /projects/{projectId}/stripe/connection': endpoint({
    auth: 'user',
    params: projectIdParams,
    handle: async ({ params, caller }) => {
      const disconnected = await disconnectProjectFromStripe(params.projectId, caller.sub);
      if (!disconnected) throw projectNotFound();
      return projectView(disconnected);
    },
  }),

  'POST /projects/{projectId}/stripe/transactions/sync': endpoint({
    auth: 'user',
    params: projectIdParams,
    body: syncTransactionsBody,
    handle: async ({ params, caller }) => {
      const synced = await syncProjectTransactions(params.projectId, caller.sub, new Date());
      if (!synced) throw projectNotFound();
      return syncTransactionsResponse.parse(synced);
    },
  }),
};
