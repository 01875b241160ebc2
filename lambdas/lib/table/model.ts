import * as z from 'zod/mini';
import { type IndexName, type ItemKeys, tableDefinition } from './definition';

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'entity'] as const;

/**
 * One entity of the single table: a zod schema for its attributes and the function that derives
 * its keys. Item types come from the schema, so they cannot drift from what is written; this is the
 * only place (with the repositories beside it) that knows key shapes.
 */
export interface Model<S extends z.core.$ZodType> {
  entity: string;
  schema: S;
  keys(value: z.infer<S>): ItemKeys;
  toItem(value: z.infer<S>): Record<string, unknown> & ItemKeys & { entity: string };
  fromItem(item: Record<string, unknown>): z.infer<S>;
}

/** DynamoDB's key limits, in bytes of UTF-8. DynamoDB Local does not enforce them; AWS refuses the write. */
export const MAX_PARTITION_KEY_BYTES = 2048;
export const MAX_SORT_KEY_BYTES = 1024;

const utf8Bytes = (value: string) => Buffer.byteLength(value, 'utf8');
const isSortKey = (attribute: string) => attribute.endsWith('sk');

export class KeyTooLongError extends Error {
  override readonly name = 'KeyTooLongError';
}

/** Refuses, in both homes alike, a key that AWS would refuse. */
export function checkKeySizes(entity: string, keys: object): void {
  for (const [attribute, value] of Object.entries(keys)) {
    if (typeof value !== 'string') continue;
    const limit = isSortKey(attribute) ? MAX_SORT_KEY_BYTES : MAX_PARTITION_KEY_BYTES;
    if (utf8Bytes(value) > limit)
      throw new KeyTooLongError(
        `${entity}: ${attribute} is ${utf8Bytes(value)} bytes, over DynamoDB's ${limit}`,
      );
  }
}

/**
 * A key fragment made of user data (a name, a tag, an email), cut to at most `maxBytes` of UTF-8 at
 * a character boundary, so the key stays within DynamoDB's limits whatever the data. Values that
 * share their first `maxBytes` bytes share the fragment (a long name then ties, broken by the id).
 */
export function keyFragment(value: string, maxBytes: number): string {
  if (utf8Bytes(value) <= maxBytes) return value;
  let out = '';
  let used = 0;
  for (const char of value) {
    const size = utf8Bytes(char);
    if (used + size > maxBytes) break;
    out += char;
    used += size;
  }
  return out;
}

export function defineModel<S extends z.core.$ZodType>(
  entity: string,
  schema: S,
  buildKeys: (value: z.infer<S>) => ItemKeys,
): Model<S> {
  const keys = (value: z.infer<S>) => {
    const built = buildKeys(value);
    checkKeySizes(entity, built);
    return built;
  };
  return {
    entity,
    schema,
    keys,
    toItem(value) {
      return { ...(value as Record<string, unknown>), ...keys(value), entity };
    },
    fromItem(item) {
      const attributes: Record<string, unknown> = { ...item };
      for (const key of KEY_ATTRIBUTES) delete attributes[key];
      delete attributes.expiresAt;
      return z.parse(schema, attributes);
    },
  };
}

/** A sort key fragment that orders numbers as text (e.g. epoch milliseconds). */
export const padNumber = (value: number, width = 15): string =>
  String(Math.max(0, Math.trunc(value))).padStart(width, '0');

/** A pagination cursor: the LastEvaluatedKey, base64url-encoded JSON. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError';
}

/**
 * Refuses (InvalidCursorError) a cursor that is not a position in the given index partition: one a
 * list of another partition gave, or made up. DynamoDB would refuse it with a server error otherwise.
 */
export function checkIndexCursor(
  cursor: string | null | undefined,
  partitionKey: string,
  partition: string,
): void {
  const start = decodeCursor(cursor);
  if (start === undefined) return;
  const keys = Object.keys(start).sort().join(',');
  const sortKey = partitionKey.replace(/pk$/, 'sk');
  if (start[partitionKey] !== partition || keys !== ['pk', 'sk', partitionKey, sortKey].sort().join(','))
    throw new InvalidCursorError('The cursor does not belong to this list.');
}

export function decodeCursor(cursor: string | undefined | null): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    for (const v of Object.values(value)) if (typeof v !== 'string') throw new Error('not a key');
    // A key AWS would refuse (DynamoDB Local takes it) is not one this table ever gave.
    checkKeySizes('cursor', value);
    return value as Record<string, unknown>;
  } catch (cause) {
    throw new InvalidCursorError('The cursor is not valid.', { cause });
  }
}

/** The primary key of an item. */
export interface TableKey {
  pk: string;
  sk: string;
}

/** A Query's key condition, ready to spread into `queryPage`/`queryAll`/`queryCount`. */
export interface KeyQuery {
  index?: IndexName;
  KeyConditionExpression: string;
  ExpressionAttributeValues: Record<string, string>;
}

