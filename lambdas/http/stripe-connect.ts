import {
  connectStateResponse,
  deleteProjectResponse,
  mrrResponse,
  projectIdParams,
  stripeConnectBody,
  syncTransactionsBody,
  syncTransactionsResponse,
  toProjectView,
} from '../../shared/api/projects';
import { NotFoundError } from '../lib/errors';
import { endpoint, httpHandler } from '../lib/http';
import { projectOfCreator } from '../lib/insights/connected-project';
import { syncProjectTransactions } from '../lib/insights/ingest';
import { projectMrr } from '../lib/insights/mrr';
import {
  connectProjectToStripe,
  deleteProjectAndDisconnect,
  disconnectProjectFromStripe,
} from '../lib/insights/stripe-connect';
import { tracing } from '../lib/observability/tracer';
import { createConnectState } from '../lib/table/repositories/connect-states';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';
import type { ProjectWithConnection } from '../lib/table/repositories/projects';

/** Someone else's project answers as a missing one: its existence is not revealed. */
const projectNotFound = () => new NotFoundError('Project not found');

const view = ({ project, connection }: ProjectWithConnection) => toProjectView(project, connection);

/**
 * A project's payment connection (Stripe Connect) and Business Insights: only the project's creator
 * may act on them, like the project itself. The one function of the API that calls Stripe's API.
 */
export const handler = httpHandler(
  'stripeConnect',
  {
    // Here, not in `projects`: deleting a connected project deauthorises its Stripe account first.
    'DELETE /projects/{projectId}': endpoint({
      auth: 'user',
      params: projectIdParams,
      handle: async ({ params, caller }) => {
        if (!(await deleteProjectAndDisconnect(params.projectId, caller.sub))) throw projectNotFound();
        return deleteProjectResponse.parse({ deleted: true });
      },
    }),

    'POST /projects/{projectId}/stripe/connect-state': endpoint({
      auth: 'user',
      params: projectIdParams,
      handle: async ({ params, caller }) => {
        if (!(await projectOfCreator(params.projectId, caller.sub))) throw projectNotFound();
        return connectStateResponse.parse({
          state: await createConnectState(params.projectId, caller.sub, new Date()),
        });
      },
    }),

    'POST /projects/{projectId}/stripe/connect': endpoint({
      auth: 'user',
      params: projectIdParams,
      body: stripeConnectBody,
      handle: async ({ params, body, caller }) => {
        const connected = await connectProjectToStripe(params.projectId, caller.sub, body, new Date());
        if (!connected) throw projectNotFound();
        return view(connected);
      },
    }),

    'DELETE /projects/{projectId}/stripe/connection': endpoint({
      auth: 'user',
      params: projectIdParams,
      handle: async ({ params, caller }) => {
        const disconnected = await disconnectProjectFromStripe(params.projectId, caller.sub);
        if (!disconnected) throw projectNotFound();
        return view(disconnected);
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

    'GET /projects/{projectId}/insights/mrr': endpoint({
      auth: 'user',
      params: projectIdParams,
      handle: async ({ params, caller }) => {
        const mrr = await projectMrr(params.projectId, caller.sub, new Date());
        if (!mrr) throw projectNotFound();
        return mrrResponse.parse(mrr);
      },
    }),
  },
  { tracing: tracing(), isInvestorAccount },
);
