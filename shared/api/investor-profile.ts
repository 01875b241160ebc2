import * as z from 'zod/mini';
import { groupDigits } from '../format/numbers';
import { FUND_SIZE_MESSAGE, plausibleVintage, VINTAGE_MESSAGE } from '../investors/deploying';
import {
  INVESTOR_PROFILE_STATUSES,
  investorProfileFieldsSchema,
  INVESTOR_PROFILE_LIMITS as LIMITS,
  PROFILE_STAGES,
} from '../investors/investor-profile';
import { withdrawalSchema } from '../investors/listing';
import { LEAD_OR_FOLLOW, PARTIAL_DATE, PROFILE_FACT_LIMITS, YEAR_RANGE } from '../investors/profile-facts';
import { CONTACT_KINDS } from '../investors/provenance';
import { investorRoleSchema } from '../investors/roles';
import { uniqueTexts } from '../investors/types';
import { sortStages } from '../tags/display';
import { normalizeTag, uniqueTags } from '../tags/normalize-tag';
import { portalIdParams, portalSchema } from './directory';
import { investorAccountMessages } from './error-messages';
import { multiLine, singleLine } from './text';

export { investorAccountMessages };

/**
 * The API contract of investor accounts (issue 21): joining a partner portal, and the investor's own
 * profile (read, save, submit). Only the caller's own profile is ever addressed: no route takes a
 * user id, so one investor cannot name another's.
 */

/**
 * POST /investor/profile/withdraw: the whole profile leaves the directory, or the contact details
 * named stop being for sale. Both at once, without review, and recorded.
 */
export const withdrawBody = z.discriminatedUnion('what', [
  z.strictObject({ what: z.literal('profile') }),
  z.strictObject({
    what: z.literal('contacts'),
    kinds: z
      .array(z.enum(CONTACT_KINDS, investorAccountMessages.withdrawKinds))
      .check(z.minLength(1, investorAccountMessages.withdrawKinds), z.maxLength(CONTACT_KINDS.length)),
  }),
]);
export type WithdrawBody = z.infer<typeof withdrawBody>;

/** The investor's listing in the directory as they see it. */
export const investorListingSchema = z.object({
  /** The directory entry (its public profile is /investors/{investorId}). */
  investorId: z.string(),
  approvedAt: z.string(),
  confirmedAt: z.string(),
  /** When the next reminder to confirm is due. */
  reminderDueAt: z.string(),
  withdrawnAt: z.nullable(z.string()),
  /** What founders may buy now. */
  offered: z.array(z.enum(CONTACT_KINDS)),
  withdrawals: z.array(withdrawalSchema),
});
export type InvestorListingView = z.infer<typeof investorListingSchema>;

/** POST /investor/join: the portal (its subdomain) the caller joins as an investor. */
export const joinPortalBody = z.strictObject({ portalId: portalIdParams.shape.portalId });
export type JoinPortalBody = z.infer<typeof joinPortalBody>;

export const investorMembershipSchema = z.object({ portalId: z.string(), joinedAt: z.string() });
export type InvestorMembership = z.infer<typeof investorMembershipSchema>;

/** A single-line text: no line breaks, trimmed, at most `max` characters. */
const text = (max: number) => z.string().check(singleLine(), z.trim(), z.maxLength(max));

/** Adds `https://` to an address typed without a scheme ('linkedin.com/in/ana'). */
const withScheme = (value: string) =>
  value === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;

