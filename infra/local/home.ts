import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { instrumented } from '../../lambdas/lib/clients/instrument';
import { createTableInput, tableDefinition } from '../../lambdas/lib/table/definition';
import { type StateMachineName, stateMachines } from '../../lambdas/workflows/registry';
import { provisionCognito } from './cognito';
import { CognitoRelay } from './cognito-relay';
import { startEmulators } from './emulators';
import { LocalFunctions } from './functions';
import { type ExtraRoute, startGateway } from './gateway';
import type { LocalHome, LocalHomePorts } from './home-types';
import { LocalMetricsSink } from './metrics-sink';
import { freePort, Supervisor, waitForPortFree } from './processes';
import { LocalSesFaults } from './ses-faults';
import { LocalStepFunctions, localStateMachineArn } from './stepfunctions';
import { localCheckoutRoute, localWebhookSecret } from './stripe-checkout';
import { LocalStripeEvents } from './stripe-events';
import { LOCAL_CONNECT_CLIENT_ID, LOCAL_STRIPE_SECRET_KEY, localStripeStandInRoute } from './stripe-standin';

export const ROOT = resolve(import.meta.dirname, '../..');
export const TABLE_NAME = 'investor-directory';
export const UPLOADS_BUCKET = 'investor-directory-uploads';
export const EXPORTS_BUCKET = 'investor-directory-exports';
export const SES_FROM = 'no-reply@investor-directory.example.com';

export interface LocalHomeOptions {
  /** dev: fixed ports, data kept under `.local/`; test: free ports, in memory, thrown away on stop. */
  mode: 'dev' | 'test';
  ports?: Partial<LocalHomePorts>;
  /** Extra handlers served by the gateway process (local Stripe stand-ins and such). */
  extraRoutes?: (home: Omit<LocalHome, 'stop'>) => ExtraRoute[];
  /** Called if a child process dies on its own. */
  onChildExit?: (name: string, code: number | null, output: string) => void;
  /**
   * Keep nothing (benchmarks, a second home beside another): DynamoDB Local in memory and the other
   * emulators' data in a throwaway folder, unless LOCAL_STATE_DIR names one.
   */
  inMemory?: boolean;
  /** Ports outside the home that must be free too (dev: the app's), checked with the home's own. */
  alsoFree?: { port: number; purpose: string }[];
  /** How long a function trusts the search snapshot it holds (0: ask S3 at every search; AWS: 30). */
  searchIndexMaxAgeSeconds?: number;
}

export const DEV_PORTS: LocalHomePorts = {
  gateway: Number(process.env.LOCAL_GATEWAY_PORT ?? 3001),
  dynamodb: Number(process.env.LOCAL_DYNAMODB_PORT ?? 8000),
  cognito: Number(process.env.LOCAL_COGNITO_PORT ?? 9229),
  ses: Number(process.env.LOCAL_SES_PORT ?? 8005),
  s3: Number(process.env.LOCAL_S3_PORT ?? 4569),
};

const PORT_PURPOSE: Record<keyof LocalHomePorts, string> = {
  gateway: 'local API gateway',
  dynamodb: 'DynamoDB Local',
  cognito: 'cognito-local',
  ses: 'aws-ses-v2-local',
  s3: 's3rver',
};

/** The home's ports: free ones in test mode; else the fixed ones, each checked (given `graceMs` after leftovers were stopped). */
async function choosePorts(options: LocalHomeOptions, graceMs: number): Promise<LocalHomePorts> {
  if (options.mode === 'test') {
    return {
      gateway: options.ports?.gateway ?? (await freePort()),
      dynamodb: options.ports?.dynamodb ?? (await freePort()),
      cognito: options.ports?.cognito ?? (await freePort()),
      ses: options.ports?.ses ?? (await freePort()),
      s3: options.ports?.s3 ?? (await freePort()),
    };
  }
  const ports = { ...DEV_PORTS, ...options.ports };
  for (const { port, purpose } of options.alsoFree ?? []) await waitForPortFree(port, purpose, graceMs);
  for (const key of Object.keys(ports) as (keyof LocalHomePorts)[])
    await waitForPortFree(ports[key], PORT_PURPOSE[key], graceMs);
  return ports;
}

