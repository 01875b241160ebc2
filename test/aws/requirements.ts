import { readFileSync } from 'node:fs';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DeploymentConfigError, resolveDeploymentConfig } from '../../infra/config';
import { fromRoot } from '../../infra/paths';

/**
 * What `npm run test:aws` needs before it deploys anything, each missing one named with what to set
 * (docs/operations.md, "Proving a deployment"). Checked in full first, so one run lists them all.
 */
type Env = Readonly<Record<string, string | undefined>>;

const cdkContext: Record<string, unknown> = JSON.parse(readFileSync(fromRoot('cdk.json'), 'utf8')).context;

/** The settings in the environment: the region, the test inbox, Stripe's test mode, the deployment's values. */
export function missingSettings(env: Env): string[] {
  const missing: string[] = [];
  if (!env.AWS_REGION?.trim() && !env.AWS_DEFAULT_REGION?.trim())
    missing.push(
      'AWS_REGION: the region to deploy the throwaway stack to (where SES receives the test inbox)',
    );
  if (!env.SMOKE_INBOX_DOMAIN?.trim())
    missing.push(
      'SMOKE_INBOX_DOMAIN: a domain verified in SES whose MX points at SES inbound in that region (the test inbox; its addresses can receive in the SES sandbox)',
    );
  if (!env.SMOKE_INBOX_BUCKET?.trim())
    missing.push(
      'SMOKE_INBOX_BUCKET: the S3 bucket the active receipt rule of that domain stores each message in (optionally SMOKE_INBOX_PREFIX, its key prefix)',
    );
  if (!/^sk_test_\w+$/.test(env.STRIPE_TEST_SECRET_KEY?.trim() ?? ''))
    missing.push(
      'STRIPE_TEST_SECRET_KEY: a Stripe test-mode secret key (sk_test_...); live keys are refused',
    );
  try {
    // As for a real account: every placeholder of cdk.json is refused by name.
    resolveDeploymentConfig({
      context: (key) => cdkContext[key],
      env: { ...env, DEPLOY_STAGE: 'dev', CDK_DEFAULT_ACCOUNT: '123456789012' },
    });
  } catch (error) {
    if (!(error instanceof DeploymentConfigError)) throw error;
    missing.push(...error.problems.map((problem) => `deployment setting ${problem}`));
  }
  return missing;
}

/** AWS credentials as the SDK's default chain finds them (environment, profile, SSO, instance role). */
export async function missingCredentials(env: Env): Promise<string[]> {
  const region = env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || 'us-east-1';
  const client = new SecretsManagerClient({ region });
  try {
    const credentials = await client.config.credentials();
    if (credentials.accessKeyId) return [];
  } catch {
    // Reported below.
  } finally {
    client.destroy();
  }
  return [
    'AWS credentials: none found (set AWS_PROFILE, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, for an account bootstrapped with `npx cdk bootstrap`, allowed to deploy the stack and to read the inbox bucket)',
  ];
}

/** The refusal: what is missing, and where the set-up is described. */
export function refusal(missing: readonly string[]): string {
  return [
    'npm run test:aws deploys a throwaway copy of the stack to a real AWS account, smoke-tests it and deletes it.',
    `It needs ${missing.length === 1 ? 'one more thing' : `${missing.length} more things`}:`,
    ...missing.map((item) => `  - ${item}`),
    'See docs/operations.md, "Proving a deployment". Nothing was deployed.',
  ].join('\n');
}
