import { describe, expect, it } from 'vitest';
import {
  DeploymentConfigError,
  isPlaceholder,
  resolveDeploymentConfig,
  siteOrigins,
} from '../../infra/config';
import { cdkJsonContext, prodContext } from './support/synth';

const fromContext = (context: Record<string, unknown>, env: Record<string, string> = {}) =>
  resolveDeploymentConfig({ context: (key) => context[key], env });

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof DeploymentConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a DeploymentConfigError');
}

describe('deployment configuration', () => {
  it('accepts the dev placeholders of cdk.json, so a fresh clone synthesises offline', () => {
    const config = fromContext(cdkJsonContext);

    expect(config.stage).toBe('dev');
    expect(config.domain).toBe('dev.example.com');
  });

  it('names every missing value with its context key and environment variable', () => {
    const problems = problemsOf(() => fromContext({ stage: 'prod' }));

    const missing = [
      ['domain', 'DEPLOY_DOMAIN'],
      ['hostedZoneId', 'DEPLOY_HOSTED_ZONE_ID'],
      ['hostedZoneName', 'DEPLOY_HOSTED_ZONE_NAME'],
      ['certificateArn', 'DEPLOY_CERTIFICATE_ARN'],
      ['apiCertificateArn', 'DEPLOY_API_CERTIFICATE_ARN'],
      ['sesSender', 'DEPLOY_SES_SENDER'],
      ['feedbackEmail', 'DEPLOY_FEEDBACK_EMAIL'],
      ['alarmEmail', 'DEPLOY_ALARM_EMAIL'],
      ['paymentLinkTier50', 'DEPLOY_PAYMENT_LINK_TIER_50'],
      ['paymentLinkTier250', 'DEPLOY_PAYMENT_LINK_TIER_250'],
      ['paymentLinkTier1000', 'DEPLOY_PAYMENT_LINK_TIER_1000'],
      ['paymentLinkTier2500', 'DEPLOY_PAYMENT_LINK_TIER_2500'],
      ['paymentLinkIdTier50', 'DEPLOY_PAYMENT_LINK_ID_TIER_50'],
      ['paymentLinkIdTier250', 'DEPLOY_PAYMENT_LINK_ID_TIER_250'],
      ['paymentLinkIdTier1000', 'DEPLOY_PAYMENT_LINK_ID_TIER_1000'],
      ['paymentLinkIdTier2500', 'DEPLOY_PAYMENT_LINK_ID_TIER_2500'],
      ['stripeConnectClientId', 'DEPLOY_STRIPE_CONNECT_CLIENT_ID'],
    ];
    expect(problems).toHaveLength(missing.length);
    for (const [key, env] of missing) {
      expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${key} .*${env}.*: missing$`)));
    }
  });

  it('refuses a stage other than dev or prod', () => {
    expect(problemsOf(() => fromContext({ ...cdkJsonContext, stage: 'staging' }))).toEqual([
      expect.stringMatching(/^stage .*expected dev or prod/),
    ]);
  });

  it('refuses in prod every placeholder, naming each value', () => {
    const problems = problemsOf(() =>
      fromContext(
        { ...prodContext, domain: 'dev.example.com', hostedZoneName: 'example.com' },
        {
          DEPLOY_PAYMENT_LINK_TIER_50: 'https://buy.stripe.com/test_placeholder_tier_50',
          DEPLOY_STRIPE_CONNECT_CLIENT_ID: 'ca_placeholder',
          DEPLOY_SES_SENDER: 'no-reply@example.com',
        },
      ),
    );

    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'domain',
      'hostedZoneName',
      'sesSender',
      'paymentLinkTier50',
      'stripeConnectClientId',
    ]);
    expect(problems[0]).toContain("'dev.example.com' is a placeholder");
  });

  it('refuses in prod the whole set of cdk.json placeholders', () => {
    const problems = problemsOf(() => fromContext({ ...cdkJsonContext, stage: 'prod' }));

    expect(problems).toHaveLength(17);
    expect(problems.every((problem) => problem.includes('is a placeholder'))).toBe(true);
  });

  it('refuses every placeholder whenever a real account is targeted, in any stage', () => {
    const problems = problemsOf(() => fromContext(cdkJsonContext, { CDK_DEFAULT_ACCOUNT: '210987654321' }));

    expect(problems).toHaveLength(17);
    expect(problems.every((problem) => problem.endsWith('account 210987654321 needs the real value'))).toBe(
      true,
    );
  });

  it('lets an offline synth, or one for the zero account, use the placeholders', () => {
    expect(fromContext(cdkJsonContext).stage).toBe('dev');
    expect(fromContext(cdkJsonContext, { CDK_DEFAULT_ACCOUNT: '000000000000' }).stage).toBe('dev');
  });

  it('accepts real production values', () => {
    const config = fromContext(prodContext);

    expect(config.stage).toBe('prod');
    expect(siteOrigins(config)).toEqual({
      apex: 'https://vcdirectory.io',
      wildcard: 'https://*.vcdirectory.io',
    });
  });

  it('lets an environment variable override the context value', () => {
    const config = fromContext(cdkJsonContext, { DEPLOY_DOMAIN: 'staging.example.com', DEPLOY_STAGE: 'dev' });

    expect(config.domain).toBe('staging.example.com');
  });

  it('refuses a certificate outside us-east-1, which CloudFront cannot use', () => {
    const problems = problemsOf(() =>
      fromContext({
        ...prodContext,
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/5f3c2a1e-8d7b-4c6a-9e0f-1a2b3c4d5e6f',
      }),
    );

    expect(problems).toEqual([expect.stringMatching(/^certificateArn .*us-east-1/)]);
  });

  it('refuses a domain or sender outside the hosted zone', () => {
    const problems = problemsOf(() =>
      fromContext({ ...prodContext, domain: 'vcdirectory.com', sesSender: 'hello@elsewhere.org' }),
    );

    expect(problems).toEqual([
      expect.stringMatching(/^domain .*hosted zone's name \(vcdirectory\.io\)/),
      expect.stringMatching(/^sesSender .*in the hosted zone/),
    ]);
  });

  it('refuses malformed values with the expected shape', () => {
    const problems = problemsOf(() =>
      fromContext({ ...prodContext, paymentLinkTier250: 'http://buy.stripe.com/x', hostedZoneId: 'zone-1' }),
    );

    expect(problems).toEqual([
      expect.stringMatching(/^hostedZoneId .*Z\.\.\./),
      expect.stringMatching(/^paymentLinkTier250 .*https URL/),
    ]);
  });

  it('tells placeholders from real values', () => {
    expect(isPlaceholder('dev.example.com')).toBe(true);
    expect(isPlaceholder('feedback@example.org')).toBe(true);
    expect(isPlaceholder('arn:aws:acm:us-east-1:000000000000:certificate/1')).toBe(true);
    expect(isPlaceholder('Z0000000000PLACEHOLDER')).toBe(true);
    expect(isPlaceholder('vcdirectory.io')).toBe(false);
    expect(isPlaceholder('https://buy.stripe.com/4gw5kT0aB1cD')).toBe(false);
    expect(isPlaceholder('notexample.com')).toBe(false);
  });
});