async function ensureTable(endpoint: string): Promise<void> {
  const client = instrumented(
    new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  try {
    await client.send(new DescribeTableCommand({ TableName: TABLE_NAME }));
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(createTableInput(TABLE_NAME)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: TABLE_NAME,
        TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}

/**
 * Starts the whole product's back end on this machine: the emulators as supervised children, the
 * table, user pool, app client, group and buckets (created when missing), and the local gateway.
 * Every function runs in this process with its own environment and grants, built from its manifest
 * (`infra/local/functions.ts`); this process's environment holds every value, for the tests.
 */
export async function startLocalHome(options: LocalHomeOptions): Promise<LocalHome> {
  const test = options.mode === 'test';
  // A home in memory keeps nothing: its state folder is its own and thrown away on stop, so a second
  // home from the same checkout (LOCAL_IN_MEMORY=1, other ports) never touches the first one's `.local`.
  const throwaway = test || (options.inMemory === true && !process.env.LOCAL_STATE_DIR);
  const stateDir = throwaway
    ? mkdtempSync(join(tmpdir(), 'investor-directory-'))
    : (process.env.LOCAL_STATE_DIR ?? join(ROOT, '.local'));
  mkdirSync(stateDir, { recursive: true });

  let stopping = false;
  const supervisor = new Supervisor(test ? null : join(stateDir, 'pids.json'), (child, code) => {
    if (stopping) return;
    options.onChildExit?.(child.name, code, child.output());
  });
  // What a killed run left holding the ports goes first; then the ports are checked.
  const reaped = await supervisor.reapLeftovers();
  const ports = await choosePorts(options, reaped > 0 ? 10_000 : 0);

  let gateway: http.Server | undefined;
  let stepFunctionsRef: LocalStepFunctions | undefined;
  let metricsRef: LocalMetricsSink | undefined;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const closed = new Promise<void>((r) => (gateway ? gateway.close(() => r()) : r()));
    gateway?.closeAllConnections();
    await closed;
    await stepFunctionsRef?.abortAll().catch(() => undefined);
    await supervisor.stopAll();
    metricsRef?.uninstall();
    if (throwaway) rmSync(stateDir, { recursive: true, force: true });
  };
  process.once('exit', () => supervisor.killAllNow());

  const cognitoRelay = new CognitoRelay(`http://127.0.0.1:${ports.ses}`, SES_FROM);
  try {
    await startEmulators(supervisor, {
      onCognitoOutput: cognitoRelay.onOutput,
      ports,
      stateDir,
      inMemory: test || options.inMemory === true,
      buckets: [UPLOADS_BUCKET, EXPORTS_BUCKET],
      ...(test ? { fixedConfirmationCode: '123456' } : {}),
    });

    const local = (port: number) => `http://127.0.0.1:${port}`;
    await ensureTable(local(ports.dynamodb));
    const cognito = await provisionCognito(local(ports.cognito));
    cognitoRelay.attach(cognito);

    const env: Record<string, string> = {
      AWS_REGION: 'us-east-1',
      // s3rver only accepts its own key pair; the other emulators accept any.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      TABLE_NAME,
      DYNAMODB_ENDPOINT: local(ports.dynamodb),
      S3_ENDPOINT: local(ports.s3),
      // Through the gateway's fault switch (ses-faults.ts) to aws-ses-v2-local.
      SES_ENDPOINT: `${local(ports.gateway)}/local/ses`,
      SFN_ENDPOINT: `${local(ports.gateway)}/local/stepfunctions`,
      // Lambda's Invoke, for a function that invokes another (infra/local/functions.ts).
      LAMBDA_ENDPOINT: `${local(ports.gateway)}/local/lambda`,
      INVESTOR_GROUP_FUNCTION_NAME: 'investorGroup',
      UPLOADS_BUCKET,
      EXPORTS_BUCKET,
      // The search snapshot, in the exports bucket as on AWS; checked at every search here (see decisions.md).
      SEARCH_INDEX_BUCKET: EXPORTS_BUCKET,
      SEARCH_INDEX_MAX_AGE_SECONDS: String(options.searchIndexMaxAgeSeconds ?? 0),
      SES_FROM,
      // Links in emails point at the local edge (`npm run dev`).
      SITE_URL: `http://localhost:${process.env.LOCAL_APP_PORT ?? 5173}`,
      PAYMENT_LINK_TIER_50: `${local(ports.gateway)}/local/checkout/tier-50`,
      PAYMENT_LINK_TIER_250: `${local(ports.gateway)}/local/checkout/tier-250`,
      PAYMENT_LINK_TIER_1000: `${local(ports.gateway)}/local/checkout/tier-1000`,
      PAYMENT_LINK_TIER_2500: `${local(ports.gateway)}/local/checkout/tier-2500`,
      // The local checkout's sessions name these links, as Stripe's name the tier's Payment Link.
      PAYMENT_LINK_ID_TIER_50: 'plink_local_tier_50',
      PAYMENT_LINK_ID_TIER_250: 'plink_local_tier_250',
      PAYMENT_LINK_ID_TIER_1000: 'plink_local_tier_1000',
      PAYMENT_LINK_ID_TIER_2500: 'plink_local_tier_2500',
      ...Object.fromEntries(
        (Object.keys(stateMachines) as StateMachineName[]).map((name) => [
          stateMachines[name].arnVariable,
          localStateMachineArn(name),
        ]),
      ),
      STRIPE_WEBHOOK_SECRET: localWebhookSecret(),
      // The handlers' Stripe client talks to the local stand-in (API and Connect OAuth alike).
      STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(ports.gateway),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_CONNECT_CLIENT_ID: LOCAL_CONNECT_CLIENT_ID,
      COGNITO_USER_POOL_ID: cognito.userPoolId,
      COGNITO_ENDPOINT: cognito.endpoint,
      LOG_LEVEL: test ? 'ERROR' : 'WARN',
      // As Lambda sets it: Powertools counts the first invocation as the cold start.
      AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    };
    // Every value, for this process and the tests' own calls; each function gets only its manifest's.
    Object.assign(process.env, env);
    const functions = new LocalFunctions({
      root: ROOT,
      values: env,
      tableName: TABLE_NAME,
      tableGuard: process.env.LOCAL_TABLE_GUARD === 'record' ? 'record' : 'enforce',
      ...(process.env.LOCAL_TABLE_GUARD_LOG ? { recordTo: process.env.LOCAL_TABLE_GUARD_LOG } : {}),
    });
    functions.install();

    const jwks = (await (await fetch(`${cognito.issuer}/.well-known/jwks.json`)).json()) as {
      keys: unknown[];
    };
    const urls = {
      gateway: local(ports.gateway),
      api: `${local(ports.gateway)}/api`,
      sesInbox: local(ports.ses),
      dynamodb: local(ports.dynamodb),
      cognito: local(ports.cognito),
      s3: local(ports.s3),
    };
    const stepFunctions = new LocalStepFunctions(
      ROOT,
      functions,
      test ? { retryIntervalMs: 10, waitMs: 200 } : {},
    );
    const metrics = new LocalMetricsSink();
    metrics.install(() => LocalFunctions.current() !== undefined);
    metricsRef = metrics;
    stepFunctionsRef = stepFunctions;
    // The local Stripe account's events: made by the local checkout, listed by the stand-in.
    const stripeEvents = new LocalStripeEvents();
    const partial = { ports, urls, cognito, env, functions, stateDir, stepFunctions, cognitoRelay, metrics };
    gateway = await startGateway({
      port: ports.gateway,
      functions,
      issuer: cognito.issuer,
      clientId: cognito.clientId,
      jwks,
      extraRoutes: [
        stepFunctions.route(),
        functions.route(),
        metrics.route(),
        new LocalSesFaults(local(ports.ses)).route(),
        cognitoRelay.route(urls.cognito),
        stripeEvents.route(),
        localCheckoutRoute(partial, stripeEvents),
        localStripeStandInRoute(partial, stripeEvents),
        ...(options.extraRoutes?.(partial) ?? []),
      ],
    });
    return { ...partial, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type { LocalHome, LocalHomePorts } from './home-types';
