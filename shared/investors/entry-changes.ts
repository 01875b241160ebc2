import * as z from 'zod/mini';
import { formatCheckRange, formatCompactUsd } from '../format/money';
import { portfolioLine, recentInvestmentLine } from '../import/profile-cells';
import { tagLabel } from '../tags/display';
import { normalizeTag } from '../tags/normalize-tag';
import { LEAD_OR_FOLLOW_LABELS, PROFILE_FACT_LABELS, type ProfileFacts } from './profile-facts';
import { CONTACT_KIND_LABELS, CONTACT_KINDS, type ContactKind } from './provenance';
import { investorRoleLabel } from './roles';

/**
 * What an admin compares before a profile joins an existing directory entry (issue 30): the entry as
 * founders see it now and as the approval would make it, field by field. Pure, so the server builds
 * it and the review screen and the tests read the same lines.
 */

/** The facts of an entry an approval may change: public facts and the contact values for sale. */
export interface EntryFacts {
  name: string;
  firmName: string | null;
  title: string | null;
  investorRole: string | null;
  stageFocus: readonly string[];
  sectorFocus: readonly string[];
  cities: readonly string[];
  countries: readonly string[];
  checkMin: number | null;
  checkMax: number | null;
  /** The contact values founders may buy (null: none). */
  contacts: Readonly<Record<ContactKind, string | null>>;
  /** The public profile facts (issue 33: thesis, website, portfolio…); not compared when absent. */
  profile?: ProfileFacts;
}

export const entryChangeSchema = z.object({
  /** `name`, `firmName`, …, or a contact kind (`email`, `phone`, …). */
  field: z.string(),
  label: z.string(),
  /** As founders see it now ('' when the entry has none). */
  now: z.string(),
  /** As the approval would make it ('' when it would have none). */
  after: z.string(),
});
export type EntryChange = z.infer<typeof entryChangeSchema>;

const list = (values: readonly string[]) => values.join(', ');
const tags = (values: readonly string[]) => values.map(tagLabel).join(', ');
/** Lists compared as sets of normalised values: order and case are not a change. */
const sameTags = (a: readonly string[], b: readonly string[]) => {
  const left = new Set(a.map(normalizeTag));
  const right = new Set(b.map(normalizeTag));
  return left.size === right.size && [...left].every((value) => right.has(value));
};
const sameTexts = (a: readonly string[], b: readonly string[]) =>
  sameTags(
    a.map((v) => v.toLowerCase()),
    b.map((v) => v.toLowerCase()),
  );

/**
 * Every field whose value founders would see differently after the approval, in the profile page's
 * order, each with the value now and the value after ('' for none). Contact values compare as text
 * (trimmed; emails without regard to case).
 */
export function entryChanges(now: EntryFacts, after: EntryFacts): EntryChange[] {
  const changes: EntryChange[] = [];
  const text = (field: string, label: string, a: string | null, b: string | null) => {
    if ((a ?? '').trim() !== (b ?? '').trim()) changes.push({ field, label, now: a ?? '', after: b ?? '' });
  };
  text('name', 'Name', now.name, after.name);
  text('firmName', 'Firm', now.firmName, after.firmName);
  text('title', 'Title', now.title, after.title);
  text(
    'investorRole',
    'Type',
    now.investorRole === null ? null : investorRoleLabel(now.investorRole),
    after.investorRole === null ? null : investorRoleLabel(after.investorRole),
  );
  if (!sameTags(now.stageFocus, after.stageFocus))
    changes.push({
      field: 'stageFocus',
      label: 'Stages',
      now: tags(now.stageFocus),
      after: tags(after.stageFocus),
    });
  if (!sameTags(now.sectorFocus, after.sectorFocus))
    changes.push({
      field: 'sectorFocus',
      label: 'Sectors',
      now: tags(now.sectorFocus),
      after: tags(after.sectorFocus),
    });
  if (!sameTexts(now.cities, after.cities))
    changes.push({ field: 'cities', label: 'Cities', now: list(now.cities), after: list(after.cities) });
  if (!sameTexts(now.countries, after.countries))
    changes.push({
      field: 'countries',
      label: 'Countries',
      now: list(now.countries),
      after: list(after.countries),
    });
  text(
    'cheque',
    'Cheque size',
    formatCheckRange(now.checkMin, now.checkMax),
    formatCheckRange(after.checkMin, after.checkMax),
  );
  if (now.profile && after.profile) profileChanges(now.profile, after.profile, text, changes);
  for (const kind of CONTACT_KINDS) {
    const a = now.contacts[kind]?.trim() ?? '';
    const b = after.contacts[kind]?.trim() ?? '';
    const same = kind === 'email' ? a.toLowerCase() === b.toLowerCase() : a === b;
    if (!same) changes.push({ field: kind, label: CONTACT_KIND_LABELS[kind], now: a, after: b });
  }
  return changes;
}

/**
 * The profile facts founders would see differently (issue 33), in the profile page's order: lists
 * compare as their lines (a company or an investment with its details, in the portal's form), one a
 * line; places as a set.
 */
function profileChanges(
  now: ProfileFacts,
  after: ProfileFacts,
  text: (field: string, label: string, a: string | null, b: string | null) => void,
  changes: EntryChange[],
) {
  const lines = (values: readonly string[]) => values.join('\n');
  const leadOrFollow = (facts: ProfileFacts) =>
    facts.leadOrFollow === null ? null : LEAD_OR_FOLLOW_LABELS[facts.leadOrFollow];
  const cheque = (facts: ProfileFacts) =>
    facts.typicalCheque === null ? null : formatCompactUsd(facts.typicalCheque);
  text('thesis', PROFILE_FACT_LABELS.thesis, now.thesis, after.thesis);
  text('website', PROFILE_FACT_LABELS.website, now.website, after.website);
  text('leadOrFollow', PROFILE_FACT_LABELS.leadOrFollow, leadOrFollow(now), leadOrFollow(after));
  text('typicalCheque', PROFILE_FACT_LABELS.typicalCheque, cheque(now), cheque(after));
  if (!sameTexts(now.geographicFocus, after.geographicFocus))
    changes.push({
      field: 'geographicFocus',
      label: PROFILE_FACT_LABELS.geographicFocus,
      now: list(now.geographicFocus),
      after: list(after.geographicFocus),
    });
  text(
    'portfolio',
    PROFILE_FACT_LABELS.portfolio,
    lines(now.portfolio.map(portfolioLine)),
    lines(after.portfolio.map(portfolioLine)),
  );
  const investment = (facts: ProfileFacts) =>
    lines(facts.recentInvestments.map((i) => recentInvestmentLine(i, formatCompactUsd)));
  text('recentInvestments', PROFILE_FACT_LABELS.recentInvestments, investment(now), investment(after));
  const fund = (facts: ProfileFacts) => (facts.fundSize == null ? null : formatCompactUsd(facts.fundSize));
  const vintage = (facts: ProfileFacts) => (facts.vintage == null ? null : String(facts.vintage));
  text('fundSize', PROFILE_FACT_LABELS.fundSize, fund(now), fund(after));
  text('vintage', PROFILE_FACT_LABELS.vintage, vintage(now), vintage(after));
}
