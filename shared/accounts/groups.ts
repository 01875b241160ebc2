/**
 * The kinds of account, as Cognito groups (the ID token's `cognito:groups` claim). A founder is a
 * verified user in neither group; an admin is in `admin`; an investor who joined through a partner
 * portal is in `investor`, which only the server adds (POST /investor/join) and nobody removes by
 * themselves (docs/decisions.md, "Investor accounts").
 */
export const ADMIN_GROUP = 'admin';
export const INVESTOR_GROUP = 'investor';

/**
 * The groups of a `cognito:groups` claim: an array in the token itself, a string such as
 * `[admin investor]` as API Gateway's JWT authorizer flattens it. Anything else has no groups.
 */
export function groupsOfClaim(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((group): group is string => typeof group === 'string');
  if (typeof value !== 'string') return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}
