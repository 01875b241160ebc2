import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_ENVIRONMENT, functionBuildOptions } from '../../infra/constructs/function-bundling';
import { tableStatements } from '../../infra/function-needs';
import { evaluate, type IamRequest, type PolicyStatementJson } from '../../infra/iam-policy';
import { fromRoot } from '../../infra/paths';
import type { InvestorDirectoryStack } from '../../infra/stack';
import type { ConfigSection } from '../../lambdas/lib/config/section';
import type { AccessPattern } from '../../lambdas/lib/table/model';
import {
  type IndexName,
  indexPartitions,
  inPartition,
  type TablePartition,
  tablePartitions,
} from '../../lambdas/lib/table/partitions';
import type { Workflow } from '../../lambdas/lib/workflows';
import {
  type FunctionName,
  type FunctionNeeds,
  functionEntries,
  functionNames,
  functionNeeds,
  requiredVariablesOf,
  sectionsOf,
  variablesOf,
} from '../../lambdas/manifest';
import { SEARCH_INDEX_KEY } from '../../shared/search/snapshot';
import { resolvedToken, resolveStatement } from './support/policy';
import { fakeWebDist, prodContext, SYNTH_TIMEOUT, synthesize } from './support/synth';
import { environmentOf, statementsOf } from './support/template';

/**
 * The function manifest (`lambdas/manifest.ts`) against what the stack deploys and what each bundle
 * carries: each function's policy is the manifest's and refuses what lies outside it (evaluated on
 * the synthesised statements), its environment holds exactly its sections' variables, and its bundle
 * reaches exactly the configuration sections (workflows, secrets, settings) its entry declares, read
 * from esbuild's metafile rather than from the source.
 */
let template: Template;
let stack: InvestorDirectoryStack;
/** The configuration sections (by name) each function's bundle reaches. */
const bundled = new Map<FunctionName, string[]>();
/** The modules of the table's items (`lambdas/lib/table/items/`) each function's bundle keeps. */
const bundledItems = new Map<FunctionName, string[]>();
/** Each item module of lambdas/lib/table/items/, by path: the partitions its keys and access patterns name. */
const itemModules = new Map<string, { table: Set<string>; gsi1: Set<string>; gsi2: Set<string> }>();
/** Each section module of lambdas/lib/config/ and lambdas/workflows/start/, by path: its section names. */
const sectionModules = new Map<string, string[]>();

async function loadSectionModules(): Promise<void> {
  for (const dir of ['lambdas/lib/config', 'lambdas/workflows/start']) {
    for (const file of readdirSync(fromRoot(dir))) {
      const path = `${dir}/${file}`;
      const module = (await import(pathToFileURL(fromRoot(path)).href)) as Record<string, unknown>;
      const names = Object.values(module).flatMap((value) => {
        if (typeof value === 'function' && 'section' in value) return [(value as ConfigSection).section];
        if (value && typeof value === 'object' && 'config' in value)
          return [(value as Workflow).config.section];
        return [];
      });
      sectionModules.set(path, names);
    }
  }
}

/** The partition of the table or an index that holds a partition-key value (`USER#sub-1` → `USER#`). */
function partitionOf(index: IndexName | 'table', value: string): string {
  const partitions = Object.keys(index === 'table' ? tablePartitions : indexPartitions[index]);
  const found = partitions.find((partition) => inPartition(partition, value));
  if (!found) throw new Error(`${value} is in no partition of ${index}`);
  return found;
}

/**
 * The partitions each item module names, from what it exports: its key functions (`cartKey(id)`)
 * called with sample arguments, and its access patterns' partitions.
 */
async function loadItemModules(): Promise<void> {
  const dir = 'lambdas/lib/table/items';
  for (const file of readdirSync(fromRoot(dir))) {
    const path = `${dir}/${file}`;
    const module = (await import(pathToFileURL(fromRoot(path)).href)) as Record<string, unknown>;
    const named = { table: new Set<string>(), gsi1: new Set<string>(), gsi2: new Set<string>() };
    for (const [name, value] of Object.entries(module)) {
      if (typeof value !== 'function') continue;
      if ('keysOf' in value) {
        const pattern = value as AccessPattern<string[]>;
        const index = pattern.doc.index;
        named[index].add(partitionOf(index, pattern.keysOf('sample-1', 'sample-2', 'sample-3').partition));
      } else if (name.endsWith('Key')) {
        const key = (value as (...args: string[]) => unknown)('sample-1', 'sample-2', 'sample-3');
        if (key && typeof key === 'object' && 'pk' in key)
          named.table.add(partitionOf('table', String(key.pk)));
      }
    }
    itemModules.set(path, named);
  }
}

