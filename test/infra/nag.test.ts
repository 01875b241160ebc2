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
describe('cdk-nag AwsSolutions on the prod stage', () => {
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
      expect(ack.id, ack.path).toMatch(/^AwsSolutions::AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(ack.reason.trim().length, `${ack.id} at ${ack.path}`).toBeGreaterThanOrEqual(20);
    }
    for (const violation of suppressedOf(synthesized)) {
      expect(violation.reason.trim().length, violation.acknowledgedId).toBeGreaterThanOrEqual(20);
    }
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
