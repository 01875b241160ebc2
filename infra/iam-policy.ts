/**
 * A small evaluator of IAM identity-policy statements, for the statements this stack writes: Allow
 * and Deny, actions and resources with `*` and `?`, and the condition operators the grants use. It
 * answers as IAM does for one request: an explicit Deny wins, else an Allow whose action, resource and
 * every condition match, else refused. The local home holds each function to its manifest with it
 * (`infra/local/table-guard.ts`) and the infra tests evaluate the synthesised policies with it. An
 * operator it does not know throws, so a new kind of condition cannot pass unexamined.
 */
export interface PolicyStatementJson {
  Effect: 'Allow' | 'Deny' | string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

export interface IamRequest {
  action: string;
  resource: string;
  /** Condition keys of the request: `dynamodb:LeadingKeys` (several values), `s3:prefix` ... */
  context?: Record<string, string | readonly string[] | undefined>;
}

export type Decision = 'allowed' | 'refused';

const list = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...value] : [value as T];

/** IAM's wildcard match: `*` any run of characters, `?` one; case-sensitive (actions: insensitive). */
export function wildcardMatch(pattern: string, value: string, ignoreCase = false): boolean {
  const source = pattern
    .split('')
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, ignoreCase ? 'i' : '').test(value);
}

type Matcher = (pattern: string, value: string) => boolean;
const MATCHERS: Record<string, Matcher> = {
  StringEquals: (pattern, value) => pattern === value,
  StringLike: (pattern, value) => wildcardMatch(pattern, value),
  ArnEquals: (pattern, value) => pattern === value,
  ArnLike: (pattern, value) => wildcardMatch(pattern, value),
};

function conditionHolds(operator: string, key: string, expected: unknown, request: IamRequest): boolean {
  const values = list(request.context?.[key]);
  const patterns = list(expected as string | string[]).map(String);
  if (operator === 'Null') {
    // "Null": "false" holds when the key is present.
    const absent = values.length === 0;
    return patterns.every((pattern) => (pattern === 'true') === absent);
  }
  const [qualifier, base] = operator.includes(':') ? operator.split(':') : [undefined, operator];
  const matcher = MATCHERS[base ?? ''];
  if (!matcher) throw new Error(`The policy evaluator does not know the condition operator ${operator}`);
  const matchesAny = (value: string) => patterns.some((pattern) => matcher(pattern, value));
  // IAM: ForAllValues holds for an absent or empty key (hence the Null checks beside it).
  if (qualifier === 'ForAllValues') return values.every(matchesAny);
  if (qualifier === 'ForAnyValue') return values.some(matchesAny);
  if (qualifier !== undefined) throw new Error(`The policy evaluator does not know ${operator}`);
  if (values.length > 1) throw new Error(`${key} has several values: use ForAllValues or ForAnyValue`);
  return values.length === 1 && matchesAny(values[0] ?? '');
}

function statementApplies(statement: PolicyStatementJson, request: IamRequest): boolean {
  const actions = list(statement.Action);
  if (!actions.some((action) => wildcardMatch(action, request.action, true))) return false;
  const resources = list(statement.Resource as string | string[]);
  if (resources.some((resource) => typeof resource !== 'string'))
    throw new Error(`Unresolved resource in a statement: ${JSON.stringify(statement.Resource)}`);
  if (!resources.some((resource) => wildcardMatch(resource, request.resource))) return false;
  return Object.entries(statement.Condition ?? {}).every(([operator, keys]) =>
    Object.entries(keys).every(([key, expected]) => conditionHolds(operator, key, expected, request)),
  );
}

/** What IAM would decide for the request under these identity-policy statements. */
export function evaluate(statements: readonly PolicyStatementJson[], request: IamRequest): Decision {
  const applying = statements.filter((statement) => statementApplies(statement, request));
  if (applying.some((statement) => statement.Effect === 'Deny')) return 'refused';
  return applying.some((statement) => statement.Effect === 'Allow') ? 'allowed' : 'refused';
}
