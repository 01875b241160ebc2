import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { ProjectView } from '../../../shared/api/projects';
import { formatDate, formatDateTime } from '../../../shared/format/dates';
import { messages } from '../../../shared/messages';
import { canStartPaymentConnect } from '../../../shared/projects/project';
import { useToast } from '../../components/toast/toast-provider';

/**
 * The payment connect panel in its three states (spec section 4): not connected (Connect with Stripe),
 * pending ('account is being connected', with the stored code and its time) and connected ('connected as
 * of' a date, with Disconnect). The connect and disconnect flows come in a later issue; until then both
 * buttons say 'Coming soon'.
 */
export function PaymentConnectPanel({ project, timeZone }: { project: ProjectView; timeZone: string }) {
  const { showToast } = useToast();
  const { state, connectedAt } = project.paymentConnection;
  const comingSoon = () => showToast(messages.comingSoon, 'info');

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
              Code {project.stripeConnectCode} received{' '}
              {formatDateTime(project.stripeConnectTimestamp, timeZone)}
            </p>
          </div>
        ) : null}
        {state === 'connected' ? (
          <p className="mb-3">
            <span className="badge text-bg-success me-2">Connected</span>
            Stripe connected as of {formatDate(connectedAt, timeZone)}
          </p>
        ) : null}
        <div className="d-flex flex-wrap gap-2">
          <Button variant="primary" disabled={!canStartPaymentConnect(state)} onClick={comingSoon}>
            Connect with Stripe
          </Button>
          {state === 'connected' ? (
            <Button variant="outline-danger" onClick={comingSoon}>
              Disconnect
            </Button>
          ) : null}
        </div>
      </Card.Body>
    </Card>
  );
}
