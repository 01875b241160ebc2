import type { UseMutationResult } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { SyncTransactionsResponse } from '../../../shared/api/projects';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';

type Sync = UseMutationResult<SyncTransactionsResponse, Error, void>;

/** 'Sync payments from Stripe': the button. */
export function SyncPaymentsButton({ sync }: { sync: Sync }) {
  return (
    <Button variant="outline-primary" onClick={() => sync.mutate()} disabled={sync.isPending}>
      {sync.isPending ? 'Syncing...' : 'Sync payments from Stripe'}
    </Button>
  );
}

/** What the last sync said: the server's message, or why it failed. */
export function SyncPaymentsResult({ sync }: { sync: Sync }) {
  return (
    <div aria-live="polite">
      {sync.isSuccess ? (
        <Alert variant="success" dismissible onClose={() => sync.reset()}>
          {sync.data.message}
        </Alert>
      ) : null}
      {sync.isError ? (
        <Alert variant="danger" dismissible onClose={() => sync.reset()}>
          {errorMessage(sync.error, messages.somethingWentWrong)}
        </Alert>
      ) : null}
    </div>
  );
}
