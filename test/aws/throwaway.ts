import { Aspects, CfnResource, type IAspect, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { CfnUserPool } from 'aws-cdk-lib/aws-cognito';
import { CfnGlobalTable } from 'aws-cdk-lib/aws-dynamodb';
import type { IConstruct } from 'constructs';
import { createApp } from '../../infra/create-app';

/**
 * The throwaway copy of the stack that `npm run test:aws` deploys, smoke-tests and deletes
 * (docs/operations.md, "Proving a deployment"): the product's own stack, as `infra/app.ts` builds it
 * (the dev stage, the same constructs, cdk-nag and the Control Tower rules), under a name of its own,
 * with nothing kept on deletion, so `cdk destroy` leaves no table, user pool, bucket or log group.
 */
export const SMOKE_STACK_PREFIX = 'InvestorDirectory-smoke-';

/** Every resource deleted with the stack; the table and the user pool without deletion protection. */
class DeletedWithTheStack implements IAspect {
  visit(node: IConstruct): void {
    if (!(node instanceof CfnResource)) return;
    node.applyRemovalPolicy(RemovalPolicy.DESTROY);
    // The table has one replica, the stack's region (TableV2 without replicas).
    if (node instanceof CfnGlobalTable)
      node.addPropertyOverride('Replicas.0.DeletionProtectionEnabled', false);
    if (node instanceof CfnUserPool) node.deletionProtection = 'INACTIVE';
  }
}

export function makeThrowaway(stack: Stack): void {
  Aspects.of(stack).add(new DeletedWithTheStack());
}

/** A run's id: lower case letters and digits, so it fits in bucket and stack names. */
export function isRunId(runId: string): boolean {
  return /^[a-z0-9]{4,12}$/.test(runId);
}

/**
 * The throwaway app: `infra/create-app.ts` with the dev stage and the stack named after the run.
 * Options as `createApp` takes them (tests pass context and an output directory).
 */
export function createThrowawayApp(options: Parameters<typeof createApp>[0] & { runId: string }) {
  if (!isRunId(options.runId))
    throw new Error(`a smoke run id is 4 to 12 lower-case letters or digits: ${options.runId}`);
  const { runId, ...appOptions } = options;
  const created = createApp({
    ...appOptions,
    env: { ...appOptions.env, DEPLOY_STAGE: 'dev' },
    stackId: `${SMOKE_STACK_PREFIX}${runId}`,
  });
  makeThrowaway(created.stack);
  return created;
}