/** The lambdas modules esbuild kept in a function's bundle and its chunks (built as deployed): their sections and item modules. */
async function bundledModules(entry: string): Promise<{ sections: string[]; items: string[] }> {
  const result = await build({
    ...functionBuildOptions(fromRoot(entry), join(fromRoot('.'), 'bundle')),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  // The entry and every chunk it may load: what the function can run.
  const kept = [
    ...new Set(
      Object.values(result.metafile.outputs)
        .flatMap((output) => Object.entries(output.inputs))
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => relative(fromRoot('.'), fromRoot(path))),
    ),
  ];
  return {
    sections: [...new Set(kept.flatMap((path) => sectionModules.get(path) ?? []))].sort(),
    items: kept.filter((path) => itemModules.has(path)).sort(),
  };
}

/** The item modules among `items` that name no partition the function's manifest grants. */
function itemsOutsideGrants(items: readonly string[], needs: FunctionNeeds): string[] {
  const table = needs.table ?? {};
  const granted = {
    table: new Set<string>([...(table.reads ?? []), ...(table.writes ?? [])]),
    gsi1: new Set<string>(table.gsi1 ?? []),
    gsi2: new Set<string>(table.gsi2 ?? []),
  };
  return items.filter((path) => {
    // Helpers every area shares (isoDate, the partitions of users, investors and projects).
    if (path.endsWith('/common.ts')) return false;
    const named = itemModules.get(path);
    if (!named) return true;
    return !(['table', 'gsi1', 'gsi2'] as const).some((where) =>
      [...named[where]].some((partition) => granted[where].has(partition)),
    );
  });
}

const functionOf = (name: FunctionName) => {
  const found = stack.allFunctions().find(([n]) => n === name);
  if (!found) throw new Error(`no function ${name}`);
  return found[1];
};

/** The function's synthesised policy, resolved, and what IAM decides for a request under it. */
const decide = (name: FunctionName, request: IamRequest) =>
  evaluate(statementsOf(template, functionOf(name)).map(resolveStatement), request);

let tableArn: string;
let exportsArn: string;
let poolArn: string;
const put = (partitionKey: string): IamRequest => ({
  action: 'dynamodb:PutItem',
  resource: tableArn,
  context: { 'dynamodb:LeadingKeys': [partitionKey] },
});
const get = (partitionKey: string): IamRequest => ({ ...put(partitionKey), action: 'dynamodb:GetItem' });
/** A partition-key value in the partition (`USER#` → `USER#sub-1`). */
const sample = (partition: string) => (partition.endsWith('#') ? `${partition}sample-1` : partition);

beforeAll(async () => {
  ({ template, stack } = synthesize({ context: prodContext, webDist: fakeWebDist() }));
  const resolve = (token: string) => resolvedToken((value) => stack.resolve(value), token);
  tableArn = resolve(stack.data.table.tableArn);
  exportsArn = resolve(stack.data.exports.bucketArn);
  poolArn = resolve(stack.auth.userPool.userPoolArn);
  await loadSectionModules();
  await loadItemModules();
  await Promise.all(
    functionNames.map(async (name) => {
      const { sections, items } = await bundledModules(functionEntries[name]);
      bundled.set(name, sections);
      bundledItems.set(name, items);
    }),
  );
}, SYNTH_TIMEOUT);

describe('the manifest is what the stack deploys', () => {
  it('creates one function per manifest entry', () => {
    expect(
      stack
        .allFunctions()
        .map(([name]) => name)
        .sort(),
    ).toEqual([...functionNames].sort());
  });

  it('gives each function the variables of its sections and no other, besides the runtime defaults', () => {
    for (const name of functionNames) {
      const own = Object.keys(environmentOf(template, functionOf(name))).filter(
        (key) => !(key in FUNCTION_ENVIRONMENT),
      );
      // Optional variables of a section (a secret's local value) may be left unset, required ones never.
      expect(variablesOf(functionNeeds[name]), name).toEqual(expect.arrayContaining(own));
      expect(own, name).toEqual(expect.arrayContaining(requiredVariablesOf(functionNeeds[name])));
    }
  });

  it("grants each function's table access as its manifest's partitions, with the leading-key conditions", () => {
    for (const name of functionNames) {
      // CDK sorts a statement's actions.
      const sorted = (statement: PolicyStatementJson) => ({
        ...statement,
        Action: [statement.Action].flat().sort(),
      });
      // CDK merges statements that differ only in their actions (reads and writes of the same
      // partitions, as the investor updates' task function has): compare them merged the same way.
      const merged = (statements: PolicyStatementJson[]) => {
        const byScope = new Map<string, PolicyStatementJson>();
        for (const statement of statements) {
          const scope = JSON.stringify([statement.Effect, statement.Resource, statement.Condition]);
          const seen = byScope.get(scope);
          byScope.set(
            scope,
            seen ? { ...seen, Action: [...[seen.Action].flat(), ...[statement.Action].flat()] } : statement,
          );
        }
        return [...byScope.values()].map(sorted);
      };
      const deployed = statementsOf(template, functionOf(name))
        .map(resolveStatement)
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('dynamodb:')));
      expect(merged(deployed), name).toEqual(merged(tableStatements(functionNeeds[name].table, tableArn)));
    }
  });
});

