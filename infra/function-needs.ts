import { indexPartitions, partitionPattern } from '../lambdas/lib/table/partitions';
import {
  type BucketNeeds,
  type FunctionName,
  type FunctionNeeds,
  functionNeeds,
  type SearchIndexAccess,
  sectionsOf,
  type TableNeeds,
} from '../lambdas/manifest';
import {
  SEARCH_INDEX_CHANGES_PREFIX,
  SEARCH_INDEX_KEY,
  SEARCH_INDEX_RECOUNT_PREFIX,
} from '../shared/search/snapshot';
import type { PolicyStatementJson } from './iam-policy';

/**
 * From a function's manifest entry (`lambdas/manifest.ts`) to what each home gives it: the IAM
 * statements of its table and bucket needs, and its environment. CDK turns the statements into the
 * function's policy (`infra/constructs/function.ts`); the local home evaluates the same statements
 * on every table call a function makes (`infra/local/table-guard.ts`).
 */

/** The data actions of a read: on items of the granted partitions only. */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
] as const;
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

/**
 * The partitions, as IAM conditions: every leading key of the request (`dynamodb:LeadingKeys`: the
 * partition keys it touches; for a query of an index, the index's partition key) matches one of
 * them, and the request has leading keys at all (IAM's `ForAllValues` holds for an absent key).
 */
const onPartitions = (partitions: readonly string[]) => ({
  'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': partitions.map(partitionPattern) },
  Null: { 'dynamodb:LeadingKeys': 'false' },
});

/** The statements of a function's table needs, on the table of this ARN. */
export function tableStatements(table: TableNeeds | undefined, tableArn: string): PolicyStatementJson[] {
  if (!table) return [];
  const statements: PolicyStatementJson[] = [];
  const allow = (actions: readonly string[], resource: string, partitions: readonly string[] | undefined) => {
    if (partitions && partitions.length > 0)
      statements.push({
        Effect: 'Allow',
        Action: [...actions],
        Resource: resource,
        Condition: onPartitions(partitions),
      });
  };
  allow(TABLE_READ_ACTIONS, tableArn, table.reads);
  allow(TABLE_WRITE_ACTIONS, tableArn, table.writes);
  for (const index of Object.keys(indexPartitions) as (keyof typeof indexPartitions)[])
    allow(['dynamodb:Query'], `${tableArn}/index/${index}`, table[index]);
  // A Scan has no partition key: no condition can narrow it (TableNeeds.scans says why it is needed).
  if (table.scans) statements.push({ Effect: 'Allow', Action: ['dynamodb:Scan'], Resource: tableArn });
  return statements;
}

/** An object ARN pattern: a prefix ending in `/` covers its keys, anything else is one key. */
const keyPattern = (prefix: string) => (prefix.endsWith('/') ? `${prefix}*` : prefix);

/**
 * The statements of a bucket's needs: objects read, written or deleted under the given prefixes, and
 * listing only those prefixes (so a missing key reads as missing, and no other key is seen).
 */
export function bucketStatements(
  needs: BucketNeeds & { delete?: readonly string[] },
  bucketArn: string,
): PolicyStatementJson[] {
  const statements: PolicyStatementJson[] = [];
  const objects = (prefixes: readonly string[]) =>
    prefixes.map((prefix) => `${bucketArn}/${keyPattern(prefix)}`);
  if (needs.read?.length) {
    statements.push({ Effect: 'Allow', Action: ['s3:GetObject'], Resource: objects(needs.read) });
    statements.push({
      Effect: 'Allow',
      Action: ['s3:ListBucket'],
      Resource: bucketArn,
      Condition: { StringLike: { 's3:prefix': needs.read.map(keyPattern) } },
    });
  }
  if (needs.write?.length)
    statements.push({ Effect: 'Allow', Action: ['s3:PutObject'], Resource: objects(needs.write) });
  if (needs.delete?.length)
    statements.push({ Effect: 'Allow', Action: ['s3:DeleteObject'], Resource: objects(needs.delete) });
  return statements;
}

/** The keys of the search snapshot (in the exports bucket) each kind of access reaches. */
export function searchIndexKeys(access: SearchIndexAccess): BucketNeeds & { delete?: readonly string[] } {
  if (access === 'read') return { read: [SEARCH_INDEX_KEY] };
  if (access === 'record') return { write: [SEARCH_INDEX_CHANGES_PREFIX] };
  const all = [SEARCH_INDEX_KEY, SEARCH_INDEX_CHANGES_PREFIX, SEARCH_INDEX_RECOUNT_PREFIX];
  return { read: all, write: all, delete: [SEARCH_INDEX_RECOUNT_PREFIX] };
}

/** The variables the runtime gives every function besides the manifest's (never set by us on AWS). */
export const RUNTIME_SECTION = 'AWS';

/**
 * A function's environment: the variables of the sections its needs come with, each valued by the
 * home (`values`), checked with each section's own schema. A variable the home has no value for, or
 * a value the schema refuses, fails here, naming the function and the variable; `isUnresolved` tells
 * values known only at deployment (CDK tokens), which are checked for presence only.
 */
export function environmentOf(
  name: FunctionName,
  values: Readonly<Record<string, string | undefined>>,
  home: string,
  isUnresolved: (value: string) => boolean = () => false,
): Record<string, string> {
  const needs: FunctionNeeds = functionNeeds[name];
  const env: Record<string, string> = {};
  const problems: string[] = [];
  for (const section of sectionsOf(needs)) {
    const raw: Record<string, string> = {};
    for (const variable of section.variables()) {
      const value = values[variable];
      if (value !== undefined && value !== '') raw[variable] = value;
    }
    const resolved = Object.fromEntries(
      Object.entries(raw).map(([key, value]) => [key, isUnresolved(value) ? undefined : value]),
    );
    const parsed = section.schema().safeParse(resolved);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const variable = String(issue.path[0]);
        if (raw[variable] !== undefined && isUnresolved(raw[variable])) continue;
        problems.push(`${variable} (${section.section}): ${issue.message}`);
      }
    Object.assign(env, raw);
  }
  if (problems.length > 0)
    throw new Error(
      `The ${home} home cannot give the function ${name} its configuration: ${problems.join('; ')}`,
    );
  return env;
}
