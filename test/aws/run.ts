import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DeleteObjectsCommand,
  ListBucketsCommand,
  ListObjectVersionsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { fromRoot } from '../../infra/paths';
import { missingCredentials, missingSettings, refusal } from './requirements';
import { SMOKE_STACK_PREFIX } from './throwaway';

/**
 * `npm run test:aws`: proves a deployment, the pattern of Powertools for AWS Lambda's end-to-end tests
 * (docs/decisions.md, "Proving a deployment"): deploys a throwaway copy of the stack with the CDK CLI
 * (test/aws/throwaway.ts), gives it Stripe test-mode secrets, runs the smoke suite against its URLs
 * (test/aws/smoke/), reports, and deletes the stack, whatever the suite's outcome. Without credentials
 * or settings it says what it needs and deploys nothing.
 */
const cdk = fromRoot('node_modules/.bin/cdk');
const vitest = fromRoot('node_modules/.bin/vitest');
const APP = 'npx vite build web --logLevel warn && npx tsx test/aws/app.ts';

function run(command: string, args: string[], env: NodeJS.ProcessEnv): boolean {
  const result = spawnSync(command, args, { cwd: fromRoot('.'), env, stdio: 'inherit' });
  return result.status === 0;
}

/** Empties every bucket of the run (versions and delete markers too): CloudFormation deletes only empty ones. */
async function emptyBuckets(s3: S3Client, runId: string) {
  const prefix = `${SMOKE_STACK_PREFIX}${runId}`.toLowerCase();
  const { Buckets = [] } = await s3.send(new ListBucketsCommand({ Prefix: prefix }));
  for (const { Name: bucket } of Buckets) {
    if (!bucket) continue;
    for (;;) {
      const page = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket }));
      const objects = [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])].map((v) => ({
        Key: v.Key ?? '',
        VersionId: v.VersionId,
      }));
      if (objects.length === 0) break;
      await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }));
    }
  }
}

async function main(): Promise<number> {
  const missing = [...missingSettings(process.env), ...(await missingCredentials(process.env))];
  if (missing.length > 0) {
    console.error(refusal(missing));
    return 2;
  }
  const runId = randomBytes(6).toString('hex').slice(0, 8);
  const stackName = `${SMOKE_STACK_PREFIX}${runId}`;
  const outputsFile = join(mkdtempSync(join(tmpdir(), 'smoke-')), 'outputs.json');
  const webhookSecret = `whsec_smoke${randomBytes(24).toString('hex')}`;
  const env = { ...process.env, SMOKE_RUN_ID: runId, CDK_DISABLE_VERSION_CHECK: '1' };
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  const s3 = new S3Client({ region });
  const started = Date.now();
  const minutes = () => `${((Date.now() - started) / 60_000).toFixed(1)} min`;
  let suitePassed = false;
  console.log(`test:aws: deploying ${stackName} (a throwaway copy of the stack) to ${region}`);
  try {
    const cdkArgs = ['--app', APP, '--require-approval', 'never', '--outputs-file', outputsFile];
    if (!run(cdk, ['deploy', ...cdkArgs, stackName], env)) {
      console.log(`test:aws: the deployment of ${stackName} failed after ${minutes()} (its output is above)`);
      return 1;
    }
    const outputs = JSON.parse(readFileSync(outputsFile, 'utf8'))[stackName] as Record<string, string>;
    const secrets = new SecretsManagerClient({ region });
    await secrets.send(
      new PutSecretValueCommand({ SecretId: outputs.StripeWebhookSecretArn, SecretString: webhookSecret }),
    );
    await secrets.send(
      new PutSecretValueCommand({
        SecretId: outputs.StripeSecretKeyArn,
        SecretString: process.env.STRIPE_TEST_SECRET_KEY,
      }),
    );
    secrets.destroy();
    console.log(`test:aws: deployed in ${minutes()}; running the smoke suite against ${outputs.SiteUrl}`);
    suitePassed = run(vitest, ['run', '--config', 'test/aws/vitest.config.ts'], {
      ...env,
      SMOKE_OUTPUTS: outputsFile,
      SMOKE_STACK: stackName,
      SMOKE_WEBHOOK_SECRET: webhookSecret,
    });
    console.log(
      `test:aws: the smoke suite ${suitePassed ? 'passed' : 'FAILED'} (${minutes()} since the start)`,
    );
  } finally {
    console.log(`test:aws: deleting ${stackName}`);
    await emptyBuckets(s3, runId);
    // The web ACL's us-east-1 stack (infra/create-app.ts) goes with it: `deploy` brought it as a dependency.
    const deleted = run(cdk, ['destroy', '--app', APP, '--force', stackName, `${stackName}-Edge`], env);
    s3.destroy();
    console.log(
      deleted
        ? `test:aws: ${stackName} deleted (${minutes()} in all)`
        : `test:aws: ${stackName} was NOT deleted: delete it by hand (npx cdk destroy --app '${APP}' ${stackName} ${stackName}-Edge with SMOKE_RUN_ID=${runId})`,
    );
    if (!deleted) suitePassed = false;
  }
  return suitePassed ? 0 : 1;
}

process.exit(await main());
