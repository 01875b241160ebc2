import { en } from 'zod/locales';
import { config, type core } from 'zod/mini';

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

const fieldName = (path: readonly PropertyKey[] | undefined): string =>
  path && path.length > 0 ? path.map(String).join('.') : 'The value';

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
      const names = issue.keys.map((key) => `'${prefix}${key}'`).join(', ');
      return issue.keys.length === 1
        ? `Unknown field ${names}: this request does not take it`
        : `Unknown fields ${names}: this request does not take them`;
    }
    case 'invalid_union':
      return `${field} is not valid`;
    default:
      return undefined;
  }
}

config({ customError: humanIssueMessage, localeError: english.localeError });
