import type { CartInvestor } from '../../shared/cart/cart';
import { CONTACT_KIND_LABELS, type ContactKind, confirmedPhrase } from '../../shared/investors/provenance';

const CONTACT_FIELDS: readonly (readonly [keyof CartInvestor, ContactKind])[] = [
  ['hasEmail', 'email'],
  ['hasPhone', 'phone'],
  ['hasLinkedIn', 'linkedin'],
  ['hasTwitter', 'twitter'],
  ['hasCrunchbase', 'crunchbase'],
];

/** The contact kinds an investor has, grouped by the month they were last confirmed, in card order. */
function freshnessGroups(investor: CartInvestor): { kinds: ContactKind[]; phrase: string | null }[] {
  const groups = new Map<string, { kinds: ContactKind[]; phrase: string | null }>();
  for (const [flag, kind] of CONTACT_FIELDS) {
    if (investor[flag] !== true) continue;
    const phrase = confirmedPhrase(
      investor.contactConfirmed?.[kind],
      investor.confirmedByInvestor?.includes(kind) ?? false,
    );
    const group = groups.get(phrase ?? '') ?? { kinds: [], phrase };
    group.kinds.push(kind);
    groups.set(phrase ?? '', group);
  }
  return [...groups.values()];
}

/**
 * The contact fields an investor has (never their values) and when they were last confirmed, as
 * badges: one per month, naming the kinds confirmed then ('Email · confirmed Mar 2026', 'Email,
 * LinkedIn · confirmed Mar 2026'; 'Email' alone on a card from before provenance). Null when there
 * are none.
 */
export function ContactBadges({ investor, label }: { investor: CartInvestor; label: string }) {
  const groups = freshnessGroups(investor);
  if (groups.length === 0) return null;
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={label}>
      {groups.map(({ kinds, phrase }) => (
        <li key={kinds.join()}>
          <span className="contact-badge">
            {kinds.map((kind) => CONTACT_KIND_LABELS[kind]).join(', ')}
            {phrase ? <span className="contact-badge-confirmed"> · {phrase}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Whether the investor has any contact field. */
export const hasContactFields = (investor: CartInvestor): boolean =>
  CONTACT_FIELDS.some(([flag]) => investor[flag] === true);
