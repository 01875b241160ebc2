import { type CfnElement, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import type { AppFunction } from '../../../infra/constructs/function';

/** A CloudFormation resource as the template holds it. */
export interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

export interface PolicyStatementJson {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

/** The logical id of a construct's CloudFormation resource. */
export function logicalIdOf(construct: IConstruct): string {
  return Stack.of(construct).getLogicalId((construct.node.defaultChild ?? construct) as CfnElement);
}

export function resourcesOf(template: Template, type: string): Record<string, TemplateResource> {
  return template.findResources(type) as Record<string, TemplateResource>;
}

/** Every statement of the IAM policies attached to a role. */
export function statementsOfRole(template: Template, role: IConstruct): PolicyStatementJson[] {
  const roleId = logicalIdOf(role);
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
    .flatMap((policy) => {
      const document = policy.Properties?.PolicyDocument as { Statement?: PolicyStatementJson[] } | undefined;
      return document?.Statement ?? [];
    });
}

/** Every statement of the IAM policies attached to a function's role. */
export function statementsOf(template: Template, fn: AppFunction): PolicyStatementJson[] {
  const role = fn.handler.role;
  if (!role) throw new Error(`${fn.node.path} has no role`);
  return statementsOfRole(template, role);
}

export const actionsOf = (statements: PolicyStatementJson[]): string[] =>
  statements.flatMap((statement) =>
    Array.isArray(statement.Action) ? statement.Action : [statement.Action],
  );

/** The environment variables of a function in the template. */
export function environmentOf(template: Template, fn: AppFunction): Record<string, unknown> {
  const resource = template.toJSON().Resources[logicalIdOf(fn.handler)] as TemplateResource;
  const environment = resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined;
  return environment?.Variables ?? {};
}