describe('each function is refused outside its grant (its synthesised policy, evaluated)', () => {
  const partitions = Object.keys(tablePartitions) as TablePartition[];

  it('may write exactly the partitions its manifest names, and read exactly those it reads', () => {
    for (const name of functionNames) {
      const { reads = [], writes = [] } = functionNeeds[name].table ?? {};
      for (const partition of partitions) {
        const key = sample(partition);
        expect(decide(name, put(key)), `${name} writes ${key}`).toBe(
          writes.includes(partition) ? 'allowed' : 'refused',
        );
        expect(decide(name, get(key)), `${name} reads ${key}`).toBe(
          (reads as readonly string[]).includes(partition) ? 'allowed' : 'refused',
        );
      }
      // A batch that touches one partition outside the grant is refused whole.
      if (writes.length > 0) {
        const outside = partitions.find((partition) => !writes.includes(partition)) ?? 'USER#';
        expect(
          decide(name, {
            action: 'dynamodb:BatchWriteItem',
            resource: tableArn,
            context: { 'dynamodb:LeadingKeys': [sample(writes[0] as string), sample(outside)] },
          }),
          `${name} batch-writes outside its partitions`,
        ).toBe('refused');
      }
    }
  });

  it('queries an index only on its manifest partitions, and scans only where the manifest says why', () => {
    for (const name of functionNames) {
      const table = functionNeeds[name].table;
      for (const index of Object.keys(indexPartitions) as (keyof typeof indexPartitions)[]) {
        const granted: readonly string[] = table?.[index] ?? [];
        for (const partition of Object.keys(indexPartitions[index])) {
          const request = {
            action: 'dynamodb:Query',
            resource: `${tableArn}/index/${index}`,
            context: { 'dynamodb:LeadingKeys': [sample(partition)] },
          };
          expect(decide(name, request), `${name} queries ${index} ${partition}`).toBe(
            granted.includes(partition) ? 'allowed' : 'refused',
          );
        }
      }
      expect(decide(name, { action: 'dynamodb:Scan', resource: tableArn }), `${name} scans`).toBe(
        table?.scans ? 'allowed' : 'refused',
      );
      // A call without leading keys is refused (ForAllValues alone would let it through).
      expect(decide(name, { action: 'dynamodb:GetItem', resource: tableArn }), name).toBe('refused');
    }
  });

  it("writes USER# only in the functions the manifest's comment names, and scans only in the two it explains (issue 48)", () => {
    const writesUsers = functionNames.filter(
      (name) =>
        decide(name, {
          action: 'dynamodb:PutItem',
          resource: tableArn,
          context: { 'dynamodb:LeadingKeys': ['USER#sub-1'] },
        }) === 'allowed',
    );
    expect(writesUsers.sort()).toEqual(
      [
        'account',
        'admin',
        'carts',
        'investorPortal',
        'pipeline',
        'ExportTasksFunctionArn',
        'MigrationTasksFunctionArn',
        'PortalTasksFunctionArn',
        'SummaryTasksFunctionArn',
      ].sort(),
    );
    const scans = functionNames.filter(
      (name) => decide(name, { action: 'dynamodb:Scan', resource: tableArn }) === 'allowed',
    );
    expect(scans.sort()).toEqual(['DirectoryTasksFunctionArn', 'MigrationTasksFunctionArn'].sort());
    // The bulk emails' unsubscribe tokens (issue 48) live outside USER#: the alert function, which
    // sends one, writes its tokens and no user item.
    expect(decide('AlertTasksFunctionArn', put('UNSUBSCRIBE_OF#sub-1'))).toBe('allowed');
    expect(decide('AlertTasksFunctionArn', put('UNSUBSCRIBE#hash'))).toBe('allowed');
    expect(decide('AlertTasksFunctionArn', put('USER#sub-1'))).toBe('refused');
    // The public unsubscribe route's function reads a token; it never makes one.
    expect(decide('account', put('UNSUBSCRIBE#hash'))).toBe('refused');
    expect(
      decide('account', {
        action: 'dynamodb:GetItem',
        resource: tableArn,
        context: { 'dynamodb:LeadingKeys': ['UNSUBSCRIBE#hash'] },
      }),
    ).toBe('allowed');
  });

  it('keeps the podcasts function away from credits and every other user record', () => {
    for (const action of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']) {
      expect(
        decide('podcasts', {
          action,
          resource: tableArn,
          context: { 'dynamodb:LeadingKeys': ['USER#sub-1'] },
        }),
        action,
      ).toBe('refused');
    }
    // Its own records: a podcast, and the founder's listing guard.
    expect(decide('podcasts', put('PODCAST#p-1'))).toBe('allowed');
    expect(decide('podcasts', put('LISTER#sub-1'))).toBe('allowed');
  });

  it('lets the public directory write nothing, and read of the exports bucket the search snapshot alone', () => {
    const writes = [
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:PartiQLInsert',
    ];
    for (const partition of partitions)
      for (const action of writes)
        expect(
          decide('directory', {
            action,
            resource: tableArn,
            context: { 'dynamodb:LeadingKeys': [sample(partition)] },
          }),
          `${action} ${partition}`,
        ).toBe('refused');
    for (const key of ['exports/cart-1.csv', 'search-index/changes/x', SEARCH_INDEX_KEY])
      expect(decide('directory', { action: 's3:PutObject', resource: `${exportsArn}/${key}` }), key).toBe(
        'refused',
      );
    expect(
      decide('directory', { action: 's3:GetObject', resource: `${exportsArn}/${SEARCH_INDEX_KEY}` }),
    ).toBe('allowed');
    expect(
      decide('directory', { action: 's3:GetObject', resource: `${exportsArn}/exports/cart-1.csv` }),
    ).toBe('refused');
    // Listing: the snapshot's own key, never the purchases' CSV names.
    const list = (prefix: string | undefined) =>
      decide('directory', {
        action: 's3:ListBucket',
        resource: exportsArn,
        context: prefix === undefined ? {} : { 's3:prefix': prefix },
      });
    expect(list(SEARCH_INDEX_KEY)).toBe('allowed');
    expect(list('exports/')).toBe('refused');
    expect(list('')).toBe('refused');
    expect(list(undefined)).toBe('refused');
  });

  it('lets only the investor-group function add a user to a group, and the portal function only invoke it', () => {
    const addToGroup = { action: 'cognito-idp:AdminAddUserToGroup', resource: poolArn };
    const holders = functionNames.filter((name) => decide(name, addToGroup) === 'allowed');
    expect(holders).toEqual(['investorGroup']);
    // The portal function cannot make anyone an admin (nor an investor) by itself.
    expect(decide('investorPortal', addToGroup)).toBe('refused');
    for (const action of ['cognito-idp:AdminRemoveUserFromGroup', 'cognito-idp:CreateGroup', 'cognito-idp:*'])
      expect(decide('investorGroup', { action, resource: poolArn }), action).toBe('refused');
    const groupFunctionArn = resolvedToken(
      (value) => stack.resolve(value),
      stack.invokedFunctions.investorGroup.handler.functionArn,
    );
    const invokers = functionNames.filter(
      (name) => decide(name, { action: 'lambda:InvokeFunction', resource: groupFunctionArn }) === 'allowed',
    );
    expect(invokers).toEqual(['investorPortal']);
  });
});

