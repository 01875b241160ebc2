import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import {
  CLIENT_LIMIT_BODY,
  CLIENT_LIMIT_EXEMPT_PATHS,
  CLIENT_LIMITS,
  type ClientLimit,
} from '../client-limits';

/**
 * AWS WAF in front of the product, built from the per-client limits of infra/client-limits.ts (the
 * local edge applies the same table):
 * - the distribution's web ACL (scope CLOUDFRONT, which AWS only accepts in us-east-1: it lives in
 *   its own small stack there, {@link EdgeFirewallStack}, and the distribution refers to its ARN);
 * - the user pool's web ACL (scope REGIONAL, in the main stack): the browser calls Cognito's API
 *   directly on AWS, so sign-up is limited there.
 * Every rate rule counts per client IP and answers 429 with the API's error envelope.
 */

const LIMITED_BODY_KEY = 'clientLimit';

const noTransformation = [{ priority: 0, type: 'NONE' }];

const pathMatches = (pattern: string): CfnWebACL.StatementProperty => ({
  regexMatchStatement: {
    regexString: pattern,
    fieldToMatch: { uriPath: {} },
    textTransformations: noTransformation,
  },
});

const notExempt = (): CfnWebACL.StatementProperty[] =>
  CLIENT_LIMIT_EXEMPT_PATHS.map((pattern) => ({ notStatement: { statement: pathMatches(pattern) } }));

const allOf = (statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty => {
  const [only] = statements;
  if (statements.length === 1 && only) return only;
  return { andStatement: { statements } };
};

/** What a rule counts, as a WAF statement (the same matching as `limitApplies` in infra/client-limits.ts). */
export function limitScope(rule: ClientLimit): CfnWebACL.StatementProperty {
  if (rule.home === 'userPool') {
    if (!rule.operation) throw new Error(`${rule.name}: a userPool limit names an operation`);
    return {
      byteMatchStatement: {
        searchString: `AWSCognitoIdentityProviderService.${rule.operation}`,
        // singleHeader is untyped in aws-cdk-lib: CloudFormation's own casing.
        fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
        positionalConstraint: 'EXACTLY',
        textTransformations: noTransformation,
      },
    };
  }
  if (!rule.path) throw new Error(`${rule.name}: a site limit names a path`);
  const statements: CfnWebACL.StatementProperty[] = [pathMatches(rule.path), ...notExempt()];
  if (rule.method)
    statements.unshift({
      byteMatchStatement: {
        searchString: rule.method,
        fieldToMatch: { method: {} },
        positionalConstraint: 'EXACTLY',
        textTransformations: noTransformation,
      },
    });
  return allOf(statements);
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** The rate-based rules of one home, in the order of the table, from `priority` on. */
export function rateRules(home: ClientLimit['home'], priority: number): CfnWebACL.RuleProperty[] {
  return CLIENT_LIMITS.filter((rule) => rule.home === home).map((rule, index) => ({
    name: `limit-${rule.name}`,
    priority: priority + index,
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        limit: rule.limit,
        evaluationWindowSec: rule.windowSeconds,
        scopeDownStatement: limitScope(rule),
      },
    },
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: LIMITED_BODY_KEY,
          responseHeaders: [{ name: 'cache-control', value: 'no-store' }],
        },
      },
    },
    visibilityConfig: visibility(`limit-${rule.name}`),
  }));
}

const limitedBody = {
  [LIMITED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: CLIENT_LIMIT_BODY },
};

/**
 * An AWS managed rule group, on every path but the exempt ones (Stripe's webhook carries whatever
 * customers typed, signed by Stripe). `count`: rules of the group that only count, never block.
 */
function managedGroup(name: string, priority: number, count: string[] = []): CfnWebACL.RuleProperty {
  return {
    name: `aws-${name}`,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        scopeDownStatement: allOf(notExempt()),
        ...(count.length > 0
          ? { ruleActionOverrides: count.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
          : {}),
      },
    },
    visibilityConfig: visibility(`aws-${name}`),
  };
}

/**
 * The AWS managed rule groups on the distribution:
 * - the IP reputation list (addresses AWS sees attacking, first: cheapest to refuse);
 * - the common rule set, with `SizeRestrictions_BODY` (bodies over 8 KB) only counting: a saved cart
 *   of up to 2,500 investors and an admin's profile edits are larger; the API's own 256 KB limit
 *   answers bodies that are too large. Import files never pass here: the browser PUTs them to S3 on
 *   a presigned URL;
 * - known bad inputs (Log4j, Java deserialisation, localhost host headers).
 */
export const MANAGED_RULE_GROUPS = [
  { name: 'AWSManagedRulesAmazonIpReputationList', count: [] },
  { name: 'AWSManagedRulesCommonRuleSet', count: ['SizeRestrictions_BODY'] },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', count: [] },
] as const;

/** The distribution's web ACL (scope CLOUDFRONT: its stack must be in us-east-1). */
export class SiteFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const [reputation, ...groups] = MANAGED_RULE_GROUPS;
    const limits = rateRules('site', 1);
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      // WAF allows letters, digits, spaces and +=:#@/-,. in a description.
      description: 'Per-client limits of infra/client-limits.ts and AWS managed rules in front of the site',
      defaultAction: { allow: {} },
      customResponseBodies: limitedBody,
      visibilityConfig: visibility(`${Stack.of(this).stackName}-site`),
      rules: [
        ...(reputation ? [managedGroup(reputation.name, 0, [...reputation.count])] : []),
        ...limits,
        ...groups.map((group, index) =>
          managedGroup(group.name, 1 + limits.length + index, [...group.count]),
        ),
      ],
    });
  }
}

/** The user pool's web ACL (scope REGIONAL, the pool's region): sign-up per client. */
export class UserPoolFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: { userPoolArn: string }) {
    super(scope, id);
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      description: 'Per-client limits of infra/client-limits.ts on the Cognito API',
      defaultAction: { allow: {} },
      customResponseBodies: limitedBody,
      visibilityConfig: visibility(`${Stack.of(this).stackName}-user-pool`),
      rules: rateRules('userPool', 0),
    });
    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}

export interface EdgeFirewallStackProps extends StackProps {
  readonly stage: string;
}

/**
 * The us-east-1 stack of the distribution's web ACL (`InvestorDirectoryEdge-<stage>`): AWS only takes a
 * CLOUDFRONT-scope web ACL there, whatever region the product is in. The main stack refers to its ARN
 * (a cross-region reference when the product is elsewhere: CDK writes it to SSM in the main stack's
 * region, so the main stack's deployment waits for this one).
 */
export class EdgeFirewallStack extends Stack {
  readonly firewall: SiteFirewall;

  constructor(scope: Construct, id: string, props: EdgeFirewallStackProps) {
    super(scope, id, props);
    if (props.env?.region !== 'us-east-1')
      throw new Error('A CLOUDFRONT-scope web ACL can only be created in us-east-1');
    this.firewall = new SiteFirewall(this, 'SiteFirewall');
  }
}
