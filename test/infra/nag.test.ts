import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeConstructId } from '../../infra/constructs/api';
import { routes } from '../../lambdas/routes';
import {
  acknowledgements,
  fakeWebDist,
  prodContext,
  SYNTH_TIMEOUT,
  type Synthesized,
  synthesize,
} from './support/synth';

interface SuppressedViolation {
  ruleName: string;
  acknowledgedId: string;
  reason: string;
  violatingConstructs: { constructPath: string }[];
}

function suppressedOf(synthesized: Synthesized): SuppressedViolation[] {
  const report = JSON.parse(
    readFileSync(join(synthesized.assemblyDir, 'validation-report.json'), 'utf8'),
  ) as {
    pluginReports: { pluginName: string; suppressedViolations?: SuppressedViolation[] }[];
  };
  return report.pluginReports.flatMap((plugin) => plugin.suppressedViolations ?? []);
}

// The dev stage is checked by bundling.test.ts, on the synth it already makes.
describe('cdk-nag AwsSolutions and the Control Tower cfn-guard rules on the prod stage', () => {
  let synthesized: Synthesized;

  beforeAll(() => {
    synthesized = synthesize({ context: prodContext, webDist: fakeWebDist() });
  }, SYNTH_TIMEOUT);

  it('leaves no unacknowledged error or warning', () => {
    const listed = synthesized.violations.map((v) => `${v.severity} ${v.rule} at ${v.paths.join(', ')}`);

    expect(listed).toEqual([]);
  });

  it('ran the checks: the acknowledged findings appear as suppressed in the validation report', () => {
    const rules = suppressedOf(synthesized).map((violation) => violation.ruleName);

    expect(rules).toEqual(
      expect.arrayContaining(['AwsSolutions-COG1', 'AwsSolutions-APIG4', 'AwsSolutions-SMG4']),
    );
  });

  it('acknowledges every finding by its full id with a reason', () => {
    const acks = acknowledgements(synthesized.stack);

    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.id, ack.path).toMatch(
        /^(AwsSolutions::AwsSolutions-[A-Z]+\d+(\[.+\])?|cdk-validator-cfnguard::[a-z0-9_]+_check)$/,
      );
      expect(ack.reason.trim().length, `${ack.id} at ${ack.path}`).toBeGreaterThanOrEqual(20);
    }
    for (const violation of suppressedOf(synthesized)) {
      expect(violation.reason.trim().length, violation.acknowledgedId).toBeGreaterThanOrEqual(20);
    }
  });

  it('ran the Control Tower rules: what they find is fixed or acknowledged, never left', () => {
    const guard = suppressedOf(synthesized).filter((v) =>
      v.acknowledgedId.startsWith('cdk-validator-cfnguard::'),
    );
    const rules = new Set(guard.map((v) => v.acknowledgedId.replace('cdk-validator-cfnguard::', '')));

    // Acknowledged with a reason (infra/guard.ts and the constructs).
    expect([...rules].sort()).toEqual(
      [
        'api_gw_v2_authorization_type_configured_check',
        'cloudfront_origin_failover_enabled_check',
        'cloudwatch_log_group_encrypted_check',
        'lambda_inside_vpc_check',
        's3_bucket_default_encryption_kms_check',
        's3_bucket_logging_enabled_check',
        's3_bucket_object_lock_enabled_check',
        's3_bucket_versioning_enabled_check',
        's3_event_notifications_enabled_check',
      ].sort(),
    );
    // Fixed, not acknowledged: Lambda permissions name the source account, prod logs are kept a year,
    // and the buckets that hold data are versioned.
    expect(rules).not.toContain('lambda_function_public_access_prohibited_check');
    expect(rules).not.toContain('cloudwatch_log_group_retention_period_check');
    const unversioned = guard
      .filter((v) => v.acknowledgedId.endsWith('s3_bucket_versioning_enabled_check'))
      .flatMap((v) => v.violatingConstructs.map((c) => c.constructPath))
      .sort();
    expect(unversioned).toEqual([
      'InvestorDirectory-prod/Data/Logs/Resource',
      'InvestorDirectory-prod/Site/Bucket/Resource',
    ]);
  });

  it('acknowledges a public route finding only on routes that are public in lambdas/routes.ts', () => {
    const publicRouteFindings = suppressedOf(synthesized)
      .filter((violation) => violation.ruleName === 'AwsSolutions-APIG4')
      .flatMap((violation) => violation.violatingConstructs.map((c) => c.constructPath));

    const stackName = synthesized.stack.node.id;
    expect(publicRouteFindings.sort()).toEqual(
      routes
        .filter((route) => route.auth === 'public')
        .map((route) => `${stackName}/Api/${routeConstructId(route)}/Resource`)
        .sort(),
    );
  });
});
