import { DeploymentConfigError } from '../../infra/config';
import { createThrowawayApp } from './throwaway';

/**
 * The CDK app of `npm run test:aws` (`cdk --app 'npx tsx test/aws/app.ts'`): the throwaway copy of the
 * stack for the run named by `SMOKE_RUN_ID` (test/aws/run.ts sets it).
 */
try {
  createThrowawayApp({ env: process.env, runId: process.env.SMOKE_RUN_ID ?? 'synth' });
} catch (error) {
  if (!(error instanceof DeploymentConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
