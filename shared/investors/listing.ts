import * as z from 'zod/mini';
import { BUYABLE_CONTACTS, type BuyableContact, type InvestorProfileFields } from './investor-profile';
import { CONTACT_KINDS, type ContactKind } from './provenance';

/**
 * An investor's listing in the directory (issue 21, second part): what an admin approved of the
 * profile, which searchable investor it became, when the investor last confirmed it, and what they
 * withdrew. The rules of what changes without review are here, pure (docs/decisions.md, "Investor
 * updates after listing").
 */

/** How long a confirmation holds before the investor is reminded to confirm again. */
export const REMINDER_AFTER_MONTHS = 6;

/** When the investor confirmed at `confirmedAt` is due a reminder: 6 calendar months later (UTC). */
export function reminderDueAt(confirmedAt: string): string {
  const due = new Date(confirmedAt);
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + REMINDER_AFTER_MONTHS);
  // 31 August + 6 months is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, lastDay));
  return due.toISOString();
}

/** One withdrawal, as recorded: who (the investor's user id), when, and what (the profile, or contact kinds). */
export const withdrawalSchema = z.object({
  at: z.string(),
  by: z.string(),
  what: z.enum(['profile', 'contacts']),
  kinds: z.array(z.enum(CONTACT_KINDS)),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** The contact values founders may buy in a profile, per kind (null: not offered). */
export function offeredContacts(fields: InvestorProfileFields): Record<ContactKind, string | null> {
  const value = (kind: BuyableContact) => {
    if (!fields.foundersMayBuy[kind]) return null;
    const given = kind === 'email' || kind === 'phone' ? fields.contact[kind] : fields.links[kind];
    return given.trim() === '' ? null : given.trim();
  };
  return {
    email: value('email'),
    phone: value('phone'),
    linkedin: value('linkedin'),
    twitter: value('twitter'),
    crunchbase: value('crunchbase'),
  };
}

/** The kinds a save stops offering that the listing offers: withdrawn at once, without review. */
export function narrowedContacts(listed: InvestorProfileFields, saved: InvestorProfileFields): ContactKind[] {
  return BUYABLE_CONTACTS.filter((kind) => listed.foundersMayBuy[kind] && !saved.foundersMayBuy[kind]);
}

/** The listed fields with these kinds no longer offered. */
export function withoutOffers(
  fields: InvestorProfileFields,
  kinds: readonly ContactKind[],
): InvestorProfileFields {
  const foundersMayBuy = { ...fields.foundersMayBuy };
  for (const kind of kinds) foundersMayBuy[kind] = false;
  return { ...fields, foundersMayBuy };
}

/**
 * Whether a saved profile differs from the listing in anything but withdrawn offers: then it needs
 * a review (submit) before founders see it; otherwise the save is already in effect.
 */
export function needsReview(listed: InvestorProfileFields, saved: InvestorProfileFields): boolean {
  const narrowed = withoutOffers(listed, narrowedContacts(listed, saved));
  return JSON.stringify(canonical(narrowed)) !== JSON.stringify(canonical(saved));
}

/** The fields in one fixed key order, so two equal profiles serialise alike whatever their source. */
const canonical = (f: InvestorProfileFields) => [
  f.name.trim(),
  f.firm.trim(),
  f.title.trim(),
  f.investorType,
  f.stages,
  f.sectors,
  f.cities,
  f.countries,
  f.regions,
  f.chequeMin,
  f.chequeMax,
  f.leadsRounds,
  f.thesis.trim(),
  // The profile facts (issue 33) are the listing's too: a change to them waits for review (issue 48).
  f.leadOrFollow ?? null,
  f.typicalCheque ?? null,
  f.geographicFocus ?? [],
  (f.portfolio ?? []).map((c) => [c.name, c.website, c.stage, c.year]),
  (f.recentInvestments ?? []).map((i) => [i.company, i.round, i.date, i.amount]),
  [f.links.linkedin, f.links.twitter, f.links.crunchbase, f.links.website],
  [f.contact.email, f.contact.phone],
  BUYABLE_CONTACTS.map((kind) => f.foundersMayBuy[kind]),
];
