import { DeploymentConfigError } from './config';
import { createApp } from './create-app';

/**
 * The CDK app's entry (`cdk.json`: `npx tsx infra/app.ts`). Configuration comes from `DEPLOY_*`
 * environment variables or CDK context; see `infra/config.ts` and docs/operations.md.
 */
try {
  createApp({ env: process.env });
} catch (error) {
  if (!(error instanceof DeploymentConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
