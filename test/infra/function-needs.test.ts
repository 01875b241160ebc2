import { readFileSync } from 'node:fs';
import type { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppFunction } from '../../infra/constructs/function';
import { fromRoot } from '../../infra/paths';
import type { InvestorDirectoryStack } from '../../infra/stack';
import { handlerGroups } from '../../lambdas/routes';
import {
  type StateMachineName,
  stateMachines,
  workflowTaskFunctions,
} from '../../lambdas/workflows/registry';
import { fakeWebDist, prodContext, SYNTH_TIMEOUT, synthesize } from './support/synth';
import { actionsOf, environmentOf, statementsOf } from './support/template';

/**
 * Least privilege, checked against the code: each function's handler is bundled (unminified, tree
 * shaken) and scanned for the configuration it reads and the AWS calls it makes. The function must
 * have exactly the environment variables that code needs (no more, no less), and the IAM actions
 * that go with its workflow and email calls. A handler that starts using a new section of
 * `lambdas/lib/config.ts` fails here until `infra/stack.ts` binds it.
 */
const BASE_ENVIRONMENT = ['NODE_OPTIONS', 'LOG_LEVEL'];

/**
 * The sections of `lambdas/lib/config.ts` (`export const xConfig = readSection('...', z.object({ KEY: ... }))`),
 * read from its source so a new section is checked without editing this test. `awsConfig` (set by the
 * Lambda runtime, or emulator endpoints locally) and `workflowsConfig` (checked through the workflows
 * each handler starts) are left out.
 */
function configSections(): { call: RegExp; env: string[] }[] {
  const source = readFileSync(fromRoot('lambdas/lib/config.ts'), 'utf8');
  const sections = [
    ...source.matchAll(/export const (\w+) = readSection\(\s*'[^']*',\s*z\.object\(\{([\s\S]*?)\}\),?\s*\)/g),
  ];
  return sections
    .filter(([, name]) => name !== 'awsConfig' && name !== 'workflowsConfig')
    .map(([, name, body]) => ({
      call: new RegExp(`\\b${name}\\d*\\(\\)`),
      env: [...(body ?? '').matchAll(/\b([A-Z][A-Z0-9_]+)\s*:/g)].map((match) => match[1] ?? ''),
    }));
}

/** Stripe's secrets are read through `lambdas/lib/payments.ts`, by ARN on AWS. */
const secretNeeds: { call: RegExp; env: string[] }[] = [
  { call: /(?<!function )\bstripeWebhookSecret\d*\(\)/, env: ['STRIPE_WEBHOOK_SECRET_ARN'] },
  { call: /(?<!function )\bstripeClient\d*\(\)/, env: ['STRIPE_SECRET_KEY_ARN'] },
];

interface CodeNeeds {
  env: string[];
  starts: StateMachineName[];
  stops: boolean;
  sendsEmail: boolean;
  /** Sends any DynamoDB write (put, update, delete, batch or transaction). */
  writesTable: boolean;
  /** Adds a user to a Cognito group (joining a portal as an investor). */
  addsToGroup: boolean;
}

async function needsOf(entry: string): Promise<CodeNeeds> {
  const result = await build({
    entryPoints: [fromRoot(entry)],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  });
  const code = result.outputFiles.map((file) => file.text).join('\n');
  const starts = [...code.matchAll(/\bstartWorkflow\d*\(\s*"(\w+)"/g)].map(
    (match) => match[1] as StateMachineName,
  );
  const env = new Set(BASE_ENVIRONMENT);
  for (const need of [...configSections(), ...secretNeeds]) {
    if (need.call.test(code)) for (const name of need.env) env.add(name);
  }
  for (const name of starts) env.add(stateMachines[name].arnVariable);
  return {
    env: [...env].sort(),
    starts: [...new Set(starts)].sort(),
    stops: /(?<!function )\bstopWorkflow\d*\(/.test(code),
    sendsEmail: /(?<!function )\bsendEmail\d*\(/.test(code),
    writesTable: /\bnew (Put|Update|Delete|BatchWrite|TransactWrite)(Item)?Command\d*\(/.test(code),
    addsToGroup: /\bnew AdminAddUserToGroupCommand\d*\(/.test(code),
  };
}

let template: Template;
let stack: InvestorDirectoryStack;
const functions: [string, string, AppFunction][] = [];
const needs = new Map<string, CodeNeeds>();

beforeAll(async () => {
  ({ template, stack } = synthesize({ context: prodContext, webDist: fakeWebDist() }));
  for (const [group, fn] of stack.api.functions) functions.push([group, handlerGroups[group], fn]);
  for (const [variable, fn] of Object.entries(stack.workflows.taskFunctions)) {
    functions.push([variable, workflowTaskFunctions[variable as keyof typeof workflowTaskFunctions], fn]);
  }
  await Promise.all(functions.map(async ([name, entry]) => needs.set(name, await needsOf(entry))));
}, SYNTH_TIMEOUT);

describe('each function is bound to exactly what its code uses', () => {
  it('finds the configuration sections of lambdas/lib/config.ts', () => {
    expect(configSections().map((section) => section.env)).toEqual(
      expect.arrayContaining([['TABLE_NAME'], ['UPLOADS_BUCKET', 'EXPORTS_BUCKET']]),
    );
  });

  it('has the environment variables its handler reads, and no others', () => {
    for (const [name, , fn] of functions) {
      expect(Object.keys(environmentOf(template, fn)).sort(), name).toEqual(needs.get(name)?.env);
    }
  });

  it('may start exactly the workflows its handler starts', () => {
    for (const [name, , fn] of functions) {
      const startable = statementsOf(template, fn)
        .filter((statement) => actionsOf([statement]).includes('states:StartExecution'))
        .flatMap((statement) =>
          Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource],
        )
        .map((resource) => JSON.stringify(resource))
        .sort();
      const expected = (needs.get(name)?.starts ?? [])
        .map((machine) =>
          JSON.stringify({
            Ref: stack.getLogicalId(stack.workflows.stateMachines[machine].node.defaultChild as never),
          }),
        )
        .sort();
      expect(startable, name).toEqual(expected);
    }
  });

  it('may write the table only where its handler does (a function that only reads gets read access)', () => {
    const writes = [
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
    ];
    for (const [name, , fn] of functions) {
      const actions = actionsOf(statementsOf(template, fn));
      expect(actions.includes('dynamodb:GetItem'), `${name} reads the table`).toBe(true);
      expect(
        writes.some((action) => actions.includes(action)),
        `${name} writes the table`,
      ).toBe(needs.get(name)?.writesTable);
    }
  });

  it('may add users to a Cognito group only where its handler does, and no other Cognito call', () => {
    for (const [name, , fn] of functions) {
      const actions = actionsOf(statementsOf(template, fn)).filter((action) =>
        action.startsWith('cognito-idp:'),
      );
      expect(actions, name).toEqual(needs.get(name)?.addsToGroup ? ['cognito-idp:AdminAddUserToGroup'] : []);
    }
  });

  it('may stop executions and send email only where its handler does', () => {
    for (const [name, , fn] of functions) {
      const actions = actionsOf(statementsOf(template, fn));
      expect(actions.includes('states:StopExecution'), `${name} stops workflows`).toBe(
        needs.get(name)?.stops,
      );
      expect(actions.includes('ses:SendEmail'), `${name} sends email`).toBe(needs.get(name)?.sendsEmail);
    }
  });
});
