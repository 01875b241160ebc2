import * as z from 'zod/mini';
import { STAGE_VALUES } from '../taxonomy/sectors';
import {
  LEAD_OR_FOLLOW,
  PROFILE_FACT_LIMITS,
  portfolioCompanySchema,
  recentInvestmentSchema,
} from './profile-facts';
import { investorRoleSchema } from './roles';

/**
 * The profile an investor keeps of themselves through a partner portal (issue 21): what founders
 * search by, a short thesis, links, and which contact values founders may buy. It is written by the
 * investor as a draft, then submitted for an admin's review; only a reviewed profile reaches the
 * directory (the review and the mapping are the second part of issue 21).
 */

export const INVESTOR_PROFILE_LIMITS = {
  name: 100,
  firm: 100,
  title: 100,
  /** The public thesis (issue 33: a profile worth reading, no longer a short note). */
  thesis: PROFILE_FACT_LIMITS.thesis,
  sectors: 10,
  sector: 60,
  places: 10,
  place: 60,
  link: 300,
  email: 254,
  phone: 30,
  /** Ten billion dollars: past any cheque, short of a typo's extra zeros. */
  cheque: 10_000_000_000,
} as const;

/**
 * The contact values founders may buy from an investor, each only when the investor ticks it: the
 * kinds of issue 20's contact sheets, in the order cards show them.
 */
export const BUYABLE_CONTACTS = ['email', 'phone', 'linkedin', 'twitter', 'crunchbase'] as const;
export type BuyableContact = (typeof BUYABLE_CONTACTS)[number];

export const BUYABLE_CONTACT_LABELS: Readonly<Record<BuyableContact, string>> = {
  email: 'Email',
  phone: 'Phone',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  crunchbase: 'Crunchbase',
};

/** The stages an investor picks from: the taxonomy's stages, in the founders' order. */
export const PROFILE_STAGES = STAGE_VALUES;

/**
 * A draft is the investor's own; a submitted profile waits for an admin's review; 'approving' while
 * an approval is being carried out (the investor's saves wait); 'approved' is what founders see;
 * 'rejected' carries the admin's reason until the investor saves again.
 */
export const INVESTOR_PROFILE_STATUSES = ['draft', 'submitted', 'approving', 'approved', 'rejected'] as const;
export type InvestorProfileStatus = (typeof INVESTOR_PROFILE_STATUSES)[number];

/** An admin's decision on a submitted profile (issue 21). */
export const profileReviewSchema = z.object({
  decision: z.enum(['approved', 'rejected']),
  /** The reason given to the investor (a rejection's). */
  reason: z.nullable(z.string()),
  decidedAt: z.string(),
  decidedBy: z.string(),
});
export type ProfileReview = z.infer<typeof profileReviewSchema>;

/**
 * The fields of a profile as stored and shown: text is '' when not given, lists are empty, the
 * cheque bounds are whole US dollars or null, `leadsRounds` null until the investor says.
 */
export const investorProfileFieldsSchema = z.object({
  name: z.string(),
  firm: z.string(),
  title: z.string(),
  investorType: z.nullable(investorRoleSchema),
  stages: z.array(z.string()),
  sectors: z.array(z.string()),
  cities: z.array(z.string()),
  countries: z.array(z.string()),
  regions: z.array(z.string()),
  chequeMin: z.nullable(z.number()),
  chequeMax: z.nullable(z.number()),
  leadsRounds: z.nullable(z.boolean()),
  thesis: z.string(),
  /**
   * Profile facts (issue 33), absent on profiles saved before them: lead, follow or both (beside
   * `leadsRounds`, kept in step), a typical cheque, where they invest, portfolio, recent investments.
   */
  leadOrFollow: z.optional(z.nullable(z.enum(LEAD_OR_FOLLOW))),
  typicalCheque: z.optional(z.nullable(z.number())),
  geographicFocus: z.optional(z.array(z.string())),
  portfolio: z.optional(z.array(portfolioCompanySchema)),
  recentInvestments: z.optional(z.array(recentInvestmentSchema)),
  /** The fund's size (whole US dollars) and latest vintage year (issue 52); absent on profiles saved before. */
  fundSize: z.optional(z.nullable(z.number())),
  vintage: z.optional(z.nullable(z.int())),
  links: z.object({
    linkedin: z.string(),
    twitter: z.string(),
    crunchbase: z.string(),
    website: z.string(),
  }),
  contact: z.object({ email: z.string(), phone: z.string() }),
  /** Per buyable contact value: may founders buy it? Off until the investor ticks it. */
  foundersMayBuy: z.object({
    email: z.boolean(),
    phone: z.boolean(),
    linkedin: z.boolean(),
    twitter: z.boolean(),
    crunchbase: z.boolean(),
  }),
});
export type InvestorProfileFields = z.infer<typeof investorProfileFieldsSchema>;

