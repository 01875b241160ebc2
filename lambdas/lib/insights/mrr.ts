import { type MrrResponse, STRIPE_NOT_CONNECTED } from '../../../shared/api/projects';
import { computeMrrReport } from '../../../shared/insights/mrr';
import { computeSalesOpportunities } from '../../../shared/insights/opportunities';
import { listProjectTransactions } from '../table/repositories/transactions';
import { projectOfCreator } from './connected-project';

/**
 * The project's MRR now and over the last 12 months, and the customers whose spend moved since last
 * month (sales opportunities, issue 50), from the subscriptions last ingested from its connected account. Null when the project is missing or someone else's; `connected: false` (an ordinary
 * state, answered 200) when it is not connected.
 */
export async function projectMrr(projectId: string, userId: string, now: Date): Promise<MrrResponse | null> {
  const found = await projectOfCreator(projectId, userId);
  if (!found) return null;
  if (!found.connection) return { connected: false, message: STRIPE_NOT_CONNECTED };
  const subscriptions = await listProjectTransactions(
    projectId,
    'subscription',
    found.connection.stripeUserId,
  );
  return {
    connected: true,
    ...computeMrrReport(subscriptions, now),
    opportunities: computeSalesOpportunities(subscriptions, now),
    computedAt: now.toISOString(),
  };
}
