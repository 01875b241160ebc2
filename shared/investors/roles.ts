import * as z from 'zod/mini';

/** Stored investor roles (spec section 3), in display order. */
export const INVESTOR_ROLES = [
  'vc',
  'angel',
  'fund',
  'accelerator',
  'incubator',
  'corporate',
  'family_office',
  'other',
] as const;

export const investorRoleSchema = z.enum(INVESTOR_ROLES);

export type InvestorRole = z.infer<typeof investorRoleSchema>;

/** Display name of each stored role. */
export const INVESTOR_ROLE_LABELS: Readonly<Record<InvestorRole, string>> = {
  vc: 'VC',
  angel: 'Angel',
  fund: 'Fund',
  accelerator: 'Accelerator',
  incubator: 'Incubator',
  corporate: 'Corporate',
  family_office: 'Family Office',
  other: 'Other',
};

/** Display name for anything that is not a stored role. Not in `messages.ts`; defined here. */
export const UNKNOWN_ROLE_LABEL = 'Unknown';
/** The directory's count of investors without a (known) role: the key beside the roles' own. */
export const UNKNOWN_ROLE_KEY = 'unknown';

export function isInvestorRole(value: unknown): value is InvestorRole {
  return investorRoleSchema.safeParse(value).success;
}

/** Display name of a role: 'VC', 'Family Office', ... for stored roles, 'Unknown' for anything else. */
export function investorRoleLabel(role: unknown): string {
  return isInvestorRole(role) ? INVESTOR_ROLE_LABELS[role] : UNKNOWN_ROLE_LABEL;
}

/**
 * A role as the public screens show it: a stored role's name, or null for an investor without a
 * (known) type, which is no public type (issue 50: no card, profile or filter says "Unknown").
 */
export function publicRoleLabel(role: unknown): string | null {
  return isInvestorRole(role) ? INVESTOR_ROLE_LABELS[role] : null;
}

/**
 * Recognisers tried in order on a normalised role text (lower case, words separated by single spaces).
 * Order matters: 'Corporate VC' and 'Corporate Venture Capital' are corporate, 'Venture Fund' is vc, and
 * 'Family Office Fund' is a family office.
 */
const ROLE_PATTERNS: readonly (readonly [InvestorRole, RegExp])[] = [
  ['family_office', /\bfamily offices?\b|\bfo\b|\bsfo\b|\bmfo\b/],
  ['corporate', /\bcorporates?\b|\bcvcs?\b|\bstrategic\b/],
  ['accelerator', /\baccelerat/],
  ['incubator', /\bincubat/],
  ['angel', /\bangels?\b/],
  ['vc', /\bvcs?\b|\bventures?\b/],
  ['fund', /\bfunds?\b|\bprivate equity\b|\bpe\b/],
  ['other', /\bother\b/],
];

const normaliseRoleText = (text: string): string =>
  text
    .toLowerCase()
    .replace(/v\.c\.?/g, 'vc')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const matchRole = (text: string): InvestorRole | null => {
  const normalised = normaliseRoleText(text);
  if (normalised === '') return null;
  for (const [role, pattern] of ROLE_PATTERNS) {
    if (pattern.test(normalised)) return role;
  }
  return null;
};

/**
 * Parses a free-text investor role from a CSV cell into a stored role, case-insensitively:
 * 'VC' and 'Venture Capital' give `vc`, 'Angel Investor' gives `angel`, 'Family Office' gives
 * `family_office`, 'Corporate VC' gives `corporate`, and stored values themselves ('family_office') parse to
 * themselves. A cell listing several roles ('Angel / VC') takes the first one recognised. Any other
 * non-empty text gives `other`; an empty or blank cell (or null/undefined) gives `null`.
 */
export function parseInvestorRole(text: string | null | undefined): InvestorRole | null {
  if (text == null || text.trim() === '') return null;
  for (const part of text.split(/[,;/|&+]|\band\b|\bor\b/i)) {
    const role = matchRole(part);
    if (role) return role;
  }
  return 'other';
}
