/** What the app reads from the Cognito ID token's claims. */

export const ADMIN_GROUP = 'admin';

/** Cognito writes `email_verified` as a boolean; some emulators and gateways pass it as text. */
export function isEmailVerified(claims: Record<string, unknown>): boolean {
  const verified = claims.email_verified;
  return verified === true || verified === 'true';
}

/**
 * True when the token's `cognito:groups` holds 'admin'. A claim that cannot be read is logged and
 * counts as not admin (spec section 4).
 */
export function isAdminClaim(claims: Record<string, unknown>): boolean {
  try {
    const groups = claims['cognito:groups'];
    if (groups === undefined || groups === null) return false;
    if (Array.isArray(groups)) return groups.includes(ADMIN_GROUP);
    if (typeof groups === 'string') {
      return groups
        .replace(/^\[|\]$/g, '')
        .split(/[\s,]+/)
        .includes(ADMIN_GROUP);
    }
    throw new TypeError(`Unexpected cognito:groups claim of type ${typeof groups}`);
  } catch (error) {
    console.error('Could not read the admin claim of the ID token; treating the user as not admin.', error);
    return false;
  }
}
