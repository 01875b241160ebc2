import { ADMIN_GROUP, groupsOfClaim, INVESTOR_GROUP } from '../../shared/accounts/groups';

/** What the app reads from the Cognito ID token's claims. */

export { ADMIN_GROUP, INVESTOR_GROUP };

/** Cognito writes `email_verified` as a boolean; some emulators and gateways pass it as text. */
export function isEmailVerified(claims: Record<string, unknown>): boolean {
  const verified = claims.email_verified;
  return verified === true || verified === 'true';
}

/** True when the token's `cognito:groups` holds `group`; a claim that cannot be read throws. */
function inGroup(claims: Record<string, unknown>, group: string): boolean {
  const groups = claims['cognito:groups'];
  if (groups === undefined || groups === null) return false;
  if (!Array.isArray(groups) && typeof groups !== 'string')
    throw new TypeError(`Unexpected cognito:groups claim of type ${typeof groups}`);
  return groupsOfClaim(groups).includes(group);
}

/**
 * True when the token's `cognito:groups` holds 'admin'. A claim that cannot be read is logged and
 * counts as not admin (spec section 4).
 */
export function isAdminClaim(claims: Record<string, unknown>): boolean {
  try {
    return inGroup(claims, ADMIN_GROUP);
  } catch (error) {
    console.error('Could not read the admin claim of the ID token; treating the user as not admin.', error);
    return false;
  }
}

/**
 * True when the token's `cognito:groups` holds 'investor' (joined a partner portal, issue 21). A
 * claim that cannot be read counts as not an investor: the server refuses founder features to an
 * investor account whatever the web app shows.
 */
export function isInvestorClaim(claims: Record<string, unknown>): boolean {
  try {
    return inGroup(claims, INVESTOR_GROUP);
  } catch (error) {
    console.error('Could not read the groups of the ID token; treating the user as no investor.', error);
    return false;
  }
}
