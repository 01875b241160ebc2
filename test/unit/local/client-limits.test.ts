import { describe, expect, it } from 'vitest';
import {
  type ClientLimit,
  ClientLimiter,
  cognitoOperation,
  limitApplies,
} from '../../../infra/client-limits';

const rules: ClientLimit[] = [
  {
    name: 'search',
    description: 'search',
    home: 'site',
    method: 'GET',
    path: '^/api/investors$',
    limit: 2,
    windowSeconds: 60,
  },
  { name: 'api', description: 'api', home: 'site', path: '^/api/', limit: 3, windowSeconds: 60 },
  {
    name: 'sign-up',
    description: 'sign-up',
    home: 'userPool',
    operation: 'SignUp',
    limit: 1,
    windowSeconds: 300,
  },
];
const search = { home: 'site', method: 'GET', path: '/api/investors' } as const;

describe('the per-client limiter of the local edge (infra/client-limits.ts)', () => {
  it('counts each client on its own and names the rule a request went over', () => {
    const limiter = new ClientLimiter(rules, () => 0);
    expect(limiter.exceeded('a', search)).toBeUndefined();
    expect(limiter.exceeded('a', search)).toBeUndefined();
    expect(limiter.exceeded('a', search)?.name).toBe('search');
    expect(limiter.exceeded('b', search)).toBeUndefined();
    // Every matching rule counts: the fourth API call of `a` is over `api` too.
    expect(limiter.exceeded('a', { home: 'site', method: 'GET', path: '/api/me' })?.name).toBe('api');
  });

  it('starts each window afresh', () => {
    let now = 0;
    const limiter = new ClientLimiter(rules, () => now);
    const signUp = { home: 'userPool', operation: 'SignUp' } as const;
    expect(limiter.exceeded('a', signUp)).toBeUndefined();
    expect(limiter.exceeded('a', signUp)?.name).toBe('sign-up');
    now = 299_999;
    expect(limiter.exceeded('a', signUp)?.name).toBe('sign-up');
    now = 300_000;
    expect(limiter.exceeded('a', signUp)).toBeUndefined();
  });

  it('matches by home, method, path and operation; the webhook is exempt', () => {
    const [searchRule, apiRule, signUpRule] = rules as [ClientLimit, ClientLimit, ClientLimit];
    expect(limitApplies(searchRule, { ...search, method: 'POST' })).toBe(false);
    expect(limitApplies(searchRule, { ...search, path: '/api/investors/42' })).toBe(false);
    expect(limitApplies(apiRule, { home: 'site', method: 'POST', path: '/api/stripe/webhook' })).toBe(false);
    expect(limitApplies(apiRule, { home: 'site', method: 'GET', path: '/search' })).toBe(false);
    expect(limitApplies(signUpRule, { home: 'userPool', operation: 'InitiateAuth' })).toBe(false);
    expect(cognitoOperation('AWSCognitoIdentityProviderService.SignUp')).toBe('SignUp');
    expect(cognitoOperation('Something.SignUp')).toBeUndefined();
    expect(cognitoOperation(undefined)).toBeUndefined();
  });
});
