import { en } from 'zod/locales';
import { config, type core } from 'zod/mini';
import { excerpt } from '../../shared/api/text';

/**
 * zod/mini loads no locale, so every issue would read 'Invalid input'. Importing this module sets,
 * once for the process, messages a person understands, each naming the field it is about: 'limit
 * must be a whole number from 1 to 100', 'title must be at most 200 characters', 'email is
 * required', 'Unknown field 'foo': this request does not take it'. A schema's own message (the
 * spec's words, such as 'Name is required.') still wins over these. Codes not covered here fall back
 * to zod's English locale. They are the messages of 400 answers (`middlewares/validation.ts`), of
 * configuration errors (`config.ts`) and of any other zod error a function throws or logs.
 * (`z.locales.en()` would make esbuild bundle every locale; `zod/locales` keeps only English.)
 */
const english = en();

/**
 * A field's name as a message gives it: its path (`headers.0.weight`), each part an excerpt of what
 * was sent (a field name is text of the request too: never echoed long, nor with control characters).
 */
export const fieldName = (path: readonly PropertyKey[] | undefined): string =>
  path && path.length > 0 ? path.map((part) => excerpt(String(part))).join('.') : 'The value';

/** 'a', 'a and b', 'a, b and c'. */
const listOf = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** How many unknown field names one message lists (a body of 10,000 unknown fields answers a short message). */
const UNKNOWN_KEYS_LISTED = 3;

type AnySchema = core.$ZodType;
interface SchemaDef {
  type: string;
  innerType?: AnySchema;
  in?: AnySchema;
  shape?: Record<string, AnySchema>;
  options?: AnySchema[];
  discriminator?: string;
  values?: unknown[];
  entries?: Record<string, unknown>;
}
const defOf = (schema: AnySchema) => schema._zod.def as unknown as SchemaDef;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The schema a value is first checked against: wrappers (optional, default...) and pipes looked through. */
function unwrapped(schema: AnySchema): AnySchema {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

/** An example value of a field's schema for a message: its literal, or a placeholder of its kind. */
function exampleOf(schema: AnySchema): string {
  const def = defOf(unwrapped(schema));
  if (def.type === 'literal' && def.values?.length) return JSON.stringify(def.values[0]);
  if (def.type === 'enum' && def.entries) return JSON.stringify(Object.values(def.entries)[0]);
  if (def.type === 'array') return '[…]';
  if (def.type === 'object') return '{…}';
  if (def.type === 'boolean') return 'true';
  if (def.type === 'number' || def.type === 'int') return '0';
  return '"…"';
}

const isOptional = (schema: AnySchema) => schema._zod.optin === 'optional';

/**
 * What an object of this schema holds, for the message of a value that is not one: ' with the fields
 * investorIds and columnOrder (and optionally id)', ' with any of the fields name, description...',
 * or, for a choice between objects, ' such as {"what": "profile"} or {"what": "contacts", "kinds": […]}'.
 * Empty when the schema is no object.
 */
export function objectFieldsHint(schema: AnySchema): string {
  const def = defOf(unwrapped(schema));
  if (def.type === 'object' && def.shape) {
    const keys = Object.keys(def.shape);
    const required = keys.filter((key) => !isOptional(def.shape?.[key] as AnySchema));
    const optional = keys.filter((key) => !required.includes(key));
    if (keys.length === 0) return ' with no fields ({})';
    if (required.length === 0) return ` with any of the fields ${listOf(optional)}`;
    return ` with the fields ${listOf(required)}${optional.length > 0 ? ` (and optionally ${listOf(optional)})` : ''}`;
  }
  if (def.type === 'union' && def.options) {
    const examples = def.options.map((option) => {
      const shape = defOf(unwrapped(option)).shape ?? {};
      const fields = Object.entries(shape)
        .filter(([key, field]) => key === def.discriminator || !isOptional(field))
        .map(([key, field]) => `"${key}": ${exampleOf(field)}`);
      return `{${fields.join(', ')}}`;
    });
    return ` such as ${examples.join(' or ')}`;
  }
  return '';
}

const count = (n: number | bigint, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  null: 'null',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'an email address',
  url: 'a URL',
  uuid: 'a UUID',
  datetime: 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
};

/** A human message for a zod issue, or undefined to leave it to zod's English locale. */
export function humanIssueMessage(issue: core.$ZodRawIssue): string | undefined {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `${field} is required`;
      if (issue.expected === 'object' && issue.inst)
        return `${field} must be an object${objectFieldsHint(issue.inst as AnySchema)}`;
      const expected = TYPE_NAMES[issue.expected];
      return expected ? `${field} must be ${expected}` : undefined;
    }
    case 'too_big': {
      const max = issue.maximum as number;
      if (issue.origin === 'string')
        return `${field} must be at most ${count(max, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} can hold at most ${count(max, 'item', 'items')}`;
      if (issue.origin === 'number' || issue.origin === 'int')
        return `${field} must be ${issue.inclusive === false ? 'less than' : 'at most'} ${max.toLocaleString('en-US')}`;
      return undefined;
    }
    case 'too_small': {
      const min = issue.minimum as number;
      if (issue.origin === 'string')
        return min <= 1
          ? `${field} must not be empty`
          : `${field} must be at least ${count(min, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} must hold at least ${count(min, 'item', 'items')}`;
      if (issue.origin === 'number' || issue.origin === 'int')
        return `${field} must be ${issue.inclusive === false ? 'more than' : 'at least'} ${min.toLocaleString('en-US')}`;
      return undefined;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `${field} must be ${JSON.stringify(issue.values[0])}`
        : `${field} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format': {
      const format = FORMAT_NAMES[issue.format];
      return format ? `${field} must be ${format}` : `${field} is not in the expected format`;
    }
    case 'unrecognized_keys': {
      const prefix = issue.path && issue.path.length > 0 ? `${fieldName(issue.path)}.` : '';
      const listed = issue.keys.slice(0, UNKNOWN_KEYS_LISTED).map((key) => `'${prefix}${excerpt(key)}'`);
      const more = issue.keys.length - listed.length;
      const names = `${listed.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
      return issue.keys.length === 1
        ? `Unknown field ${names}: this request does not take it`
        : `Unknown fields ${names}: this request does not take them`;
    }
    case 'invalid_union': {
      // A choice made by one field (a discriminated union): say which values that field takes.
      const options = (issue as { options?: unknown[] }).options;
      if (options && options.length > 0) return `${field} must be one of: ${options.map(String).join(', ')}`;
      return `${field} is not valid`;
    }
    default:
      return undefined;
  }
}

config({ customError: humanIssueMessage, localeError: english.localeError });
