import type { ReactNode } from 'react';
import type { PurchasedContactResponse } from '../../shared/api/account';
import type { LibraryValueField } from '../../shared/library/updates';
import { showDate } from './dates';
import { ValueSourceNote } from './value-source';

/** The marker of a bought value that changed since: "Updated" (or "Removed") with the date. */
export const UPDATED = 'Updated';
export const REMOVED = 'Removed';

/**
 * A library cell (free updates, issue 20): the value as the library shows it (`children`), where it
 * came from and when (issue 50), and when it changed since it was bought, a badge "Updated 5 Mar 2026" (or "Removed …") and the value bought.
 */
export function LibraryValue({
  contact,
  field,
  children,
}: {
  contact: PurchasedContactResponse;
  field: LibraryValueField;
  children: ReactNode;
}) {
  const update = contact.updates.find((u) => u.field === field);
  // Where the value shown came from, and when (issue 50); none for an empty cell.
  const source = contact[field] ? <ValueSourceNote source={contact.sources?.[field]} /> : null;
  if (!update)
    return (
      <>
        {children}
        {source}
      </>
    );
  const label = update.status === 'removed' ? REMOVED : UPDATED;
  return (
    <>
      {children}
      {source}
      <span className="d-block small">
        <span className={`badge ${update.status === 'removed' ? 'text-bg-secondary' : 'text-bg-success'}`}>
          {label} {showDate(update.changedAt)}
        </span>{' '}
        <span className="text-body-secondary">was {update.was}</span>
      </span>
    </>
  );
}
