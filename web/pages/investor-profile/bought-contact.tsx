import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import type { PurchasedContactResponse } from '../../../shared/api/account';
import type { LibraryValueField } from '../../../shared/library/updates';
import { showDate } from '../../components/dates';
import { LibraryValue } from '../../components/library-value';
import { paths } from '../../config/paths';

/** Not in the spec (issue 32): the profile of an investor the founder bought. */
export const BOUGHT_ON = 'Bought';
export const YOUR_CONTACT_DETAILS = 'Your contact details';

/** "Bought 7 Mar 2026": the first purchase of the contact, in the founder's time zone. */
export const boughtLabel = (contact: PurchasedContactResponse): string =>
  `${BOUGHT_ON} ${showDate(contact.purchasedAt)}`;

const LABELS: Readonly<Record<LibraryValueField, string>> = {
  email: 'Email',
  phone: 'Phone',
  linkedinUrl: 'LinkedIn',
  twitterUrl: 'Twitter',
  crunchbaseUrl: 'Crunchbase',
};

function value(contact: PurchasedContactResponse, field: LibraryValueField): ReactNode {
  const text = contact[field];
  if (!text) return '—';
  if (field === 'email') return <a href={`mailto:${text}`}>{text}</a>;
  if (field === 'phone') return <a href={`tel:${text.replace(/[^\d+]/g, '')}`}>{text}</a>;
  return (
    <a href={text} target="_blank" rel="noopener noreferrer" className="text-break position-relative">
      {text}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The values the founder bought of this investor, as their Contact Library shows them (a value
 * changed since marked "Updated", a removed one "Removed", with the value bought): only the kinds
 * bought, never one that was not.
 */
export function BoughtContactDetails({ contact }: { contact: PurchasedContactResponse }) {
  const fields = (Object.keys(LABELS) as LibraryValueField[]).filter(
    (field) => contact[field] !== null || contact.updates.some((u) => u.field === field),
  );
  return (
    <Card
      className="shadow-sm mb-4 border-success-subtle"
      as="section"
      aria-labelledby="bought-contact-title"
    >
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
          <h2 className="h5 mb-0" id="bought-contact-title">
            {YOUR_CONTACT_DETAILS}
          </h2>
          <Link to={paths.accountSettings.href()} className="small">
            Open your Contact Library
          </Link>
        </div>
        {fields.length === 0 ? (
          <p className="mb-0 text-body-secondary">
            Your purchase included no contact details of this investor.
          </p>
        ) : (
          <dl className="bought-contact mb-0">
            {fields.map((field) => (
              <div key={field}>
                <dt>{LABELS[field]}</dt>
                <dd className="mb-0 text-break">
                  <LibraryValue contact={contact} field={field}>
                    {value(contact, field)}
                  </LibraryValue>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Card.Body>
    </Card>
  );
}
