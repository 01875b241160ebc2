import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_LIMIT_BODY,
  CLIENT_LIMIT_EXEMPT_PATHS,
  CLIENT_LIMITS,
  limitApplies,
} from '../../infra/client-limits';
import { MANAGED_RULE_GROUPS } from '../../infra/constructs/firewall';
import type { InvestorDirectoryStack } from '../../infra/stack';
import { fakeWebDist, prodContext, SYNTH_TIMEOUT, type Synthesized, synthesize } from './support/synth';
import { actionsOf, logicalIdOf, resourcesOf, statementsOf } from './support/template';

/**
 * The edge of issue 48: per-client limits at AWS WAF from the one table of infra/client-limits.ts,
 * the API reachable only through its custom domain (CloudFront's origin), and the pool's MFA.
 */
let synthesized: Synthesized;
let template: Template;
let edgeTemplate: Template;
let stack: InvestorDirectoryStack;

beforeAll(() => {
  synthesized = synthesize({ context: prodContext, webDist: fakeWebDist() });
  ({ template, edgeTemplate, stack } = synthesized);
}, SYNTH_TIMEOUT);

interface Rule {
  Name: string;
  Priority: number;
  Statement: Record<string, unknown>;
  Action?: { Block?: { CustomResponse?: { ResponseCode: number; CustomResponseBodyKey: string } } };
  OverrideAction?: unknown;
}
interface WebAcl {
  Scope: string;
  DefaultAction: unknown;
  Rules: Rule[];
  CustomResponseBodies: Record<string, { ContentType: string; Content: string }>;
}

const aclOf = (from: Template): WebAcl => {
  const acls = Object.values(resourcesOf(from, 'AWS::WAFv2::WebACL'));
  expect(acls).toHaveLength(1);
  return acls[0]?.Properties as unknown as WebAcl;
};

/** The path patterns a WAF statement names (regex matches anywhere in it). */
const regexesOf = (statement: unknown): string[] =>
  JSON.stringify(statement)
    .match(/"RegexString":"((?:[^"\\]|\\.)*)"/g)
    ?.map((match) => JSON.parse(match.slice('"RegexString":'.length)) as string) ?? [];

describe('the distribution web ACL (us-east-1, CLOUDFRONT scope)', () => {
  it('lives in its own us-east-1 stack and is the distribution web ACL', () => {
    expect(synthesized.edgeStack.region).toBe('us-east-1');
    const acl = aclOf(edgeTemplate);
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    // A weak reference (cdk.json's default): the output of the edge stack, read in its region, so the
    // same holds when the main stack is in another region.
    const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
    const webAclId = (distribution?.Properties?.DistributionConfig as { WebACLId?: unknown } | undefined)
      ?.WebACLId as { 'Fn::GetStackOutput'?: { StackName: string; Region: string; OutputName: string } };
    expect(webAclId['Fn::GetStackOutput']).toMatchObject({
      StackName: synthesized.edgeStack.stackName,
      Region: 'us-east-1',
    });
    const output = edgeTemplate.toJSON().Outputs[webAclId['Fn::GetStackOutput']?.OutputName ?? ''];
    expect(output?.Value).toEqual({
      'Fn::GetAtt': [logicalIdOf(synthesized.edgeStack.firewall.webAcl), 'Arn'],
    });
    expect(template.toJSON().Resources).not.toHaveProperty(
      logicalIdOf(synthesized.edgeStack.firewall.webAcl),
    );
  });

  it('has one rate-based rule per IP for each site limit of the table, answering 429 with the API envelope', () => {
    const acl = aclOf(edgeTemplate);
    const siteLimits = CLIENT_LIMITS.filter((limit) => limit.home === 'site');
    const rateRules = acl.Rules.filter((rule) => 'RateBasedStatement' in rule.Statement);

    expect(rateRules.map((rule) => rule.Name)).toEqual(siteLimits.map((limit) => `limit-${limit.name}`));
    for (const [index, limit] of siteLimits.entries()) {
      const rule = rateRules[index] as Rule;
      const rate = rule.Statement.RateBasedStatement as Record<string, unknown>;
      expect(rate).toMatchObject({
        AggregateKeyType: 'IP',
        Limit: limit.limit,
        EvaluationWindowSec: limit.windowSeconds,
      });
      expect(regexesOf(rate.ScopeDownStatement)).toContain(limit.path);
      expect(rule.Action?.Block?.CustomResponse?.ResponseCode).toBe(429);
      const key = rule.Action?.Block?.CustomResponse?.CustomResponseBodyKey ?? '';
      expect(acl.CustomResponseBodies[key]).toEqual({
        ContentType: 'APPLICATION_JSON',
        Content: CLIENT_LIMIT_BODY,
      });
    }
    // Stricter on search, suggestions and data requests than on the API as a whole.
    const limitOf = (name: string) => CLIENT_LIMITS.find((limit) => limit.name === name);
    const api = limitOf('api');
    for (const name of ['search', 'suggestions', 'data-requests']) {
      const strict = limitOf(name);
      expect(strict && api && strict.limit / strict.windowSeconds < api.limit / api.windowSeconds, name).toBe(
        true,
      );
    }
  });

  it('exempts the Stripe webhook from every rate rule and every managed rule group', () => {
    const acl = aclOf(edgeTemplate);
    const [webhook] = CLIENT_LIMIT_EXEMPT_PATHS;
    expect(webhook).toBe('^/api/stripe/webhook$');
    for (const rule of acl.Rules) {
      const statement = JSON.stringify(rule.Statement);
      expect(statement, rule.Name).toContain('"NotStatement"');
      expect(regexesOf(rule.Statement), rule.Name).toContain(webhook);
    }
    // The same table locally: the webhook counts for no limit, a search for `search` and `api`.
    const webhookPost = { home: 'site', method: 'POST', path: '/api/stripe/webhook' } as const;
    expect(CLIENT_LIMITS.filter((limit) => limitApplies(limit, webhookPost))).toEqual([]);
    const search = { home: 'site', method: 'GET', path: '/api/investors' } as const;
    expect(CLIENT_LIMITS.filter((limit) => limitApplies(limit, search)).map((limit) => limit.name)).toEqual([
      'search',
      'api',
    ]);
  });

  it('runs the AWS managed rule groups, with only the body size rule counting (large carts)', () => {
    const acl = aclOf(edgeTemplate);
    const managed = acl.Rules.filter((rule) => 'ManagedRuleGroupStatement' in rule.Statement);

    expect(
      managed.map((rule) => (rule.Statement.ManagedRuleGroupStatement as { Name: string }).Name),
    ).toEqual(MANAGED_RULE_GROUPS.map((group) => group.name));
    for (const rule of managed) expect(rule.OverrideAction).toEqual({ None: {} });
    const common = managed.find((rule) => rule.Name === 'aws-AWSManagedRulesCommonRuleSet');
    expect(
      (common?.Statement.ManagedRuleGroupStatement as { RuleActionOverrides: unknown } | undefined)
        ?.RuleActionOverrides,
    ).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
    // Priorities are unique: WAF refuses a web ACL otherwise.
    expect(new Set(acl.Rules.map((rule) => rule.Priority)).size).toBe(acl.Rules.length);
  });
});

