/**
 * The plain values of an investor's facts that the search and the fit ranking read: the contact
 * kinds, lead or follow, partial dates. No schema here: code that reads the search index (the
 * directory, the shortlist, the weekly alert) imports this module, not the contact and profile
 * sheets' (`./provenance.ts`, `./profile-facts.ts`, which re-export these), so it does not build
 * their schemas as it loads.
 */

/** The contact kinds a sheet keeps, in the order cards show them. */
export const CONTACT_KINDS = ['email', 'phone', 'linkedin', 'twitter', 'crunchbase'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** Whether the investor leads rounds, follows others' leads, or does both. */
export const LEAD_OR_FOLLOW = ['lead', 'follow', 'both'] as const;
export type LeadOrFollow = (typeof LEAD_OR_FOLLOW)[number];

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`: a date as precise as the source knew it. */
export const PARTIAL_DATE = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2024' → '2024', '2024-03' → 'Mar 2024', '2024-03-15' → '15 Mar 2024'; anything else as it is. */
export function formatPartialDate(date: string): string {
  if (!PARTIAL_DATE.test(date)) return date;
  const [year, month, day] = date.split('-');
  if (!month) return year ?? date;
  const name = `${MONTH_NAMES[Number(month) - 1]} ${year}`;
  return day ? `${Number(day)} ${name}` : name;
}
