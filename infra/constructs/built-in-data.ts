import { marshall } from '@aws-sdk/util-dynamodb';
import { Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { BUILT_IN_PORTAL, builtInPortalItem } from '../../lambdas/lib/portals/built-in';
import { acknowledgeCdkHandler } from '../nag';

/** When the deployment's built-in records say they were created (fixed, so the template is stable). */
export const BUILT_IN_CREATED_AT = '2026-11-24T00:00:00.000Z';
export const BUILT_IN_CREATED_BY = 'deployment';

export interface BuiltInDataProps {
  readonly table: ITableV2;
}

/**
 * The records the product needs from its first day on AWS, written by the deployment: the built-in
 * `vcn` portal (lambdas/lib/portals/built-in.ts, the same record the local seed writes). The write is
 * conditional (only when no such portal exists), so an admin's later edits are never overwritten and
 * a redeployment changes nothing.
 */
export class BuiltInData extends Construct {
  readonly portal: AwsCustomResource;

  constructor(scope: Construct, id: string, props: BuiltInDataProps) {
    super(scope, id);
    const putIfAbsent = {
      service: 'DynamoDB',
      action: 'putItem',
      parameters: {
        TableName: props.table.tableName,
        Item: marshall(builtInPortalItem(BUILT_IN_CREATED_AT, BUILT_IN_CREATED_BY), {
          removeUndefinedValues: true,
        }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
      physicalResourceId: PhysicalResourceId.of(`portal-${BUILT_IN_PORTAL.urlIdentifier}`),
      // The portal is already there (made by an earlier deployment or an admin): leave it as it is.
      ignoreErrorCodesMatching: 'ConditionalCheckFailedException',
    };
    this.portal = new AwsCustomResource(this, 'VcnPortal', {
      onCreate: putIfAbsent,
      onUpdate: putIfAbsent,
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [props.table.tableArn] }),
      installLatestAwsSdk: false,
    });
    acknowledgeCdkHandler(Stack.of(this), 'AWS679f53fac002430cb0da5b7982bd2287', 'AwsCustomResource');
  }
}