describe('each bundle carries what its manifest declares, and no more (esbuild metafile)', () => {
  it('finds the section modules of lambdas/lib/config/ and the workflows of lambdas/workflows/start/', () => {
    expect(sectionModules.get('lambdas/lib/config/table.ts')).toEqual(['table']);
    expect(sectionModules.get('lambdas/workflows/start/export-delivery.ts')).toEqual([
      'exportDelivery workflow',
    ]);
  });

  it('names the partitions of each item module from its key functions and access patterns', () => {
    expect(itemModules.get('lambdas/lib/table/items/carts.ts')).toEqual({
      table: new Set(['CART#', 'USER#']),
      gsi1: new Set(['CARTS', 'DELIVERIES_OPEN']),
      gsi2: new Set(['USER#']),
    });
    for (const [path, named] of itemModules)
      if (!path.endsWith('/common.ts'))
        expect(named.table.size + named.gsi1.size + named.gsi2.size, path).toBeGreaterThan(0);
  });

  it("keeps only the item modules of partitions its manifest grants (another item's schemas are never built)", () => {
    // The check sees an item module of a partition the function may not touch.
    expect(itemsOutsideGrants(['lambdas/lib/table/items/podcasts.ts'], functionNeeds.carts)).toEqual([
      'lambdas/lib/table/items/podcasts.ts',
    ]);
    const outsideGrants: Record<string, string[]> = {};
    for (const name of functionNames) {
      const outside = itemsOutsideGrants(bundledItems.get(name) ?? [], functionNeeds[name]);
      if (outside.length > 0) outsideGrants[name] = outside;
    }
    expect(outsideGrants).toEqual({});
  });

  it('reaches exactly the configuration sections, workflows, secrets and settings its entry declares', () => {
    for (const name of functionNames) {
      const declared = sectionsOf(functionNeeds[name]).map((section) => section.section);
      expect(bundled.get(name), name).toEqual(['AWS', ...declared].sort());
    }
  });
});
