import { Aspects, type IAspect, Stack, Token } from 'aws-cdk-lib';
import { CfnPermission } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import type { Stage } from './constructs/data';
import { acknowledge } from './nag';

/**
 * AWS Control Tower's proactive controls, run at every synth by `@cdklabs/cdk-validator-cfnguard`
 * (infra/create-app.ts) beside cdk-nag. What they find is fixed where it matters and acknowledged,
 * with its reason, where it does not; both are reported in `cdk.out/validation-report.json`.
 */
export function acknowledgeGuard(scope: IConstruct, rule: string, reason: string): void {
  acknowledge(scope, { id: `cdk-validator-cfnguard::${rule}`, reason });
}

/**
 * CT.LAMBDA.PR.2: a permission for an AWS service to invoke a function names the account the call
 * must come from, so no other account's API or bucket can invoke it. aws-cdk-lib's integrations give
 * a source ARN built with Fn::Join, which the rule cannot read; the account is added to each.
 */
class SourceAccountOnPermissions implements IAspect {
  visit(node: IConstruct): void {
    if (!(node instanceof CfnPermission) || node.sourceAccount) return;
    if (typeof node.principal !== 'string' || !node.principal.endsWith('.amazonaws.com')) return;
    const { account } = Stack.of(node);
    node.sourceAccount = account;
    if (Token.isUnresolved(account)) {
      acknowledgeGuard(
        node,
        'lambda_function_public_access_prohibited_check',
        'SourceAccount is the stack account (AWS::AccountId), which only becomes a literal once an account is targeted (CDK_DEFAULT_ACCOUNT at deploy); offline synths cannot show it.',
      );
    }
  }
}

/** The template-wide findings, and the fix applied to every Lambda permission. */
export function applyGuardPolicies(stack: Stack, stage: Stage): void {
  Aspects.of(stack).add(new SourceAccountOnPermissions());
  const reasons: [string, string][] = [
    [
      'lambda_inside_vpc_check',
      'The functions reach only AWS APIs (DynamoDB, S3, SES, Step Functions, Secrets Manager) and Stripe over TLS with IAM; a VPC would add NAT gateways (about $33 a month each) and cold-start time and protect nothing here.',
    ],
    [
      'cloudwatch_log_group_encrypted_check',
      'CloudWatch Logs encrypts every log group at rest with its own keys; logs hold no secrets or contact details (the logger redacts none because handlers never log them), so a customer managed KMS key adds cost and key policy upkeep only.',
    ],
    [
      's3_bucket_default_encryption_kms_check',
      'Every bucket is encrypted at rest with S3-managed keys (SSE-S3) and TLS-only; SSE-KMS would add a key and per-request charges, and the browser uploads and presigned downloads would need key grants.',
    ],
    [
      's3_bucket_object_lock_enabled_check',
      'No record here has a legal retention duty that needs WORM storage; data buckets are versioned instead, and Object Lock would keep imports that must expire.',
    ],
    [
      's3_event_notifications_enabled_check',
      'No workflow starts from an S3 event: imports start when the admin says the upload is done (POST /admin/imports/{id}/start), after the API has checked the job.',
    ],
    [
      'cloudfront_origin_failover_enabled_check',
      'The site bucket and the HTTP API live in one region; an origin group would need a replicated second bucket and API for a failure mode the product accepts (docs/operations.md).',
    ],
  ];
  if (stage === 'dev') {
    reasons.push([
      'cloudwatch_log_group_retention_period_check',
      'The dev stage keeps logs a month (nothing there is kept); prod keeps every log group a year.',
    ]);
  }
  for (const [rule, reason] of reasons) acknowledgeGuard(stack, rule, reason);
}
