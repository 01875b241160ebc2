import { expect } from 'vitest';
import { putStripeConnection } from '../../../lambdas/lib/table/repositories/projects';
import { call, createUser, type TestUser } from './home';
import { createProject } from './projects';
import { checkoutEvent, delivered, postEvent, savedCart } from './purchases';
import { unique } from './seed';
import { describeWorkflow, startWorkflow } from './workflows';

/** How a test founder qualifies to contribute (issue 52): a connected Stripe account, a paid purchase, or neither. */
export type Qualifies = { stripe: string } | 'purchase' | 'nothing';

export interface Contributor {
  user: TestUser;
  projectId: string;
  /** What would say who they are: none of it may be in anyone else's answer. */
  identifying: string[];
}

/**
 * A founder (a fresh user, or the one given) with a project whose pipeline holds the directory
 * investor, moved Contacted → Replied (→ Committed when `decide`), sharing their dates or not. The
 * Stripe account is written as the OAuth callback writes it (Stripe itself is the stand-in's).
 */
export async function founderWithPipeline(
  investorId: string,
  options: { share: boolean; qualifies: Qualifies; decide?: boolean; user?: TestUser },
): Promise<Contributor> {
  const user = options.user ?? (await createUser({ email: `rt-${unique()}@example.com` }));
  const project = await createProject(user, `Raise ${unique()}`);
  const identifying = [user.sub, user.email, project.id];
  if (typeof options.qualifies === 'object') {
    identifying.push(options.qualifies.stripe);
    await putStripeConnection({
      projectId: project.id,
      projectOwnerUserId: user.sub,
      stripeUserId: options.qualifies.stripe,
      stripePublishableKey: null,
      connectedAt: new Date().toISOString(),
    });
  } else if (options.qualifies === 'purchase') {
    const cart = await savedCart(
      user,
      [{ name: `Bought ${unique()}`, email: `b-${unique()}@example.org` }],
      ['name', 'email'],
    );
    await postEvent(checkoutEvent(cart.id, cart.pricing.totalX100));
    await delivered(cart.id);
  }
  if (options.share) {
    const shared = await call('PUT', '/me/response-times', { token: user.token, body: { enabled: true } });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect((shared.body as { data: { shareResponseTimes: boolean } }).data.shareResponseTimes).toBe(true);
  }
  const added = await call('POST', `/projects/${project.id}/pipeline/entries`, {
    token: user.token,
    body: { investorId },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  let entry = (added.body as { data: { entry: { id: string; version: number } } }).data.entry;
  for (const stage of ['contacted', 'replied', ...(options.decide ? ['committed'] : [])]) {
    const moved = await call('PATCH', `/projects/${project.id}/pipeline/entries/${entry.id}`, {
      token: user.token,
      body: { version: entry.version, stage },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    entry = (moved.body as { data: { id: string; version: number } }).data;
  }
  return { user, projectId: project.id, identifying };
}

/** Runs the daily aggregation as its schedule does, to its end. */
export async function runResponseTimes(): Promise<void> {
  const executionArn = await startWorkflow('responseTimes', { now: null });
  await expect
    .poll(async () => (await describeWorkflow(executionArn)).status, { timeout: 120_000, interval: 200 })
    .toBe('SUCCEEDED');
}
