import { connectStateResponse, mrrResponse, projectIdParams } from '../../../shared/api/projects';
import { endpoint } from '../../lib/http';
import { projectOfCreator } from '../../lib/insights/connected-project';
import { projectMrr } from '../../lib/insights/mrr';
import { createConnectState } from '../../lib/table/repositories/connect-states';
import { projectNotFound } from '../project-answers';

/**
 * The stripeConnect function's area for Business Insights (the MRR from the stored transactions)
 * and the state that starts a connection: no call to Stripe's API, so they do not load the Stripe
 * SDK. A module of its own, loaded at the first request of one of its routes
 * (`lambdas/http/stripe-connect.ts`).
 */
export const endpoints = {
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

  'GET /projects/{projectId}/insights/mrr': endpoint({
    auth: 'user',
    params: projectIdParams,
    handle: async ({ params, caller }) => {
      const mrr = await projectMrr(params.projectId, caller.sub, new Date());
      if (!mrr) throw projectNotFound();
      return mrrResponse.parse(mrr);
    },
  }),
};
