import { API_PREFIX } from './edge';

/**
 * Per-client limits, defined once: how many requests one IP address may make to a part of the site
 * in a window, before it is answered 429 until the window ends. AWS applies them with AWS WAF
 * rate-based rules (infra/constructs/firewall.ts: the distribution's web ACL for the site and the
 * API, the user pool's web ACL for Cognito's sign-up); the local edge applies the same table to the
 * requests it receives (infra/local/edge-server.ts). The API stage's throttles stay as the last,
 * shared backstop (infra/constructs/api.ts).
 *
 * Every rule counts each client separately, so one script that floods search is answered 429 while
 * every other visitor is still served. A request counts towards each rule it matches (a search counts
 * for `search` and for `api`). Tuning: docs/operations.md, "Per-client limits".
 */
export interface ClientLimit {
  /** The WAF rule's name and metric (letters, digits, `-`). */
  readonly name: string;
  readonly description: string;
  /**
   * Where the rule applies: `site` (the CloudFront distribution: web app and `/api`, matched on the
   * viewer's path) or `userPool` (Cognito's API, which the browser calls directly on AWS and through
   * `/cognito` in the local home; matched on the operation).
   */
  readonly home: 'site' | 'userPool';
  /** Only requests with this method count. @default every method */
  readonly method?: 'GET' | 'POST';
  /** `site`: a regular expression on the viewer's path (no query), as both WAF and JavaScript read it. */
  readonly path?: string;
  /** `userPool`: the Cognito operation (the `X-Amz-Target` header's `AWSCognitoIdentityProviderService.<operation>`). */
  readonly operation?: string;
  /** Requests one IP address may make in one window. AWS WAF accepts 10 to 2,000,000,000. */
  readonly limit: number;
  /** The window, in seconds: AWS WAF accepts 60, 120, 300 or 600. */
  readonly windowSeconds: 60 | 120 | 300 | 600;
}

/** Paths no per-client limit and no managed rule applies to (a regular expression each, on the viewer's path). */
export const CLIENT_LIMIT_EXEMPT_PATHS = [
  // Stripe sends every webhook delivery from a few shared addresses and retries what fails: a
  // per-IP limit would delay payments for every founder. The webhook verifies Stripe's signature.
  `^${API_PREFIX}/stripe/webhook$`,
] as const;

export const CLIENT_LIMITS: readonly ClientLimit[] = [
  {
    name: 'search',
    description: 'Directory search: a person searching does a few a second at most.',
    home: 'site',
    method: 'GET',
    path: `^${API_PREFIX}/investors$`,
    limit: 120,
    windowSeconds: 60,
  },
  {
    name: 'suggestions',
    description: 'Suggestions as a founder types (debounced in the web app; cached at the edge).',
    home: 'site',
    method: 'GET',
    path: `^${API_PREFIX}/directory/suggestions$`,
    limit: 300,
    windowSeconds: 60,
  },
  {
    name: 'data-requests',
    description: "An investor's request for their data, and its confirmation: each sends an email.",
    home: 'site',
    method: 'POST',
    path: `^${API_PREFIX}/(investors/[^/]+/data-requests|data-requests/[^/]+/confirm)$`,
    limit: 20,
    windowSeconds: 300,
  },
  {
    name: 'api',
    description: 'Every other API call (signed-in routes included), the Stripe webhook exempt.',
    home: 'site',
    path: `^${API_PREFIX}/`,
    limit: 1500,
    windowSeconds: 60,
  },
  {
    name: 'sign-up',
    description: 'Registration: each sign-up sends a confirmation email.',
    home: 'userPool',
    operation: 'SignUp',
    limit: 20,
    windowSeconds: 300,
  },
];

/** The 429 answer's body: the API's error envelope (`{ error: { code, message } }`, shared/api/errors.ts). */
export const CLIENT_LIMIT_MESSAGE =
  'Too many requests from your address. Please wait a few minutes and try again.';
export const CLIENT_LIMIT_BODY = JSON.stringify({
  error: { code: 'resource-exhausted', message: CLIENT_LIMIT_MESSAGE },
});

/** The Cognito operation named by a request's `X-Amz-Target` header, if any. */
export function cognitoOperation(target: string | undefined): string | undefined {
  const match = /^AWSCognitoIdentityProviderService\.(\w+)$/.exec(target ?? '');
  return match?.[1];
}

/** What a limit is checked against: the viewer's method and path, or the Cognito operation. */
export type LimitedRequest =
  | { home: 'site'; method: string; path: string }
  | { home: 'userPool'; operation: string | undefined };

/** Whether `rule` counts `request`. */
export function limitApplies(rule: ClientLimit, request: LimitedRequest): boolean {
  if (rule.home !== request.home) return false;
  if (request.home === 'userPool') return rule.operation === request.operation;
  if (CLIENT_LIMIT_EXEMPT_PATHS.some((exempt) => new RegExp(exempt).test(request.path))) return false;
  if (rule.method && rule.method !== request.method) return false;
  return rule.path !== undefined && new RegExp(rule.path).test(request.path);
}

/**
 * Counts requests per rule, client and window, as WAF's rate-based rules do (fixed windows here, a
 * sliding window at WAF: the local edge's count never lets through more than WAF would in a window).
 * `now` is injectable so that tests decide which window a request falls in.
 */
export class ClientLimiter {
  private readonly counts = new Map<string, number>();
  private window = new Map<string, number>();

  constructor(
    private readonly rules: readonly ClientLimit[] = CLIENT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts the request; returns the first rule it exceeds, or undefined when it may pass. */
  exceeded(client: string, request: LimitedRequest): ClientLimit | undefined {
    const now = this.now();
    let exceeded: ClientLimit | undefined;
    for (const rule of this.rules) {
      if (!limitApplies(rule, request)) continue;
      const windowIndex = Math.floor(now / (rule.windowSeconds * 1000));
      if (this.window.get(rule.name) !== windowIndex) {
        // A new window of this rule: forget its old counts (bounded memory).
        for (const key of this.counts.keys()) if (key.startsWith(`${rule.name} `)) this.counts.delete(key);
        this.window.set(rule.name, windowIndex);
      }
      const key = `${rule.name} ${client}`;
      const count = (this.counts.get(key) ?? 0) + 1;
      this.counts.set(key, count);
      if (count > rule.limit && !exceeded) exceeded = rule;
    }
    return exceeded;
  }
}
