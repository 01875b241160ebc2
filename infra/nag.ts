import { Stack, Validations } from 'aws-cdk-lib';
import type { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

/** One acknowledged cdk-nag finding: its full id (sub-id included) and why it is acceptable. */
export interface NagAcknowledgement {
  /** e.g. `AwsSolutions-IAM5[Resource::*]`. */
  readonly id: string;
  /** Why the finding is acceptable here; never empty. */
  readonly reason: string;
}

/**
 * Acknowledges cdk-nag findings on `scope` and its children. Every acknowledgement carries its
 * reason, and findings are named one by one (cdk-nag 3 has no prefix matching).
 */
export function acknowledge(scope: IConstruct, ...findings: NagAcknowledgement[]): void {
  for (const finding of findings) {
    if (finding.reason.trim().length < 20) {
      throw new Error(`cdk-nag acknowledgement ${finding.id} on ${scope.node.path} needs a real reason`);
    }
    // The namespaced form is matched by the CDK's validation report, which lists it as suppressed.
    const id = /^[A-Za-z][A-Za-z0-9-]*::/.test(finding.id) ? finding.id : `AwsSolutions::${finding.id}`;
    Validations.of(scope).acknowledge({ id, reason: finding.reason });
  }
}

/**
 * The singleton Lambda function aws-cdk-lib adds to the stack for one of its custom resources
 * (`idPrefix`: the child id it uses), or undefined when there is none; its two cdk-nag findings
 * (the managed basic-execution policy, the runtime aws-cdk-lib picks) are acknowledged.
 */
export function acknowledgeCdkHandler(stack: Stack, idPrefix: string, what: string): IConstruct | undefined {
  const handler = stack.node.children.find((child: IConstruct) => child.node.id.startsWith(idPrefix));
  if (!handler) return undefined;
  acknowledge(
    handler,
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: `aws-cdk-lib's ${what} handler role; its managed policy only allows writing CloudWatch logs.`,
    },
    {
      id: 'AwsSolutions-L1',
      reason: `The ${what} handler's runtime is chosen by aws-cdk-lib and moves with it; it runs only during deployments.`,
    },
  );
  return handler;
}

/** The reason X-Ray permissions are granted on every resource. */
export const XRAY_WILDCARD: NagAcknowledgement = {
  id: 'AwsSolutions-IAM5[Resource::*]',
  reason:
    'X-Ray PutTraceSegments/PutTelemetryRecords (and CloudWatch Logs vended-delivery actions for Step Functions) support no resource-level permissions; AWS documents Resource "*" for them.',
};

interface PolicyStatementJson {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

/**
 * The `AwsSolutions-IAM5[...]` finding ids of a policy, computed the way cdk-nag computes them.
 * Used to acknowledge a generated policy (aws-cdk-lib's own handlers) finding by finding.
 */
export function wildcardFindings(policy: CfnPolicy): string[] {
  const document = Stack.of(policy).resolve(policy.policyDocument) as { Statement?: PolicyStatementJson[] };
  const findings = new Set<string>();
  const list = <T>(value: T | T[] | undefined): T[] =>
    value === undefined ? [] : Array.isArray(value) ? value : [value];
  for (const statement of document.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of list(statement.Action)) if (action.includes('*')) findings.add(`Action::${action}`);
    for (const resource of list(statement.Resource)) {
      const flat = flattenCfnReference(resource);
      if (flat.includes('*')) findings.add(`Resource::${flat}`);
    }
  }
  return [...findings].map((finding) => `AwsSolutions-IAM5[${finding}]`);
}

/**
 * Acknowledges the IAM5 findings of `policy` that match one of `expected` (a pattern or the exact id,
 * each with its reason); any other wildcard stays reported.
 */
export function acknowledgeExpectedWildcards(
  policy: CfnPolicy,
  expected: ReadonlyArray<{ finding: RegExp | string; reason: string }>,
): void {
  for (const id of wildcardFindings(policy)) {
    const match = expected.find(({ finding }) =>
      typeof finding === 'string' ? finding === id : finding.test(id),
    );
    if (match) acknowledge(policy, { id, reason: match.reason });
  }
}

/** The `AwsSolutions-IAM5[Resource::...]` id cdk-nag reports for a granted resource pattern. */
export function wildcardFindingId(scope: IConstruct, resource: string): string {
  return `AwsSolutions-IAM5[Resource::${flattenCfnReference(Stack.of(scope).resolve(resource))}]`;
}