/** The host of an http(s) address, lower case; null when it is not one. */
export function webAddressHost(value: string): string | null {
  const match = /^https?:\/\/([^\s/?#:@]+)(?::\d{1,5})?(?:[/?#]\S*)?$/i.exec(value);
  const host = match?.[1]?.toLowerCase().replace(/\.$/, '');
  return host?.includes('.') ? host : null;
}

/** An optional web address on one of `hosts` (or any host when none are given), normalised. */
function webAddress(hosts: readonly string[], message: string) {
  return z.string().check(
    singleLine(),
    z.trim(),
    z.overwrite(withScheme),
    z.maxLength(LIMITS.link),
    z.refine((value) => {
      if (value === '') return true;
      const host = webAddressHost(value);
      if (host === null) return false;
      return hosts.length === 0 || hosts.some((h) => host === h || host.endsWith(`.${h}`));
    }, message),
  );
}

export const profileFieldMessages = {
  linkedin: 'LinkedIn must be a linkedin.com address, such as https://www.linkedin.com/in/your-name.',
  twitter: 'Twitter must be an x.com or twitter.com address, such as https://x.com/your-name.',
  crunchbase:
    'Crunchbase must be a crunchbase.com address, such as https://www.crunchbase.com/person/your-name.',
  website: 'Website must be a web address, such as https://your-firm.com.',
  email: 'Contact email must be an email address, such as name@your-firm.com.',
  phone: 'Phone must be a phone number of digits, spaces and + ( ) - . only, such as +1 415 555 0100.',
  stages: `Choose stages from the list: ${PROFILE_STAGES.join(', ')}.`,
  sectors: `You can list at most ${LIMITS.sectors} sectors.`,
  places: `You can list at most ${LIMITS.places} places of each kind.`,
  cheque: `A cheque must be a whole number of US dollars from 0 to ${groupDigits(LIMITS.cheque)}.`,
  leadOrFollow: 'Choose whether you lead rounds, follow, or both.',
  geographicFocus: `You can list at most ${PROFILE_FACT_LIMITS.places} places you invest in.`,
  portfolio: `You can list at most ${PROFILE_FACT_LIMITS.portfolio} portfolio companies.`,
  recentInvestments: `You can list at most ${PROFILE_FACT_LIMITS.recentInvestments} recent investments.`,
  company: `Give each company a name of at most ${PROFILE_FACT_LIMITS.company} characters.`,
  companyWebsite: "A company's website must be a web address, such as https://company.example.",
  stage: `A stage or round must be at most ${PROFILE_FACT_LIMITS.stage} characters, such as Seed or Series A.`,
  year: `A year must be a whole year from ${YEAR_RANGE.min} to ${YEAR_RANGE.max}.`,
  date: 'A date must be a year, a month or a day, such as 2024, 2024-03 or 2024-03-15.',
  thesis: `Your thesis can be at most ${groupDigits(PROFILE_FACT_LIMITS.thesis)} characters.`,
  fundSize: FUND_SIZE_MESSAGE,
  vintage: VINTAGE_MESSAGE,
} as const;

const contactEmail = z.string().check(
  singleLine(),
  z.trim(),
  z.maxLength(LIMITS.email),
  z.refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), profileFieldMessages.email),
);

const phone = z.string().check(
  singleLine(),
  z.trim(),
  z.maxLength(LIMITS.phone),
  z.refine(
    (value) => value === '' || (/^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length >= 6),
    profileFieldMessages.phone,
  ),
);

/** Submitted entries of a list before blanks and repeats are dropped; the list's own limit applies after. */
const MAX_SUBMITTED_ENTRIES = 50;

/** A list of free texts: trimmed, blanks and repeats dropped (`transform`), then at most `max`. */
const textList = (itemMax: number, max: number, message: string, transform: (values: string[]) => string[]) =>
  z.pipe(
    z.pipe(z.array(text(itemMax)).check(z.maxLength(MAX_SUBMITTED_ENTRIES, message)), z.transform(transform)),
    z.array(z.string()).check(z.maxLength(max, message)),
  );

const cheque = z.nullable(
  z.number(profileFieldMessages.cheque).check(
    z.refine((value) => Number.isInteger(value), profileFieldMessages.cheque),
    z.gte(0, profileFieldMessages.cheque),
    z.lte(LIMITS.cheque, profileFieldMessages.cheque),
  ),
);

/** A single-line text that may be left out: null when blank. */
const optionalLine = (max: number, message: string) =>
  z.pipe(
    z.nullable(z.string().check(singleLine(), z.trim(), z.maxLength(max, message))),
    z.transform((value) => (value === null || value === '' ? null : value)),
  );

