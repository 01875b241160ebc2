import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CONNECT_STATE_MISSING, STRIPE_CONNECT_SCOPES } from '../../../shared/api/projects';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useConnectStripe } from '../../api/connect-stripe';
import { RequireUser } from '../../auth/guards';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { useToast } from '../../components/toast/toast-provider';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { forgetStripeConnectProject, readStripeConnectProject } from '../../stores/stripe-connect';

/** Not in the spec: the return has no project waiting for it in this browser. */
export const NO_PROJECT_WAITING =
  'No project is waiting for a Stripe connection in this browser. Start again from your project page.';
/** Not in the spec: Stripe returned an error (followed by Stripe's description). */
export const STRIPE_DID_NOT_CONNECT = 'Stripe did not connect the account:';
/** Not in the spec: Stripe returned without a code. */
export const NO_CODE = 'Stripe did not return an authorization code. Please connect again.';

type Scope = (typeof STRIPE_CONNECT_SCOPES)[number];

export type ConnectReturn =
  | { ok: true; projectId: string; code: string; scope: Scope; state: string }
  | { ok: false; projectId: string | null; error: string };

const isScope = (value: string): value is Scope =>
  (STRIPE_CONNECT_SCOPES as readonly string[]).includes(value);

/**
 * What Stripe's redirect to /connect/stripe means: the code and scope to send for the project kept in
 * local storage with the `state` Stripe sent back (the server checks it), or why nothing can be sent
 * (Stripe's own error, no project waiting, no state, no code).
 */
export function readConnectReturn(params: URLSearchParams, storedProjectId: string | null): ConnectReturn {
  const stripeError = params.get('error');
  if (stripeError) {
    const reason = params.get('error_description') || stripeError;
    return { ok: false, projectId: storedProjectId, error: `${STRIPE_DID_NOT_CONNECT} ${reason}` };
  }
  if (!storedProjectId) return { ok: false, projectId: null, error: NO_PROJECT_WAITING };
  // The server checks the state (made for this founder and project, once): without one, nothing to send.
  const state = params.get('state')?.trim() ?? '';
  if (state === '') return { ok: false, projectId: storedProjectId, error: CONNECT_STATE_MISSING };
  const code = params.get('code')?.trim() ?? '';
  if (code === '') return { ok: false, projectId: storedProjectId, error: NO_CODE };
  const scope = params.get('scope') ?? 'read_write';
  return { ok: true, projectId: storedProjectId, code, scope: isScope(scope) ? scope : 'read_write', state };
}

/**
 * `/connect/stripe`: the return page of the payment-account connection flow. Sends the code and scope
 * Stripe returned, for the project kept in local storage, then says 'Stripe connected!' and opens the
 * project. Failures are shown in a danger alert.
 */
export function ConnectStripePage() {
  useDocumentTitle('Connect Stripe');
  return (
    <RequireUser>
      <ConnectStripe />
    </RequireUser>
  );
}

function ConnectStripe() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const connect = useConnectStripe();
  const [result] = useState(() => readConnectReturn(params, readStripeConnectProject()));
  // The code can be exchanged once: never send it twice (StrictMode runs effects twice in development).
  const sent = useRef(false);
  const { mutate } = connect;

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!result.ok) {
      if (result.projectId) forgetStripeConnectProject();
      return;
    }
    mutate(
      { projectId: result.projectId, code: result.code, scope: result.scope, state: result.state },
      {
        onSuccess: (project) => {
          forgetStripeConnectProject();
          showToast(messages.stripeConnected, 'success');
          navigate(paths.project.href(project.id), { replace: true });
        },
        onError: () => forgetStripeConnectProject(),
      },
    );
  }, [result, mutate, navigate, showToast]);

  const error = !result.ok
    ? result.error
    : connect.isError
      ? errorMessage(connect.error, messages.somethingWentWrong)
      : null;

  return (
    <Container style={{ maxWidth: '40rem' }}>
      <h1 className="h2 mb-4">Connect Stripe</h1>
      {error ? (
        <>
          <Alert variant="danger">{error}</Alert>
          {result.projectId ? (
            <LinkButton to={paths.project.href(result.projectId)} variant="outline-primary">
              Back to the project
            </LinkButton>
          ) : (
            <LinkButton to={paths.accountSettings.href()} variant="outline-primary">
              Back to your account
            </LinkButton>
          )}
        </>
      ) : (
        <LoadingMessage message="Connecting your Stripe account..." />
      )}
    </Container>
  );
}
