import * as z from 'zod/mini';
import type { ItemKeys } from './definition';

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
