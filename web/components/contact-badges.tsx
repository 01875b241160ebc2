import type { CartInvestor } from '../../shared/cart/cart';

const CONTACT_FIELDS = [
  ['hasEmail', 'Email'],
  ['hasPhone', 'Phone'],
  ['hasLinkedIn', 'LinkedIn'],
  ['hasTwitter', 'Twitter'],
  ['hasCrunchbase', 'Crunchbase'],
] as const;

/** The contact fields an investor has (never their values), as badges; null when there are none. */
export function ContactBadges({ investor, label }: { investor: CartInvestor; label: string }) {
  const contacts = CONTACT_FIELDS.filter(([flag]) => investor[flag]);
  if (contacts.length === 0) return null;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={label}>
      {contacts.map(([flag, text]) => (
        <li key={flag}>
          <span className="contact-badge">{text}</span>
        </li>
      ))}
    </ul>
  );
}

/** Whether the investor has any contact field. */
export const hasContactFields = (investor: CartInvestor): boolean =>
  CONTACT_FIELDS.some(([flag]) => investor[flag]);
