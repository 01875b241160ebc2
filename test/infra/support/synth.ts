import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import type { EdgeFirewallStack } from '../../../infra/constructs/firewall';
import { createApp } from '../../../infra/create-app';
import { fromRoot } from '../../../infra/paths';
import type { InvestorDirectoryStack } from '../../../infra/stack';
import { PRERENDERED_PAGES } from '../../../shared/prerendered-pages';

/** The context of `cdk.json`: feature flags and the dev stage's placeholder values. */
export const cdkJsonContext: Record<string, unknown> = JSON.parse(
  readFileSync(fromRoot('cdk.json'), 'utf8'),
).context;

/** Real-looking production values (none of them a placeholder). */
export const prodContext: Record<string, unknown> = {
  ...cdkJsonContext,
  stage: 'prod',
  domain: 'vcdirectory.io',
  hostedZoneId: 'Z04517273VCDIRECTORY1',
  hostedZoneName: 'vcdirectory.io',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/5f3c2a1e-8d7b-4c6a-9e0f-1a2b3c4d5e6f',
  apiCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  sesSender: 'no-reply@mail.vcdirectory.io',
  feedbackEmail: 'feedback@vcdirectory.io',
  alarmEmail: 'ops@vcdirectory.io',
  paymentLinkTier50: 'https://buy.stripe.com/4gw5kT0aB1cD',
  paymentLinkTier250: 'https://buy.stripe.com/8xq6lU1bC2dE',
  paymentLinkTier1000: 'https://buy.stripe.com/3fa7mV2cD3eF',
  paymentLinkTier2500: 'https://buy.stripe.com/9kb8nW3dE4fG',
  paymentLinkIdTier50: 'plink_1QwErTyUiOp50',
  paymentLinkIdTier250: 'plink_1QwErTyUiOp250',
  paymentLinkIdTier1000: 'plink_1QwErTyUiOp1000',
  paymentLinkIdTier2500: 'plink_1QwErTyUiOp2500',
  stripeConnectClientId: 'ca_Q2w3E4r5T6y7U8i9O0p',
  portalSubdomains: 'vcn,acme',
  cognitoEmailViaSes: 'true',
};

/** Synthesising takes tens of seconds, minutes on a busy machine: beforeAll hooks get this much (a hang guard). */
export const SYNTH_TIMEOUT = 900_000;

let webDist: string | undefined;

/**
 * A stand-in for `web/dist` with its entry file, the prerendered pages' files and one hashed asset
 * (one per test process).
 */
export function fakeWebDist(): string {
  if (webDist) return webDist;
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  webDist = dir;
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const page of PRERENDERED_PAGES)
    writeFileSync(
      join(dir, page.file),
      `<!doctype html><div id="root" data-prerendered="${page.path}"></div>`,
    );
  writeFileSync(join(dir, 'assets', 'index-1a2b3c.js'), 'console.log(1)');
  return dir;
}

export interface SynthOptions {
  context: Record<string, unknown>;
  /** Run esbuild for every function (slow); otherwise asset bundling is skipped. */
  bundle?: boolean;
  webDist?: string;
}

/** One violation of the validation report, as the test prints it. */
export interface ReportedViolation {
  plugin: string;
  rule: string;
  severity: string;
  paths: string[];
}

export interface Synthesized {
  stack: InvestorDirectoryStack;
  template: Template;
  /** The us-east-1 stack of the distribution's web ACL. */
  edgeStack: EdgeFirewallStack;
  edgeTemplate: Template;
  /** Unacknowledged findings (cdk-nag and construct annotations) of the validation report. */
  violations: ReportedViolation[];
  assemblyDir: string;
}

interface ValidationReportJson {
  pluginReports: {
    pluginName: string;
    violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

const synthesized = new Map<string, Synthesized>();

/**
 * Synthesises the app as `cdk synth` does (cdk-nag included) and reads the template and report, once
 * per set of options: the infra test files share one process (`isolate: false` in vitest.config.ts),
 * so the production stack is synthesised once for all of them.
 */
export function synthesize(options: SynthOptions): Synthesized {
  const key = JSON.stringify(options);
  const cached = synthesized.get(key);
  if (cached) return cached;
  const result = synthesizeOnce(options);
  synthesized.set(key, result);
  return result;
}

function synthesizeOnce(options: SynthOptions): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-out-'));
  const { app, stack, edgeStack } = createApp({
    context: {
      ...options.context,
      'aws:cdk:bundling-stacks': options.bundle ? ['**'] : [],
      // Keep the report on disk instead of throwing on the first error: the test lists them all.
      '@aws-cdk/core:failSynthOnValidationErrors': false,
    },
    // An account is targeted only with real values: with cdk.json's placeholders it would be refused.
    env: {
      ...(options.context.stage === 'prod' ? { CDK_DEFAULT_ACCOUNT: '123456789012' } : {}),
      CDK_DEFAULT_REGION: 'us-east-1',
    },
    outdir,
    ...(options.webDist ? { webDist: options.webDist } : {}),
  });
  const assembly = app.synth();
  let report: ValidationReportJson = { pluginReports: [] };
  try {
    report = JSON.parse(readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const violations = report.pluginReports.flatMap((plugin) =>
    plugin.violations.map((violation) => ({
      plugin: plugin.pluginName,
      rule: violation.ruleName,
      severity: violation.severity,
      paths: violation.violatingConstructs.map((c) => c.constructPath),
    })),
  );
  return {
    stack,
    template: Template.fromStack(stack),
    edgeStack,
    edgeTemplate: Template.fromStack(edgeStack),
    violations,
    assemblyDir: assembly.directory,
  };
}

/** Every acknowledgement recorded in the construct tree: where, which finding, and why. */
export function acknowledgements(root: IConstruct): { path: string; id: string; reason: string }[] {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: construct.node.path,
          id,
          reason,
        })),
      ),
  );
}
