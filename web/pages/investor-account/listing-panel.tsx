import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { InvestorProfileResponse } from '../../../shared/api/investor-profile';
import { CONTACT_KIND_LABELS } from '../../../shared/investors/provenance';
import { errorMessage } from '../../api/client';
import { useListingAction } from '../../api/investor-profile';
import { localDate } from './local-date';

/** Not in the spec (issue 21): the action of the 6-month reminder, word for word as the email says. */
export const CONFIRM_PROFILE = 'Confirm my profile is still right';
export const WITHDRAW_PROFILE = 'Withdraw my profile from the directory';
export const notApproved = (reason: string) =>
  `We could not approve your profile: ${reason} Change it and submit it again when it is ready.`;

/**
 * What a reviewed investor sees above their profile: a rejection's reason, or their listing (when it
 * was last confirmed, the confirm action, and the withdrawals that apply at once), or that they
 * withdrew it.
 */
export function ListingPanel({ data }: { data: InvestorProfileResponse }) {
  const action = useListingAction();
  const [confirmingWithdrawal, setConfirmingWithdrawal] = useState(false);
  const { profile, listing } = data;
  const rejected = profile.status === 'rejected' && profile.review?.decision === 'rejected';
  return (
    <>
      {rejected ? (
        <Alert variant="warning" role="status">
          {notApproved(profile.review?.reason ?? '')}
        </Alert>
      ) : null}
      {listing?.withdrawnAt ? (
        <Alert variant="secondary" role="status">
          You withdrew your profile on {localDate(listing.withdrawnAt)}: founders can no longer find you or
          buy your contact details.
        </Alert>
      ) : listing ? (
        <Card
          as="section"
          aria-labelledby="listing-heading"
          className="shadow-sm mb-4"
          style={{ maxWidth: '44rem' }}
        >
          <Card.Body>
            <h2 id="listing-heading" className="h5">
              Your profile is in the directory
            </h2>
            <p className="mb-2">
              Listed since {localDate(listing.approvedAt)}; last confirmed on {localDate(listing.confirmedAt)}
              . We will ask you to confirm it again on {localDate(listing.reminderDueAt)}.
            </p>
            <p className="small text-body-secondary">
              Changes you save go to our review before founders see them. Taking back a contact detail applies
              at once.
            </p>
            <div className="d-flex flex-wrap gap-2 mb-3">
              <Button disabled={action.isPending} onClick={() => action.mutate({ kind: 'confirm' })}>
                {CONFIRM_PROFILE}
              </Button>
            </div>
            <h3 className="h6">Founders may buy</h3>
            {listing.offered.length === 0 ? (
              <p className="small">No contact details.</p>
            ) : (
              <ul
                className="list-unstyled d-flex flex-wrap gap-2"
                aria-label="Contact details founders may buy"
              >
                {listing.offered.map((kind) => (
                  <li key={kind}>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      disabled={action.isPending}
                      onClick={() =>
                        action.mutate({ kind: 'withdraw', body: { what: 'contacts', kinds: [kind] } })
                      }
                    >
                      Withdraw my {CONTACT_KIND_LABELS[kind]}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {confirmingWithdrawal ? (
              <Alert variant="danger" className="mb-0">
                <p>Founders will no longer find you, and no one can buy your contact details from now on.</p>
                <div className="d-flex gap-2">
                  <Button
                    variant="danger"
                    size="sm"
                    disabled={action.isPending}
                    onClick={() => action.mutate({ kind: 'withdraw', body: { what: 'profile' } })}
                  >
                    Yes, withdraw my profile
                  </Button>
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    onClick={() => setConfirmingWithdrawal(false)}
                  >
                    Keep it listed
                  </Button>
                </div>
              </Alert>
            ) : (
              <Button variant="outline-danger" size="sm" onClick={() => setConfirmingWithdrawal(true)}>
                {WITHDRAW_PROFILE}
              </Button>
            )}
            {action.isError ? (
              <Alert variant="danger" className="mt-3 mb-0">
                {errorMessage(action.error, 'That did not work. Please reload the page and try again.')}
              </Alert>
            ) : null}
          </Card.Body>
        </Card>
      ) : null}
    </>
  );
}
