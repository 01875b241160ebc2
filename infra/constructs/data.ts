import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type BucketProps,
  HttpMethods,
  type LifecycleRule,
  ObjectOwnership,
  StorageClass,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { tableDefinition } from '../../lambdas/lib/table/definition';
import { CRM_EXPORT_DAYS, CRM_EXPORT_PREFIX } from '../../shared/library/crm-export';
import { SEARCH_INDEX_CHANGES_PREFIX, SEARCH_INDEX_KEY } from '../../shared/search/snapshot';
import type { DeploymentConfig } from '../config';
import { acknowledgeGuard } from '../guard';
import { acknowledge } from '../nag';

export type Stage = DeploymentConfig['stage'];

/**
 * How long logs are kept: a year in prod (AWS Control Tower's CT.CLOUDWATCH.PR.2: enough to look back
 * at a season's payments and imports), a month in dev.
 */
export function logRetention(stage: Stage): RetentionDays {
  return stage === 'prod' ? RetentionDays.ONE_YEAR : RetentionDays.ONE_MONTH;
}

/** Days an import's uploaded CSV file is kept (`imports/` in the uploads bucket). */
export const IMPORT_FILE_DAYS = 30;

/**
 * What becomes of a resource that holds data or history when the stack deletes or replaces it: kept
 * in prod, deleted with the stack in dev. Kept means RETAIN_ON_UPDATE_OR_DELETE (CloudFormation's
 * `RetainExceptOnCreate`): a first deployment that fails and rolls back deletes what it had just
 * created, so the deployment can simply be retried (a plain Retain leaves orphans whose fixed names
 * or data then block it).
 */
export function keptInProd(stage: Stage): RemovalPolicy {
  return stage === 'prod' ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY;
}

/** The single table, built from `lambdas/lib/table/definition.ts` so keys and indexes cannot drift. */
export function buildTable(scope: Construct, id: string): TableV2 {
  const { partitionKey, sortKey, ttlAttribute, indexes } = tableDefinition;
  return new TableV2(scope, id, {
    partitionKey: { name: partitionKey, type: AttributeType.STRING },
    sortKey: { name: sortKey, type: AttributeType.STRING },
    billing: Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: true,
    timeToLiveAttribute: ttlAttribute,
    // The table holds every record of the product: it is never deleted with the stack, in any stage
    // (but a failed first creation still rolls back cleanly, see keptInProd).
    removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    globalSecondaryIndexes: Object.entries(indexes).map(([indexName, index]) => ({
      indexName,
      partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
      sortKey: { name: index.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    })),
  });
}

export interface PrivateBucketProps {
  readonly stage: Stage;
  /** Where S3 server access logs go (under `s3/<id>/`). */
  readonly accessLogs: Bucket;
  readonly versioned?: boolean;
  readonly cors?: BucketProps['cors'];
  /** Rules for the bucket's own objects, besides the common ones. */
  readonly lifecycleRules?: LifecycleRule[];
}

/**
 * A private bucket: public access blocked, S3-managed encryption, TLS-only policy, server access
 * logs. Kept on stack deletion in prod; emptied and deleted with the stack in dev.
 */
export function privateBucket(scope: Construct, id: string, props: PrivateBucketProps): Bucket {
  const dev = props.stage === 'dev';
  return new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    versioned: props.versioned ?? false,
    serverAccessLogsBucket: props.accessLogs,
    serverAccessLogsPrefix: `s3/${id}/`,
    lifecycleRules: [
      { abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ...(props.versioned ? [{ noncurrentVersionExpiration: Duration.days(30) }] : []),
      ...(props.lifecycleRules ?? []),
    ],
    ...(props.cors ? { cors: props.cors } : {}),
    removalPolicy: keptInProd(props.stage),
    autoDeleteObjects: dev,
  });
}

export interface DataProps {
  readonly stage: Stage;
  /** Origins allowed to PUT to presigned upload URLs: `https://domain` and `https://*.domain`. */
  readonly uploadOrigins: string[];
}

/**
 * The stateful storage: the single DynamoDB table, the uploads bucket (admin CSV imports through
 * presigned PUT URLs), the exports bucket (CSV exports) and the log bucket that receives S3 server
 * access logs and CloudFront logs.
 */
export class Data extends Construct {
  readonly table: TableV2;
  readonly logs: Bucket;
  readonly uploads: Bucket;
  readonly exports: Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const dev = props.stage === 'dev';

    this.table = buildTable(this, 'Table');

    // CloudFront standard logging writes with ACLs, so this bucket keeps them enabled (owner preferred).
    this.logs = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(dev ? 30 : 365) }],
      removalPolicy: keptInProd(props.stage),
      autoDeleteObjects: dev,
    });
    acknowledge(this.logs, {
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log destination itself; logging its own access would log every log delivery.',
    });
    acknowledgeGuard(
      this.logs,
      's3_bucket_logging_enabled_check',
      'This is the access-log destination itself; logging its own access would log every log delivery.',
    );
    acknowledgeGuard(
      this.logs,
      's3_bucket_versioning_enabled_check',
      'Logs are written once and never overwritten, and expire on a schedule; versions would only keep deleted logs longer.',
    );

    this.uploads = privateBucket(this, 'Uploads', {
      stage: props.stage,
      accessLogs: this.logs,
      versioned: true,
      // An import's file is read while its workflow runs (minutes); the job keeps its outcome. Thirty
      // days leave time to look at a file an admin asks about, then it goes.
      lifecycleRules: [
        { id: 'ExpireImports', prefix: 'imports/', expiration: Duration.days(IMPORT_FILE_DAYS) },
        // A founder's deck upload (issue 53) is checked and copied to decks/ at once: what is left
        // there (refused, or never finished) goes after a day.
        { id: 'ExpireDeckUploads', prefix: 'deck-uploads/', expiration: Duration.days(1) },
      ],
      cors: [
        {
          // PUT: the browser's uploads (imports, decks); GET: a deck link's viewer reads the PDF
          // through a presigned URL (issue 53).
          allowedMethods: [HttpMethods.PUT, HttpMethods.GET],
          allowedOrigins: props.uploadOrigins,
          allowedHeaders: ['content-type', 'content-md5', 'x-amz-*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
    });
    // A bought CSV never expires: the contact library offers "Download CSV again" for as long as the
    // buyer has the account, and it is the record of what was delivered. It moves to Infrequent
    // Access after 30 days (downloaded rarely by then); overwritten versions go after 30 days.
    this.exports = privateBucket(this, 'Exports', {
      stage: props.stage,
      accessLogs: this.logs,
      versioned: true,
      lifecycleRules: [
        {
          id: 'ExportsToInfrequentAccess',
          prefix: 'exports/',
          transitions: [{ storageClass: StorageClass.INFREQUENT_ACCESS, transitionAfter: Duration.days(30) }],
        },
        // The search snapshot is derived (rebuilt from the table by any recount): its change objects
        // are folded within minutes, and a replaced snapshot is of no use a day later.
        // The contact library's CRM files (issue 32): built per request, fetched within minutes.
        {
          id: 'ExpireCrmExports',
          prefix: CRM_EXPORT_PREFIX,
          expiration: Duration.days(CRM_EXPORT_DAYS),
          noncurrentVersionExpiration: Duration.days(CRM_EXPORT_DAYS),
        },
        {
          id: 'ExpireSearchIndexChanges',
          prefix: SEARCH_INDEX_CHANGES_PREFIX,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
        {
          id: 'ExpireOldSearchSnapshots',
          prefix: SEARCH_INDEX_KEY,
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
    });
  }
}
