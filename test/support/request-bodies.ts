import type * as z from 'zod/mini';
import type { Endpoint } from '../../lambdas/lib/middlewares/http-types';
import { handlerGroups, type RouteDefinition, routeKey, routes } from '../../lambdas/routes';
import { isMultiLine, isSingleLine } from '../../shared/api/text';

/**
 * The request bodies of the route table, for the tests of input hygiene (unit and integration): each
 * route's endpoint as its handler declares it, and the text fields of a body schema, each with how it
 * is declared (single-line, multi-line, or not at all).
 */

export interface RoutedEndpoint {
  route: RouteDefinition;
  key: string;
  endpoint: Endpoint;
}

/** Every route of routes.ts served by an HTTP handler group (all but Stripe's webhook), with its endpoint. */
export async function routedEndpoints(): Promise<RoutedEndpoint[]> {
  const found: RoutedEndpoint[] = [];
  for (const [group, file] of Object.entries(handlerGroups)) {
    if (group === 'stripeWebhook') continue;
    const module = (await import(/* @vite-ignore */ `../../${file}`)) as {
      handler: { loadEndpoints: () => Promise<ReadonlyMap<string, { endpoint: Endpoint }>> };
    };
    const endpoints = await module.handler.loadEndpoints();
    for (const route of routes.filter((r) => r.handler === group)) {
      const key = routeKey(route);
      const routed = endpoints.get(key);
      if (!routed) throw new Error(`${group} serves no endpoint for ${key}`);
      found.push({ route, key, endpoint: routed.endpoint });
    }
  }
  return found;
}

export type TextKind = 'single-line' | 'multi-line' | 'undeclared';

/** A text field of a body schema: its path (`'*'` for any item of a list) and how it is declared. */
export interface TextField {
  path: string[];
  kind: TextKind;
}

interface Def {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  options?: z.core.$ZodType[];
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);
const NOT_TEXT = new Set([
  'enum',
  'literal',
  'boolean',
  'number',
  'int',
  'bigint',
  'undefined',
  'null',
  'never',
]);

/**
 * Every text field a body of this schema can carry (what a client sends: a pipe's input side), by
 * path. A schema kind this walk does not know fails, so a new kind cannot hide a text field.
 */
export function textFields(schema: z.core.$ZodType, path: string[] = []): TextField[] {
  const def = schema._zod.def as unknown as Def;
  if (WRAPPERS.has(def.type) && def.innerType) return textFields(def.innerType, path);
  if (def.type === 'pipe' && def.in) return textFields(def.in, path);
  if (def.type === 'object')
    return Object.entries(def.shape ?? {}).flatMap(([key, field]) => textFields(field, [...path, key]));
  if (def.type === 'array' && def.element) return textFields(def.element, [...path, '*']);
  if (def.type === 'union') {
    const all = (def.options ?? []).flatMap((option) => textFields(option, path));
    return all.filter((field, i) => all.findIndex((f) => f.path.join('.') === field.path.join('.')) === i);
  }
  if (def.type === 'string')
    return [
      {
        path,
        kind: isSingleLine(schema) ? 'single-line' : isMultiLine(schema) ? 'multi-line' : 'undeclared',
      },
    ];
  if (NOT_TEXT.has(def.type)) return [];
  throw new Error(`textFields: a ${def.type} schema at '${path.join('.')}' (teach the walk this kind)`);
}

/** The string leaves of a JSON value, by path (list items by index). */
export function textLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => textLeaves(item, [...path, i]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => textLeaves(item, [...path, key]));
  return [];
}

/** Whether a leaf's path (`['sectors', 0]`) is a field's path (`['sectors', '*']`). */
export const pathMatches = (leaf: readonly (string | number)[], field: readonly string[]): boolean =>
  leaf.length === field.length && field.every((part, i) => part === '*' || part === String(leaf[i]));

/** A copy of `value` with the string at `path` replaced by `replace(old)`. */
export function withLeaf(
  value: unknown,
  path: readonly (string | number)[],
  replace: (old: string) => string,
) {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let holder = copy;
  for (const part of path.slice(0, -1)) holder = holder[part] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  holder[last] = replace(holder[last] as string);
  return copy;
}
