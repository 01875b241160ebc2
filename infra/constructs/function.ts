import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { acknowledge, wildcardFindingId, XRAY_WILDCARD } from '../nag';
import { fromRoot } from '../paths';
import type { EmailSender } from './email';
import { FUNCTION_BUNDLING, FUNCTION_ENVIRONMENT } from './function-bundling';

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

type TableAccess = 'read' | 'readWrite';
type BucketAccess = 'read' | 'put' | 'readWrite';

const BUCKET_ACCESS_VERBS: Record<BucketAccess, string> = {
  read: 'reads',
  put: 'writes (the presigned PUT URLs it signs)',
  readWrite: 'reads and writes',
};

/**
 * One Lambda function with the project's defaults: the current Node.js runtime on ARM64, the bundle
 * of `FUNCTION_BUNDLING` (minified ESM with source maps, esbuild, no Docker), its own log group kept one month, X-Ray tracing,
 * and a role that may write only to that log group. Resources are bound with `bind*`, each call
 * granting exactly one access and setting the environment variable the handler reads with it, so a
 * function gets only what its handler uses (see `lambdas/lib/config.ts` for the variable names).
 */
export class AppFunction extends Construct {
  readonly handler: NodejsFunction;
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

    this.handler = new NodejsFunction(this, 'Function', {
      entry: fromRoot(props.entry),
      handler: 'handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      logGroup: this.logGroup,
      role,
      projectRoot: fromRoot('.'),
      depsLockFilePath: fromRoot('package-lock.json'),
      environment: { ...FUNCTION_ENVIRONMENT },
      bundling: {
        ...FUNCTION_BUNDLING,
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        mainFields: [...FUNCTION_BUNDLING.mainFields],
        externalModules: [...FUNCTION_BUNDLING.externalModules],
      },
    });

    acknowledge(role, XRAY_WILDCARD);
  }

  /** Reads or reads and writes the single table: grants the data actions and sets `TABLE_NAME`. */
  bindTable(table: ITableV2, access: TableAccess = 'readWrite'): this {
    if (access === 'read') table.grantReadData(this.handler);
    else table.grantReadWriteData(this.handler);
    this.handler.addEnvironment('TABLE_NAME', table.tableName);
    this.acknowledgeWildcard(
      `${table.tableArn}/index/*`,
      "The table's own global secondary indexes (gsi1, gsi2) are queried; the wildcard covers only this table's indexes.",
    );
    return this;
  }

  /**
   * Binds a storage section of `lambdas/lib/config.ts`: every bucket's name goes to its environment
   * variable (the handler validates the section as a whole), and only the listed buckets get access:
   * `read` (get objects, list the bucket so a missing key is a 404), `put` (write objects, which is
   * also what a presigned PUT URL needs), or `readWrite`.
   */
  bindStorage(
    buckets: Readonly<Record<string, IBucket>>,
    access: Readonly<Record<string, BucketAccess | undefined>>,
  ): this {
    for (const [envName, bucket] of Object.entries(buckets)) {
      this.handler.addEnvironment(envName, bucket.bucketName);
      const level = access[envName];
      if (!level) continue;
      const objects = bucket.arnForObjects('*');
      if (level === 'read' || level === 'readWrite') {
        this.allow(['s3:GetObject'], [objects]);
        this.allow(['s3:ListBucket'], [bucket.bucketArn]);
      }
      if (level === 'put' || level === 'readWrite') this.allow(['s3:PutObject'], [objects]);
      this.acknowledgeWildcard(
        objects,
        `The objects of the ${envName} bucket, which this function ${BUCKET_ACCESS_VERBS[level]}; no other bucket.`,
      );
    }
    return this;
  }

  /**
   * The search snapshot (`lambdas/lib/directory/search-index.ts`): its bucket, how long a copy is
   * trusted, and access to its keys only. `read`: the snapshot (and listing, so a snapshot not yet
   * written is a 404, not a 403), for the directory. `record`: change objects, for whoever writes
   * searchable investors. `maintain`: all of that and rewriting the snapshot, for the aggregation.
   */
  bindSearchIndex(
    bucket: IBucket,
    keys: { snapshot: string; changesPrefix: string; recountPrefix: string },
    access: 'read' | 'record' | 'maintain',
    maxAgeSeconds = 30,
  ): this {
    this.handler.addEnvironment('SEARCH_INDEX_BUCKET', bucket.bucketName);
    this.handler.addEnvironment('SEARCH_INDEX_MAX_AGE_SECONDS', String(maxAgeSeconds));
    const snapshot = bucket.arnForObjects(keys.snapshot);
    const changes = bucket.arnForObjects(`${keys.changesPrefix}*`);
    if (access === 'read' || access === 'maintain') {
      this.allow(['s3:GetObject'], access === 'read' ? [snapshot] : [snapshot, changes]);
      this.allow(['s3:ListBucket'], [bucket.bucketArn]);
    }
    if (access === 'record' || access === 'maintain')
      this.allow(['s3:PutObject'], access === 'record' ? [changes] : [snapshot, changes]);
    if (access === 'maintain') {
      // A recount in progress: its state and the cards its steps read, deleted when it finishes.
      const recount = bucket.arnForObjects(`${keys.recountPrefix}*`);
      this.allow(['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], [recount]);
      this.acknowledgeWildcard(
        recount,
        "A recount's folders (its state and the cards each step read); no other key.",
      );
    }
    if (access !== 'read')
      this.acknowledgeWildcard(
        changes,
        "The search snapshot's change objects (one per batch of searchable investors written); no other key.",
      );
    return this;
  }

  /** May start executions of a state machine; sets `envName` to its ARN. */
  bindStateMachine(envName: string, stateMachine: StateMachine): this {
    stateMachine.grantStartExecution(this.handler);
    this.handler.addEnvironment(envName, stateMachine.stateMachineArn);
    return this;
  }

  /** May send email as the configured sender only: sets `SES_FROM` and `SES_CONFIGURATION_SET`. */
  bindEmail(sender: EmailSender): this {
    sender.grantSend(this.handler);
    this.handler.addEnvironment('SES_FROM', sender.fromAddress);
    this.handler.addEnvironment('SES_CONFIGURATION_SET', sender.configurationSetName);
    return this;
  }

  /** May read one secret's value; sets `envName` to the secret's ARN (the value is read at run time). */
  bindSecret(envName: string, secret: ISecret): this {
    secret.grantRead(this.handler);
    this.handler.addEnvironment(envName, secret.secretArn);
    return this;
  }

  /**
   * May add users to a group of the user pool (`cognito-idp:AdminAddUserToGroup` on that pool, and
   * nothing else on it); sets `COGNITO_USER_POOL_ID`. IAM cannot narrow the action to one group: the
   * handler names the group (`lambdas/lib/identity.ts`, the `investor` group only).
   */
  bindInvestorGroup(userPool: IUserPool): this {
    this.allow(['cognito-idp:AdminAddUserToGroup'], [userPool.userPoolArn]);
    this.handler.addEnvironment('COGNITO_USER_POOL_ID', userPool.userPoolId);
    return this;
  }

  /** Plain configuration values (never secrets). */
  addConfiguration(values: Readonly<Record<string, string>>): this {
    for (const [name, value] of Object.entries(values)) this.handler.addEnvironment(name, value);
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
