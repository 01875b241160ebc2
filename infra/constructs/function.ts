import { AssetHashType, DockerImage, Duration, type ILocalBundling, RemovalPolicy, Token } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import {
  type BucketNeeds,
  type FunctionName,
  functionNeeds,
  type InvokedFunction,
  type SecretName,
} from '../../lambdas/manifest';
import type { StateMachineName } from '../../lambdas/workflows/registry';
import { bucketStatements, environmentOf, searchIndexKeys, tableStatements } from '../function-needs';
import type { PolicyStatementJson } from '../iam-policy';
import { acknowledge, wildcardFindingId, XRAY_WILDCARD } from '../nag';
import { fromRoot } from '../paths';
import type { EmailSender } from './email';
import { FUNCTION_ENVIRONMENT, FUNCTION_INDEX, functionBuildOptions } from './function-bundling';

/** The Lambda runtime of every function: the newest Node.js that Lambda and aws-cdk-lib know. */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;

export interface AppFunctionProps {
  /** The handler module, relative to the repository root (`lambdas/http/directory.ts`); it exports `handler`. */
  readonly entry: string;
  /** What the function does, shown in the console. */
  readonly description: string;
  /** @default 512 MB */
  readonly memorySize?: number;
  /** @default 10 seconds */
  readonly timeout?: Duration;
  /** Removal policy of the function's log group. @default RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE */
  readonly logRemovalPolicy?: RemovalPolicy;
  /** How long the function's logs are kept. @default one month */
  readonly logRetention?: RetentionDays;
}

/** What a function's needs are granted on, and the values of its variables (`infra/stack.ts`). */
export interface FunctionResources {
  readonly table: ITableV2;
  readonly uploads: IBucket;
  readonly exports: IBucket;
  readonly stateMachines: Readonly<Record<StateMachineName, IStateMachine>>;
  readonly functions: Readonly<Record<InvokedFunction, AppFunction>>;
  readonly email: EmailSender;
  readonly secrets: Readonly<Record<SecretName, ISecret>>;
  readonly userPool: IUserPool;
  /** The value of every variable a manifest section may ask for (names, ARNs, settings). */
  readonly values: Readonly<Record<string, string>>;
}

/**
 * esbuild run on this machine for one entry. `entry` is a field: the asset cache is keyed by the JSON
 * of the bundling options, so it tells functions apart by it.
 */
class LocalBuild implements ILocalBundling {
  constructor(readonly entry: string) {}

  tryBundle(outputDir: string): boolean {
    buildSync(functionBuildOptions(this.entry, outputDir));
    return true;
  }
}

/**
 * The function's code: `entry` bundled by esbuild on this machine (`functionBuildOptions`: an
 * `index.mjs` and its chunks), hashed by what it outputs, as `NodejsFunction` does; that construct
 * writes one file only, and code splitting needs a folder. Synthesising without bundling (the
 * `aws:cdk:bundling-stacks` context) skips it, as for any asset. There is no Docker fallback: the
 * image named is never pulled, since the local build either succeeds or throws.
 */
function bundledCode(entry: string): Code {
  const source = fromRoot(entry);
  return Code.fromAsset(fromRoot('.'), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('esbuild-runs-locally'),
      local: new LocalBuild(source),
    },
  });
}

/**
 * One Lambda function with the project's defaults: the current Node.js runtime on ARM64, the bundle
 * of `functionBuildOptions` (minified ESM chunks with source maps, esbuild, no Docker), its own log group kept one month, X-Ray tracing,
 * and a role that may write only to that log group. What else it may touch, and its variables, come
 * from its manifest entry alone (`applyNeeds`).
 */
export class AppFunction extends Construct {
  readonly handler: LambdaFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });

    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.entry}`,
    });
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );

    this.handler = new LambdaFunction(this, 'Function', {
      code: bundledCode(props.entry),
      handler: `${FUNCTION_INDEX.replace(/\.mjs$/, '')}.handler`,
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup: this.logGroup,
      role,
      environment: { ...FUNCTION_ENVIRONMENT },
    });

    acknowledge(role, XRAY_WILDCARD);
  }

  /**
   * Gives the function what its manifest entry (`lambdas/manifest.ts`) declares, and nothing else:
   * the IAM statements of its needs (`infra/function-needs.ts`: table partitions by
   * `dynamodb:LeadingKeys`, bucket key prefixes, the workflows it starts, the functions it invokes,
   * email as the sender, its secrets, the `investor` group) and exactly the environment variables
   * that go with them. The one place where a function gets any access or variable.
   */
  applyNeeds(name: FunctionName, resources: FunctionResources): this {
    const needs = functionNeeds[name];
    const statement = (json: PolicyStatementJson) =>
      this.handler.addToRolePolicy(PolicyStatement.fromJson(json));
    for (const json of tableStatements(needs.table, resources.table.tableArn)) statement(json);
    const buckets: [IBucket, BucketNeeds & { delete?: readonly string[] }, string][] = [];
    if (needs.uploads) buckets.push([resources.uploads, needs.uploads, 'uploads']);
    if (needs.exports) buckets.push([resources.exports, needs.exports, 'exports']);
    if (needs.searchIndex)
      buckets.push([
        resources.exports,
        searchIndexKeys(needs.searchIndex),
        `search snapshot (${needs.searchIndex})`,
      ]);
    for (const [bucket, keys, what] of buckets) {
      for (const json of bucketStatements(keys, bucket.bucketArn)) {
        statement(json);
        for (const resource of [json.Resource].flat() as string[])
          if (resource.endsWith('*'))
            this.acknowledgeWildcard(
              resource,
              `The keys under one prefix of the ${what} bucket that lambdas/manifest.ts declares for this function; no other key.`,
            );
      }
    }
    for (const machine of needs.starts ?? [])
      resources.stateMachines[machine].grantStartExecution(this.handler);
    for (const target of needs.invokes ?? [])
      this.allow(['lambda:InvokeFunction'], [resources.functions[target].handler.functionArn]);
    if (needs.email) resources.email.grantSend(this.handler);
    for (const secret of needs.secrets ?? []) resources.secrets[secret].grantRead(this.handler);
    // IAM has no condition on the group: only a function whose code names the investor group holds it.
    if (needs.addsToInvestorGroup)
      this.allow(['cognito-idp:AdminAddUserToGroup'], [resources.userPool.userPoolArn]);

    const environment = environmentOf(name, resources.values, 'AWS', (value) => Token.isUnresolved(value));
    for (const [variable, value] of Object.entries(environment)) this.handler.addEnvironment(variable, value);
    return this;
  }

  private allow(actions: string[], resources: string[]): void {
    this.handler.addToRolePolicy(new PolicyStatement({ actions, resources }));
  }

  /** Acknowledges cdk-nag's IAM5 finding for one resource pattern granted to this function. */
  private acknowledgeWildcard(resource: string, reason: string): void {
    const role = this.handler.role;
    if (role) acknowledge(role, { id: wildcardFindingId(role, resource), reason });
  }
}