/** A new profile: nothing given but the account's email as the contact email (not for sale). */
export function emptyInvestorProfileFields(accountEmail: string): InvestorProfileFields {
  return {
    name: '',
    firm: '',
    title: '',
    investorType: null,
    stages: [],
    sectors: [],
    cities: [],
    countries: [],
    regions: [],
    chequeMin: null,
    chequeMax: null,
    leadsRounds: null,
    thesis: '',
    leadOrFollow: null,
    typicalCheque: null,
    geographicFocus: [],
    portfolio: [],
    recentInvestments: [],
    fundSize: null,
    vintage: null,
    links: { linkedin: '', twitter: '', crunchbase: '', website: '' },
    contact: { email: accountEmail, phone: '' },
    foundersMayBuy: { email: false, phone: false, linkedin: false, twitter: false, crunchbase: false },
  };
}

/** The value of a buyable contact in a profile ('' when not given). */
export function buyableContactValue(fields: InvestorProfileFields, kind: BuyableContact): string {
  return kind === 'email' || kind === 'phone' ? fields.contact[kind] : fields.links[kind];
}

export const investorProfileMessages = {
  chequeOrder: 'The smallest cheque cannot be larger than the largest.',
  mayBuyWithoutValue: (kind: BuyableContact) =>
    `Founders may buy your ${BUYABLE_CONTACT_LABELS[kind]} only when you give it: add it, or untick "Founders may buy it".`,
  nameRequired: 'Add your name.',
  typeRequired: 'Choose your investor type.',
  stageRequired: 'Choose at least one stage you invest in.',
  sectorRequired: 'Add at least one sector you invest in.',
  submitted: 'Your profile is waiting for our review. Saving a change takes it back to a draft.',
} as const;

/**
 * What is wrong with a profile whatever its status (checked on every save): a cheque range upside
 * down, or a contact value offered for sale that the investor did not give. Empty when nothing is.
 */
export function profileProblems(fields: InvestorProfileFields): string[] {
  const problems: string[] = [];
  if (fields.chequeMin !== null && fields.chequeMax !== null && fields.chequeMin > fields.chequeMax)
    problems.push(investorProfileMessages.chequeOrder);
  for (const kind of BUYABLE_CONTACTS)
    if (fields.foundersMayBuy[kind] && buyableContactValue(fields, kind).trim() === '')
      problems.push(investorProfileMessages.mayBuyWithoutValue(kind));
  return problems;
}

/**
 * What a profile needs before it can be submitted, besides {@link profileProblems}: a name, an
 * investor type, a stage and a sector, the least a founder's search can find it by.
 */
export function submissionProblems(fields: InvestorProfileFields): string[] {
  const missing: string[] = [];
  if (fields.name.trim() === '') missing.push(investorProfileMessages.nameRequired);
  if (fields.investorType === null) missing.push(investorProfileMessages.typeRequired);
  if (fields.stages.length === 0) missing.push(investorProfileMessages.stageRequired);
  if (fields.sectors.length === 0) missing.push(investorProfileMessages.sectorRequired);
  return [...missing, ...profileProblems(fields)];
}
