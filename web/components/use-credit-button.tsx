import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { USE_A_CREDIT } from '../../shared/api/credits';
import { errorMessage } from '../api/client';
import { useMyCredits, useRedeemCredit } from '../api/credits';
import { useBoughtInvestorIds } from '../api/get-my-contacts';
import { useAuth } from '../auth/auth-provider';
import { ConfirmModal } from './confirm-modal';

/** Not in the spec. */
export const CREDIT_REDEEMED = (name: string) =>
  `${name} is in your Contact Library; the CSV is on its way to your email.`;
/** Not in the spec. */
export const CREDIT_FAILED = 'The credit could not be used. Please try again.';

/**
 * "Use a credit" (issue 20): offered to a signed-in founder who holds a bounce credit and has not
 * bought this investor; a confirmation, then the contact is added to the library free and emailed.
 */
export function UseCreditButton(props: { investorId: string; investorName: string }) {
  const { loggedIn, isInvestor } = useAuth();
  return loggedIn && !isInvestor ? <UseCredit {...props} /> : null;
}

function UseCredit({ investorId, investorName }: { investorId: string; investorName: string }) {
  const credits = useMyCredits();
  const bought = useBoughtInvestorIds();
  const redeem = useRedeemCredit();
  const [open, setOpen] = useState(false);

  if (redeem.isSuccess)
    return (
      <Alert variant="success" className="mb-0 py-1 px-2 small" role="status">
        {CREDIT_REDEEMED(investorName)}
      </Alert>
    );
  const balance = credits.data?.balance ?? 0;
  if (balance < 1 || bought.has(investorId)) return null;
  return (
    <>
      <Button variant="outline-primary" onClick={() => setOpen(true)}>
        {USE_A_CREDIT}
      </Button>
      <ConfirmModal
        show={open}
        title={`${USE_A_CREDIT}: ${investorName}`}
        confirmLabel={USE_A_CREDIT}
        confirmVariant="primary"
        busy={redeem.isPending}
        onCancel={() => {
          setOpen(false);
          redeem.reset();
        }}
        onConfirm={() => redeem.mutate({ investorId }, { onSuccess: () => setOpen(false) })}
      >
        <p className="mb-2">
          You have {balance} {balance === 1 ? 'credit' : 'credits'}. One credit adds {investorName}’s contact
          to your Contact Library and emails it to you as a CSV, free.
        </p>
        {redeem.isError ? (
          <Alert variant="danger" className="mb-0">
            {errorMessage(redeem.error, CREDIT_FAILED)}
          </Alert>
        ) : null}
      </ConfirmModal>
    </>
  );
}
