import Alert from 'react-bootstrap/Alert';
import { messages } from '../../../shared/messages';
import { errorMessage, isNotFound } from '../../api/client';
import { useMrr } from '../../api/get-mrr';
import { useSyncTransactions } from '../../api/sync-transactions';
import { showDateTime } from '../../components/dates';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { paths } from '../../config/paths';
import { formatMoney } from './format-money';
import { MrrChart } from './mrr-chart';
import { SyncPaymentsButton, SyncPaymentsResult } from './sync-payments';

/**
 * The project is not connected to Stripe (an ordinary state, answered 200 with `connected: false`):
 * the answer's message and the way to connect it.
 */
export function MrrNotConnected({ projectId, message }: { projectId: string; message: string }) {
  return (
    <>
      <Alert variant="info">{message}</Alert>
      <LinkButton to={paths.project.href(projectId)} variant="outline-primary">
        Connect Stripe on the project page
      </LinkButton>
    </>
  );
}

/** Why the insights of the ingested payments cannot be shown: the project not found, or an error. */
export function MrrUnavailable({ error }: { projectId: string; error: unknown }) {
  return (
    <Alert variant="danger" className="mb-0">
      {isNotFound(error) ? messages.failedToLoadProject : errorMessage(error, messages.anErrorOccurred)}
    </Alert>
  );
}

/**
 * 'Compute effective MRR': the current MRR and the last 12 months from the ingested subscriptions, and
 * 'Sync payments from Stripe' to ingest them again (its answer's message is shown).
 */
export function EffectiveMrrReport({ projectId }: { projectId: string }) {
  const mrr = useMrr(projectId);
  const sync = useSyncTransactions(projectId);

  if (mrr.isPending) return <LoadingMessage message="Computing MRR..." />;
  if (mrr.isError) return <MrrUnavailable projectId={projectId} error={mrr.error} />;
  if (!mrr.data.connected) return <MrrNotConnected projectId={projectId} message={mrr.data.message} />;

  const report = mrr.data;
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
        <div>
          <p className="small text-body-secondary mb-1">Current MRR</p>
          <p className="mrr-figure-value mb-1">{formatMoney(report.currentMrrX100, report.currency)}</p>
          <p className="small text-body-secondary mb-0">
            From {report.subscriptions.toLocaleString('en-US')} active{' '}
            {report.subscriptions === 1 ? 'subscription' : 'subscriptions'} · computed{' '}
            {showDateTime(report.computedAt)}
          </p>
        </div>
        <SyncPaymentsButton sync={sync} />
      </div>
      <SyncPaymentsResult sync={sync} />
      {report.subscriptions === 0 && report.currentMrrX100 === 0 ? (
        <p className="small text-body-secondary">
          No subscriptions counted yet. Sync payments from Stripe to ingest them.
        </p>
      ) : null}
      <h3 className="h6 mt-2">Last {report.series.length} months</h3>
      <MrrChart series={report.series} currency={report.currency} />
    </>
  );
}
