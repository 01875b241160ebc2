import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexPartitions, tablePartitions } from '../../../lambdas/lib/table/partitions';

/**
 * Keys are built only by the models (`lambdas/lib/table/items/`): a repository asks for a named
 * access pattern (`cartsOfCreator(userId)`) or a model's key (`cartKey(id)`), never spells a key
 * attribute of an index or a partition. A plain scan of the source, comments left out.
 */
const REPOSITORIES = 'lambdas/lib/table/repositories';
const files = [
  ...readdirSync(REPOSITORIES)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(REPOSITORIES, name)),
  // Outside the repositories, code that reads library rows by key.
  'lambdas/lib/library/free-updates.ts',
];

const withoutComments = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\s\/\/ .*$/gm, '');

/** Each partition of the table and its indexes: `USER#` as the start of a literal, `CARTS` as a whole one. */
const partitions = [
  ...Object.keys(tablePartitions),
  ...Object.values(indexPartitions).flatMap((index) => Object.keys(index)),
];

function offences(source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  for (const match of code.matchAll(/\b(gsi[12]pk)\b/g)) found.push(match[0]);
  for (const match of code.matchAll(/['"`]pk = :pk/g)) found.push(match[0]);
  // A key prefix: a literal that starts with capitals and `#` (`USER#`, `CONTACT#`, `NAME#`).
  for (const match of code.matchAll(/['"`][A-Z][A-Z0-9_]*#/g)) found.push(match[0]);
  for (const partition of partitions.filter((p) => !p.endsWith('#')))
    if (new RegExp(`['"\`]${partition}['"\`]`).test(code)) found.push(partition);
  return [...new Set(found)];
}

describe('keys are built only by the models', () => {
  it.each(files)('%s spells no key prefix, partition or index key', (file) => {
    expect(offences(readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('the scan finds what it looks for (a hand-built key, a raw index key, a partition)', () => {
    expect(offences("getItem(`USER#` + id, 'PROFILE')")).toEqual(['`USER#']);
    expect(offences("KeyConditionExpression: 'gsi2pk = :pk'")).toEqual(['gsi2pk']);
    expect(offences("{ ':pk': 'CARTS' }")).toEqual(['CARTS']);
    expect(offences("KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)'")).toEqual(["'pk = :pk"]);
    expect(offences('// `USER#<sub>` in a comment\nconst key = cartKey(id);')).toEqual([]);
  });
});