/** A company's name: required, one line. */
const companyName = z
  .string(profileFieldMessages.company)
  .check(
    singleLine(),
    z.trim(),
    z.minLength(1, profileFieldMessages.company),
    z.maxLength(PROFILE_FACT_LIMITS.company, profileFieldMessages.company),
  );

/** A portfolio company as sent: name, and website, stage and year when known. */
export const portfolioCompanyBody = z.strictObject({
  name: companyName,
  website: z.pipe(
    z.nullable(webAddress([], profileFieldMessages.companyWebsite)),
    z.transform((value) => (value === null || value === '' ? null : value)),
  ),
  stage: optionalLine(PROFILE_FACT_LIMITS.stage, profileFieldMessages.stage),
  year: z.nullable(
    z
      .int(profileFieldMessages.year)
      .check(
        z.gte(YEAR_RANGE.min, profileFieldMessages.year),
        z.lte(YEAR_RANGE.max, profileFieldMessages.year),
      ),
  ),
});

/** A recent investment as sent: the company, and round, date and amount when known. */
export const recentInvestmentBody = z.strictObject({
  company: companyName,
  round: optionalLine(PROFILE_FACT_LIMITS.round, profileFieldMessages.stage),
  date: z.nullable(z.string().check(singleLine(), z.regex(PARTIAL_DATE, profileFieldMessages.date))),
  amount: cheque,
});

/** A fund's size (issue 52): whole US dollars, at least one, at most a hundred billion. */
const fundSize = z.nullable(
  z.number(profileFieldMessages.fundSize).check(
    z.refine((value) => Number.isInteger(value), profileFieldMessages.fundSize),
    z.gte(1, profileFieldMessages.fundSize),
    z.lte(PROFILE_FACT_LIMITS.fundSize, profileFieldMessages.fundSize),
  ),
);

/** A fund's vintage (issue 52): a plausible year, from 1946 to next year. */
const vintage = z.nullable(
  z
    .int(profileFieldMessages.vintage)
    .check(z.refine((year) => plausibleVintage(year, new Date()), profileFieldMessages.vintage)),
);

/** The profile facts' fields of a body (issue 33): the portal's save and an admin's edit share them. */
export const profileFactFields = {
  fundSize,
  vintage,
  leadOrFollow: z.nullable(z.enum(LEAD_OR_FOLLOW, profileFieldMessages.leadOrFollow)),
  typicalCheque: cheque,
  geographicFocus: textList(
    PROFILE_FACT_LIMITS.place,
    PROFILE_FACT_LIMITS.places,
    profileFieldMessages.geographicFocus,
    uniqueTexts,
  ),
  portfolio: z
    .array(portfolioCompanyBody)
    .check(z.maxLength(PROFILE_FACT_LIMITS.portfolio, profileFieldMessages.portfolio)),
  recentInvestments: z
    .array(recentInvestmentBody)
    .check(z.maxLength(PROFILE_FACT_LIMITS.recentInvestments, profileFieldMessages.recentInvestments)),
};

/** A thesis: several lines, trimmed, at most 2,000 characters. */
export const thesisField = () =>
  multiLine(z.string().check(z.trim(), z.maxLength(PROFILE_FACT_LIMITS.thesis, profileFieldMessages.thesis)));

/** A website: any web address, `https://` added when typed without. */
export const websiteField = () => webAddress([], profileFieldMessages.website);

/**
 * PATCH /investor/profile: any field of the profile; each one given replaces its value (`links`,
 * `contact` and `foundersMayBuy` as a whole). Text is trimmed; addresses get `https://` when typed
 * without; sectors are stored lower case like imported ones; stages come from the directory's list.
 */
