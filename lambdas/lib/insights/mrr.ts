import type { MrrResponse } from '../../../shared/api/projects';
import { computeMrrReport } from '../../../shared/insights/mrr';
import { computeSalesOpportunities } from '../../../shared/insights/opportunities';
import { listProjectTransactions } from '../table/repositories/transactions';
import { connectedProjectOfCreator } from './connected-project';

/**
 * The project's MRR now and over the last 12 months, and the customers whose spend moved since last
 * month (sales opportunities, issue 50), from the subscriptions last ingested from its connected account. Null when the project is missing or someone else's; 409 when it is not connected.
 */
export async function projectMrr(projectId: string, userId: string, now: Date): Promise<MrrResponse | null> {
  const found = await connectedProjectOfCreator(projectId, userId);
  if (!found) return null;
  const subscriptions = await listProjectTransactions(
    projectId,
    'subscription',
    found.connection.stripeUserId,
  );
  return {
    ...computeMrrReport(subscriptions, now),
    opportunities: computeSalesOpportunities(subscriptions, now),
    computedAt: now.toISOString(),
  };
}
