import type { UseMutationResult } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ApiError } from '../../../shared/api/errors';
import type { SyncTransactionsResponse } from '../../../shared/api/projects';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';

type Sync = UseMutationResult<SyncTransactionsResponse, Error, void>;

/**
 * Not in the spec (docs/decisions.md, "Call timeouts"): the sync did not answer in time. The API cuts
 * a request off at 30 seconds, far inside the spec's 70; the sync reads Stripe before it writes, so a
 * sync stopped while reading changed nothing.
 */
export const SYNC_TIMED_OUT =
  'The sync took longer than a request may run, so it was stopped. Please try again in a few minutes; if it stops again, your Stripe account has more history than one sync can read, and we can help: use the Feedback link.';

/** A sync the gateway cut off (its own 503/504, without our answer), or one the app stopped waiting for. */
function timedOut(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'deadline-exceeded') return true;
  return error.code === 'unavailable' && error.status >= 500 && error.message === error.code;
}

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
          {timedOut(sync.error) ? SYNC_TIMED_OUT : errorMessage(sync.error, messages.somethingWentWrong)}
        </Alert>
      ) : null}
    </div>
  );
}