export const saveInvestorProfileBody = z
  .strictObject({
    name: z.optional(text(LIMITS.name)),
    firm: z.optional(text(LIMITS.firm)),
    title: z.optional(text(LIMITS.title)),
    investorType: z.optional(z.nullable(investorRoleSchema)),
    stages: z.optional(
      z.pipe(
        z
          .array(z.enum(PROFILE_STAGES, profileFieldMessages.stages))
          .check(z.maxLength(MAX_SUBMITTED_ENTRIES, profileFieldMessages.stages)),
        z.transform((stages) => sortStages([...new Set(stages)])),
      ),
    ),
    sectors: z.optional(
      textList(LIMITS.sector, LIMITS.sectors, profileFieldMessages.sectors, (values) =>
        uniqueTags(values.map(normalizeTag)),
      ),
    ),
    cities: z.optional(textList(LIMITS.place, LIMITS.places, profileFieldMessages.places, uniqueTexts)),
    countries: z.optional(textList(LIMITS.place, LIMITS.places, profileFieldMessages.places, uniqueTexts)),
    regions: z.optional(textList(LIMITS.place, LIMITS.places, profileFieldMessages.places, uniqueTexts)),
    chequeMin: z.optional(cheque),
    chequeMax: z.optional(cheque),
    leadsRounds: z.optional(z.nullable(z.boolean())),
    thesis: z.optional(thesisField()),
    leadOrFollow: z.optional(profileFactFields.leadOrFollow),
    typicalCheque: z.optional(profileFactFields.typicalCheque),
    geographicFocus: z.optional(profileFactFields.geographicFocus),
    portfolio: z.optional(profileFactFields.portfolio),
    recentInvestments: z.optional(profileFactFields.recentInvestments),
    fundSize: z.optional(profileFactFields.fundSize),
    vintage: z.optional(profileFactFields.vintage),
    links: z.optional(
      z.strictObject({
        linkedin: webAddress(['linkedin.com'], profileFieldMessages.linkedin),
        twitter: webAddress(['x.com', 'twitter.com'], profileFieldMessages.twitter),
        crunchbase: webAddress(['crunchbase.com'], profileFieldMessages.crunchbase),
        website: webAddress([], profileFieldMessages.website),
      }),
    ),
    contact: z.optional(z.strictObject({ email: contactEmail, phone })),
    foundersMayBuy: z.optional(
      z.strictObject({
        email: z.boolean(),
        phone: z.boolean(),
        linkedin: z.boolean(),
        twitter: z.boolean(),
        crunchbase: z.boolean(),
      }),
    ),
  })
  .check(
    z.refine(
      (body) => Object.values(body).some((value) => value !== undefined),
      investorAccountMessages.emptyChange,
    ),
  );
export type SaveInvestorProfileBody = z.input<typeof saveInvestorProfileBody>;
export type InvestorProfileChanges = z.output<typeof saveInvestorProfileBody>;

/** The investor's profile as the API shows it to its owner (contact values included: they are theirs). */
export const investorProfileSchema = z.object({
  ...investorProfileFieldsSchema.shape,
  portalId: z.string(),
  status: z.enum(INVESTOR_PROFILE_STATUSES),
  submittedAt: z.nullable(z.string()),
  /** null until the first save. */
  updatedAt: z.nullable(z.string()),
  /** The last review's decision and the reason given (a rejection's); null before any. */
  review: z.optional(
    z.nullable(
      z.object({
        decision: z.enum(['approved', 'rejected']),
        reason: z.nullable(z.string()),
        decidedAt: z.string(),
      }),
    ),
  ),
});
export type InvestorProfile = z.infer<typeof investorProfileSchema>;

/** GET, PATCH /investor/profile and POST /investor/profile/submit: the profile and the portal it came through. */
export const investorProfileResponse = z.object({
  profile: investorProfileSchema,
  /** The portal the investor joined (null if an admin has since removed it). */
  portal: z.nullable(portalSchema),
  joinedAt: z.string(),
  /** The listing in the directory; null until an admin approves the profile. */
  listing: z.optional(z.nullable(investorListingSchema)),
});
export type InvestorProfileResponse = z.infer<typeof investorProfileResponse>;