describe("the user pool's web ACL (REGIONAL): sign-up per client", () => {
  it('limits SignUp per IP on the pool, the browser calls Cognito directly on AWS', () => {
    const acl = aclOf(template);
    const signUp = CLIENT_LIMITS.find((limit) => limit.name === 'sign-up');

    expect(acl.Scope).toBe('REGIONAL');
    expect(acl.Rules).toHaveLength(1);
    expect(acl.Rules[0]?.Statement).toEqual({
      RateBasedStatement: {
        AggregateKeyType: 'IP',
        Limit: signUp?.limit,
        EvaluationWindowSec: signUp?.windowSeconds,
        ScopeDownStatement: {
          ByteMatchStatement: {
            SearchString: 'AWSCognitoIdentityProviderService.SignUp',
            FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
            PositionalConstraint: 'EXACTLY',
            TextTransformations: [{ Priority: 0, Type: 'NONE' }],
          },
        },
      },
    });
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [logicalIdOf(stack.auth.userPool), 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [logicalIdOf(stack.userPoolFirewall.webAcl), 'Arn'] },
    });
  });
});

describe('the API only behind CloudFront', () => {
  it("disables the default execute-api endpoint and serves the API on its custom domain, CloudFront's origin", () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.vcdirectory.io',
      DomainNameConfigurations: [
        Match.objectLike({
          CertificateArn: prodContext.apiCertificateArn,
          EndpointType: 'REGIONAL',
          SecurityPolicy: 'TLS_1_2',
        }),
      ],
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', {
      ApiId: { Ref: logicalIdOf(stack.api.httpApi) },
      DomainName: { Ref: logicalIdOf(stack.api.domainName) },
      Stage: '$default',
    });
    for (const type of ['A', 'AAAA'])
      template.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: 'api.vcdirectory.io.',
        Type: type,
        AliasTarget: Match.objectLike({
          DNSName: { 'Fn::GetAtt': [logicalIdOf(stack.api.domainName), 'RegionalDomainName'] },
        }),
      });
    const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
    const origins =
      (distribution?.Properties?.DistributionConfig as { Origins: { DomainName: unknown }[] } | undefined)
        ?.Origins ?? [];
    expect(origins.map((origin) => origin.DomainName)).toContain('api.vcdirectory.io');
    expect(JSON.stringify(template.toJSON())).not.toContain('.execute-api.');
  });
});

describe('admin accounts', () => {
  it('offers TOTP MFA on the pool (optional: the spec has no MFA step for founders), no SMS', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('gives the admin group only to users with TOTP on: a Pre Token Generation trigger that may only read users', () => {
    const [pool] = Object.values(resourcesOf(template, 'AWS::Cognito::UserPool'));
    expect(
      (pool?.Properties?.LambdaConfig as Record<string, unknown> | undefined)?.PreTokenGeneration,
    ).toEqual({
      'Fn::GetAtt': [logicalIdOf(stack.auth.preToken.handler), 'Arn'],
    });
    const statements = statementsOf(template, stack.auth.preToken).filter(
      (statement) => !actionsOf([statement]).every((action) => /^(logs|xray):/.test(action)),
    );
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: 'cognito-idp:AdminGetUser',
        Resource: 'arn:aws:cognito-idp:us-east-1:123456789012:userpool/*',
      },
    ]);
  });
});
