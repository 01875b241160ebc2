import type { CartInvestor } from '../../shared/cart/cart';
import { CONTACT_KIND_LABELS, type ContactKind, confirmedPhrase } from '../../shared/investors/provenance';

const CONTACT_FIELDS: readonly (readonly [keyof CartInvestor, ContactKind])[] = [
  ['hasEmail', 'email'],
  ['hasPhone', 'phone'],
  ['hasLinkedIn', 'linkedin'],
  ['hasTwitter', 'twitter'],
  ['hasCrunchbase', 'crunchbase'],
];

/**
 * The contact fields an investor has (never their values), each with the month it was last confirmed
 * ('Email · confirmed Mar 2026'; 'Email' alone on a card from before provenance), as badges; null
 * when there are none.
 */
export function ContactBadges({ investor, label }: { investor: CartInvestor; label: string }) {
  const contacts = CONTACT_FIELDS.filter(([flag]) => investor[flag] === true);
  if (contacts.length === 0) return null;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={label}>
      {contacts.map(([flag, kind]) => {
        const phrase = confirmedPhrase(investor.contactConfirmed?.[kind]);
        return (
          <li key={flag}>
            <span className="contact-badge">
              {CONTACT_KIND_LABELS[kind]}
              {phrase ? <span className="contact-badge-confirmed"> · {phrase}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Whether the investor has any contact field. */
export const hasContactFields = (investor: CartInvestor): boolean =>
  CONTACT_FIELDS.some(([flag]) => investor[flag] === true);
