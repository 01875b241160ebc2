import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type BucketProps,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { tableDefinition } from '../../lambdas/lib/table/definition';
import type { DeploymentConfig } from '../config';
import { acknowledge } from '../nag';

export type Stage = DeploymentConfig['stage'];

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
    // The table holds every record of the product: it is never deleted with the stack, in any stage.
    removalPolicy: RemovalPolicy.RETAIN,
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
      { abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ...(props.versioned ? [{ noncurrentVersionExpiration: Duration.days(30) }] : []),
    ],
    ...(props.cors ? { cors: props.cors } : {}),
    removalPolicy: dev ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
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
      removalPolicy: dev ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      autoDeleteObjects: dev,
    });
    acknowledge(this.logs, {
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log destination itself; logging its own access would log every log delivery.',
    });

    this.uploads = privateBucket(this, 'Uploads', {
      stage: props.stage,
      accessLogs: this.logs,
      versioned: true,
      cors: [
        {
          allowedMethods: [HttpMethods.PUT],
          allowedOrigins: props.uploadOrigins,
          allowedHeaders: ['content-type', 'content-md5', 'x-amz-*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
    });
    this.exports = privateBucket(this, 'Exports', {
      stage: props.stage,
      accessLogs: this.logs,
      versioned: true,
    });
  }
}
