import { ADMIN_GROUP, groupsOfClaim, INVESTOR_GROUP } from '../../shared/accounts/groups';

/** The caller, as the JWT authorizer's claims describe them. */
export interface Caller {
  sub: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  /** In the `investor` group: joined a partner portal (issue 21). Founder routes also check the table. */
  isInvestor: boolean;
}

type ClaimValue = string | number | boolean | string[];

/**
 * Reads the caller from ID-token claims as API Gateway's JWT authorizer passes them
 * (`requestContext.authorizer.jwt.claims`). API Gateway flattens arrays to strings such as
 * `[admin founders]` and booleans to `"true"`; the local gateway passes them as they are in the token.
 * Returns null when the claims do not describe a user.
 */
export function callerFromClaims(claims: Record<string, ClaimValue>): Caller | null {
  const sub = claims.sub;
  const email = claims.email;
  if (typeof sub !== 'string' || !sub || typeof email !== 'string') return null;
  const verified = claims.email_verified;
  const groups = groupsOfClaim(claims['cognito:groups']);
  return {
    sub,
    email,
    emailVerified: verified === true || verified === 'true',
    isAdmin: groups.includes(ADMIN_GROUP),
    isInvestor: groups.includes(INVESTOR_GROUP),
  };
}
