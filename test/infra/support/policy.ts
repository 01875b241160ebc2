import type { Template } from 'aws-cdk-lib/assertions';
import type { PolicyStatementJson } from '../../../infra/iam-policy';

/**
 * Resolves the CloudFormation intrinsics of a synthesised policy into plain strings, so that its
 * statements can be evaluated: `{"Fn::GetAtt": ["Table", "Arn"]}` becomes `arn:Table`, `{"Ref": "X"}`
 * becomes `ref:X`, pseudo parameters their usual values, `Fn::Join` its joined parts. A request built
 * from the same construct's token (through `resolveValue(stack.resolve(token))`) names the same
 * resource, whatever the real ARN will be.
 */
const PSEUDO: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': 'us-east-1',
  'AWS::AccountId': '123456789012',
  'AWS::URLSuffix': 'amazonaws.com',
};

export function resolveValue(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(resolveValue);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const [key, argument] = entries[0] ?? [];
    if (entries.length === 1 && key?.startsWith('Fn::')) {
      if (key === 'Fn::GetAtt') {
        const [id, attribute] = argument as [string, string];
        return attribute === 'Arn' ? `arn:${id}` : `${attribute}:${id}`;
      }
      if (key === 'Fn::Join') {
        const [separator, parts] = argument as [string, unknown[]];
        return parts.map((part) => String(resolveValue(part))).join(separator);
      }
      throw new Error(`Cannot resolve ${key} in a policy`);
    }
    if (entries.length === 1 && key === 'Ref') return PSEUDO[argument as string] ?? `ref:${argument}`;
    return Object.fromEntries(entries.map(([k, v]) => [k, resolveValue(v)]));
  }
  return value;
}

/** A statement with its resources and condition values resolved to strings. */
export const resolveStatement = (statement: PolicyStatementJson): PolicyStatementJson =>
  resolveValue(statement) as PolicyStatementJson;

/** The resolved form of a construct's token (`table.tableArn`, `bucket.bucketArn`). */
export const resolvedToken = (stackResolve: (value: unknown) => unknown, token: string): string =>
  String(resolveValue(stackResolve(token)));

export type { Template };
