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

export function defineModel<S extends z.core.$ZodType>(
  entity: string,
  schema: S,
  keys: (value: z.infer<S>) => ItemKeys,
): Model<S> {
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

export function decodeCursor(cursor: string | undefined | null): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    for (const v of Object.values(value)) if (typeof v !== 'string') throw new Error('not a key');
    return value as Record<string, unknown>;
  } catch (cause) {
    throw new InvalidCursorError('The cursor is not valid.', { cause });
  }
}
