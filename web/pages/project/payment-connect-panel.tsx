import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { ProjectView } from '../../../shared/api/projects';
import { disconnectConfirm, messages } from '../../../shared/messages';
import { canStartPaymentConnect } from '../../../shared/projects/project';
import { errorMessage } from '../../api/client';
import { createConnectState } from '../../api/connect-stripe';
import { useDisconnectStripe } from '../../api/disconnect-stripe';
import { ConfirmModal } from '../../components/confirm-modal';
import { showDate, showDateTime } from '../../components/dates';
import { useToast } from '../../components/toast/toast-provider';
import { paths } from '../../config/paths';
import { getRuntimeConfig } from '../../config/runtime-config';
import { rememberStripeConnectProject } from '../../stores/stripe-connect';
import { stripeAuthorizeUrl } from './stripe-authorize-url';

/**
 * Sends the browser to Stripe Connect for `projectId` with a single-use `state` the server made for
 * this founder and project, remembering the project for the return.
 */
export async function startStripeConnect(projectId: string): Promise<void> {
  const state = await createConnectState(projectId);
  rememberStripeConnectProject(projectId);
  const redirectUri = `${window.location.origin}${paths.connectStripe.href()}`;
  window.location.assign(stripeAuthorizeUrl(getRuntimeConfig().stripeConnect, redirectUri, state));
}

/**
 * The payment connect panel in its three states (spec section 4): not connected (Connect with Stripe),
 * pending ('account is being connected', with the stored code and its time) and connected ('connected as
 * of' a date, with Disconnect after 'Are you sure you want to disconnect {project} from Stripe?').
 */
export function PaymentConnectPanel({ project }: { project: ProjectView }) {
  const { showToast } = useToast();
  const disconnect = useDisconnectStripe(project.id);
  const [confirming, setConfirming] = useState(false);
  const { state, connectedAt } = project.paymentConnection;

  const runDisconnect = async () => {
    try {
      await disconnect.mutateAsync();
      showToast(messages.disconnectedFromStripe, 'success');
    } catch (error) {
      showToast(errorMessage(error, messages.somethingWentWrong), 'danger');
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h5 mb-3">Payments</h2>
        {state === 'not-connected' ? (
          <p>Connect a Stripe account to this project to see its payments in the business insights.</p>
        ) : null}
        {state === 'pending' ? (
          <div className="mb-3">
            <p className="mb-1">Your Stripe account is being connected.</p>
            <p className="small text-body-secondary mb-0 text-break">
              Code {project.stripeConnectCode} received {showDateTime(project.stripeConnectTimestamp)}
            </p>
          </div>
        ) : null}
        {state === 'connected' ? (
          <p className="mb-3">
            <span className="badge text-bg-success me-2">Connected</span>
            Stripe connected as of {showDate(connectedAt)}
          </p>
        ) : null}
        <div className="d-flex flex-wrap gap-2">
          {/* One action at a time: Connect while not connected, Disconnect once pending or connected. */}
          {canStartPaymentConnect(state) ? (
            <Button
              variant="primary"
              onClick={() =>
                startStripeConnect(project.id).catch((error: unknown) =>
                  showToast(errorMessage(error, messages.somethingWentWrong), 'danger'),
                )
              }
            >
              Connect with Stripe
            </Button>
          ) : (
            <Button variant="outline-danger" onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          )}
        </div>
      </Card.Body>
      <ConfirmModal
        show={confirming}
        title="Disconnect from Stripe"
        confirmLabel="Disconnect"
        busy={disconnect.isPending}
        onConfirm={() => void runDisconnect()}
        onCancel={() => setConfirming(false)}
      >
        {disconnectConfirm(project.name)}
      </ConfirmModal>
    </Card>
  );
}