/** Where an access pattern reads: a partition, and optionally a range of its sort keys. */
export interface PatternKeys {
  partition: string;
  /** Sort keys beginning with this. */
  sortPrefix?: string;
  /** Sort keys before this (exclusive). */
  sortBefore?: string;
  /** Sort keys up to this (inclusive). */
  sortAtMost?: string;
}

/** What the access-pattern table of `docs/data-model.md` says of a pattern. */
export interface PatternDoc {
  index: IndexName | 'table';
  /** The names of the pattern's arguments, in order (shown as `<name>` in the docs). */
  params: string[];
  description: string;
}

/**
 * A named access pattern (the ElectroDB way): a function of the pattern's arguments that returns the
 * index and key condition of its Query, with what the docs say of it. Repositories call these and
 * never spell key attributes or partitions.
 */
export interface AccessPattern<A extends unknown[]> {
  (...args: A): KeyQuery;
  readonly doc: PatternDoc;
  /** The partition and sort-key range for the given arguments. */
  readonly keysOf: (...args: A) => PatternKeys;
}

/** The key attributes of the table (`index` 'table') or of an index. */
export function keyAttributes(index: IndexName | 'table'): { partitionKey: string; sortKey: string } {
  return index === 'table'
    ? { partitionKey: tableDefinition.partitionKey, sortKey: tableDefinition.sortKey }
    : tableDefinition.indexes[index];
}

/** The key condition of a pattern's keys on the table or an index. */
export function keyCondition(index: IndexName | 'table', keys: PatternKeys): Omit<KeyQuery, 'index'> {
  const { partitionKey, sortKey } = keyAttributes(index);
  const values: Record<string, string> = { ':pk': keys.partition };
  let condition = `${partitionKey} = :pk`;
  if (keys.sortPrefix !== undefined) {
    condition += ` AND begins_with(${sortKey}, :sk)`;
    values[':sk'] = keys.sortPrefix;
  } else if (keys.sortBefore !== undefined) {
    condition += ` AND ${sortKey} < :sk`;
    values[':sk'] = keys.sortBefore;
  } else if (keys.sortAtMost !== undefined) {
    condition += ` AND ${sortKey} <= :sk`;
    values[':sk'] = keys.sortAtMost;
  }
  return { KeyConditionExpression: condition, ExpressionAttributeValues: values };
}

export function accessPattern<A extends unknown[]>(
  doc: PatternDoc,
  keysOf: (...args: A) => PatternKeys,
): AccessPattern<A> {
  const query = (...args: A): KeyQuery => ({
    ...(doc.index === 'table' ? {} : { index: doc.index }),
    ...keyCondition(doc.index, keysOf(...args)),
  });
  return Object.assign(query, { doc, keysOf });
}

/**
 * Refuses (InvalidCursorError, with `message`) a cursor that is not a position in the query's
 * partition (and sort-key prefix): one another list gave, or made up. DynamoDB would refuse it with a
 * server error otherwise.
 */
export function checkCursorOf(
  cursor: string | null | undefined,
  query: KeyQuery,
  message = 'The cursor does not belong to this list.',
): void {
  const start = decodeCursor(cursor);
  if (start === undefined) return;
  const index = query.index ?? 'table';
  const { partitionKey, sortKey } = keyAttributes(index);
  const expected = [tableDefinition.partitionKey, tableDefinition.sortKey, partitionKey, sortKey];
  const prefix = query.KeyConditionExpression.includes('begins_with')
    ? query.ExpressionAttributeValues[':sk']
    : undefined;
  if (
    start[partitionKey] !== query.ExpressionAttributeValues[':pk'] ||
    Object.keys(start).sort().join(',') !== [...new Set(expected)].sort().join(',') ||
    (prefix !== undefined && !String(start[sortKey] ?? '').startsWith(prefix))
  )
    throw new InvalidCursorError(message);
}

/** The cursor that resumes a Query of `index` after `item` (the item's table and index keys). */
export function cursorAfter(item: Record<string, unknown>, index: IndexName | 'table'): string | null {
  const { partitionKey, sortKey } = keyAttributes(index);
  const keys = [tableDefinition.partitionKey, tableDefinition.sortKey, partitionKey, sortKey];
  return encodeCursor(Object.fromEntries(keys.map((key) => [key, item[key]])));
}

/**
 * The parts of an update that write an item's index keys (`SET #ik0 = :ik0, ...`), or remove those of
 * an index (`REMOVE #rk0, #rk1`): an update that moves an item into or out of an index, with keys
 * the model built.
 */
export function indexKeysSet(keys: Partial<ItemKeys>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(keys)
    .filter(([attribute, value]) => attribute.startsWith('gsi') && value !== undefined)
    .map(([attribute, value], i) => {
      names[`#ik${i}`] = attribute;
      values[`:ik${i}`] = value;
      return `#ik${i} = :ik${i}`;
    });
  return { sets, names, values };
}

export function indexKeysRemove(index: IndexName) {
  const { partitionKey, sortKey } = tableDefinition.indexes[index];
  return { removes: ['#rk0', '#rk1'], names: { '#rk0': partitionKey, '#rk1': sortKey } };
}
