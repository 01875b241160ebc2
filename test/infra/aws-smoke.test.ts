import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseMail } from '../aws/mail';
import { createThrowawayApp, SMOKE_STACK_PREFIX } from '../aws/throwaway';
import { cdkJsonContext, fakeWebDist, SYNTH_TIMEOUT } from './support/synth';

/**
 * `npm run test:aws` without an account (docs/operations.md, "Proving a deployment"): its throwaway
 * stack synthesises offline, passes the same checks as the real one and leaves nothing behind when
 * deleted; the command refuses to start without credentials and says what it needs; its reading of the
 * test inbox is checked on messages as SES stores them. Its code is typechecked with the rest.
 */
const ROOT = join(import.meta.dirname, '../..');

describe('the throwaway stack of npm run test:aws', () => {
  let template: Template;
  let stackName = '';
  let violations: unknown[] = [];

  beforeAll(() => {
    const { app, stack } = createThrowawayApp({
      runId: 'ci0synth',
      context: {
        ...cdkJsonContext,
        'aws:cdk:bundling-stacks': [],
        '@aws-cdk/core:failSynthOnValidationErrors': false,
      },
      env: { CDK_DEFAULT_REGION: 'us-east-1' },
      outdir: mkdtempSync(join(tmpdir(), 'cdk-smoke-')),
      webDist: fakeWebDist(),
    });
    const assembly = app.synth();
    const reportFile = join(assembly.directory, 'validation-report.json');
    const report = existsSync(reportFile)
      ? (JSON.parse(readFileSync(reportFile, 'utf8')) as { pluginReports: { violations: unknown[] }[] })
      : { pluginReports: [] };
    violations = report.pluginReports.flatMap((plugin) => plugin.violations);
    template = Template.fromStack(stack);
    stackName = stack.stackName;
  }, SYNTH_TIMEOUT);

  it("is the product's stack under the run's own name, clean under cdk-nag and the Control Tower rules", () => {
    expect(stackName).toBe(`${SMOKE_STACK_PREFIX}ci0synth`);
    expect(violations).toEqual([]);
    expect(Object.keys(template.findResources('AWS::Lambda::Function')).length).toBeGreaterThan(10);
  });

  it('keeps nothing when it is deleted: every resource goes with the stack', () => {
    const resources = Object.entries(template.toJSON().Resources as Record<string, Record<string, unknown>>);
    const kept = resources.filter(
      ([, resource]) =>
        (resource.DeletionPolicy !== undefined && resource.DeletionPolicy !== 'Delete') ||
        (resource.UpdateReplacePolicy !== undefined && resource.UpdateReplacePolicy !== 'Delete'),
    );

    expect(kept.map(([id]) => id)).toEqual([]);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: false })],
    });
    template.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'INACTIVE' });
  });
});

describe('npm run test:aws without an account', () => {
  it('refuses to start, deploys nothing, and names each thing it needs', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'test/aws/run.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      // No credentials anywhere: no variables, an empty home (no ~/.aws), no instance metadata.
      env: {
        PATH: process.env.PATH,
        HOME: mkdtempSync(join(tmpdir(), 'no-aws-')),
        AWS_EC2_METADATA_DISABLED: 'true',
      },
    });

    expect(result.status).toBe(2);
    const message = result.stderr;
    expect(message).toContain(
      'npm run test:aws deploys a throwaway copy of the stack to a real AWS account, smoke-tests it and deletes it.',
    );
    for (const need of [
      'AWS_REGION:',
      'SMOKE_INBOX_DOMAIN:',
      'SMOKE_INBOX_BUCKET:',
      'STRIPE_TEST_SECRET_KEY:',
      'AWS credentials: none found',
      'deployment setting domain',
    ])
      expect(message).toContain(need);
    expect(message).toContain('See docs/operations.md, "Proving a deployment". Nothing was deployed.');
    expect(result.stdout).not.toContain('deploying');
  });
});

describe("the test inbox's messages, as SES stores them", () => {
  it('reads the To header, the decoded text and an attachment by its file name', () => {
    const csv = 'Name,Email\r\nAda,ada@example.org\r\n';
    const raw = [
      'To: smoke-founder-x@inbox.example.org',
      'Subject: Your contacts',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed;',
      ' boundary="outer"',
      '',
      '--outer',
      'Content-Type: text/plain; charset=UTF-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Your code: 123456 =E2=80=94 thanks, =',
      'Z=C3=B6e',
      '--outer',
      'Content-Type: text/csv; name="contacts-c1.csv"',
      'Content-Disposition: attachment; filename="contacts-c1.csv"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(csv).toString('base64'),
      '--outer--',
      '',
    ].join('\r\n');

    const mail = parseMail(raw);

    expect(mail.to).toBe('smoke-founder-x@inbox.example.org');
    expect(mail.subject).toBe('Your contacts');
    expect(mail.text.trim()).toBe('Your code: 123456 — thanks, Zöe');
    expect(mail.parts.find((part) => part.filename === 'contacts-c1.csv')?.content.toString('utf8')).toBe(
      csv,
    );
  });
});
