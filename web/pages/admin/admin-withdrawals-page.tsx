import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import type {
  AdminWithdrawal,
  CorrectionRequest,
  WithdrawalEvent,
} from '../../../shared/api/investor-requests';
import { withdrawalMessages } from '../../../shared/api/investor-requests';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import {
  useCloseCorrection,
  useCorrectionRequests,
  useRestoreWithdrawal,
  useWithdrawals,
} from '../../api/investor-requests';
import { RequireAdmin } from '../../auth/guards';
import { showDateTime } from '../../components/dates';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/** Not in the spec. */
export const NO_WITHDRAWALS = 'No investor has been withdrawn from the directory.';
/** Not in the spec. */
export const NO_CORRECTIONS = 'No correction requests are waiting.';

/**
 * `/admin/withdrawals`: admins only (issue 30). Every entry withdrawn from the directory, by its
 * investor on a portal or by the person listed through "This is me", with its history and a restore
 * of one made in error (why, recorded with who and when); and the corrections asked for through
 * "This is me", to make in the Mapping Debugger and mark done.
 */
export function AdminWithdrawalsPage() {
  useDocumentTitle('Admin: Withdrawals and corrections');
  return (
    <RequireAdmin>
      <Container>
        <nav aria-label="Breadcrumb" className="mb-2 small">
          <Link to={paths.admin.href()}>← Admin</Link>
        </nav>
        <h1 className="h2 mb-4">Withdrawals and correction requests</h1>
        <Corrections />
        <Withdrawals />
      </Container>
    </RequireAdmin>
  );
}

function LoadMore(props: { hasNextPage: boolean; loading: boolean; onLoad: () => void; what: string }) {
  if (!props.hasNextPage) return null;
  return (
    <div className="text-center mt-3">
      <Button variant="outline-secondary" size="sm" disabled={props.loading} onClick={props.onLoad}>
        {props.loading ? 'Loading...' : `Load more ${props.what}`}
      </Button>
    </div>
  );
}

function Withdrawals() {
  const withdrawals = useWithdrawals();
  const all = withdrawals.data?.pages.flatMap((page) => page.withdrawals) ?? [];
  return (
    <section aria-labelledby="withdrawals-title" className="mb-5">
      <h2 className="h4" id="withdrawals-title">
        Withdrawals
      </h2>
      <p className="small text-body-secondary">
        Entries hidden from founders, the latest first. Restore one only when it was withdrawn in error: it is
        back in search at once, and in combined search after the next aggregation.
      </p>
      {withdrawals.isPending ? (
        <LoadingMessage message="Loading withdrawals..." />
      ) : withdrawals.isError ? (
        <Alert variant="danger">{errorMessage(withdrawals.error, messages.anErrorOccurred)}</Alert>
      ) : all.length === 0 ? (
        <Alert variant="secondary">{NO_WITHDRAWALS}</Alert>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-3" aria-label="Withdrawals">
          {all.map((withdrawal) => (
            <li key={withdrawal.investorId}>
              <WithdrawalCard withdrawal={withdrawal} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={withdrawals.hasNextPage}
        loading={withdrawals.isFetchingNextPage}
        onLoad={() => withdrawals.fetchNextPage()}
        what="withdrawals"
      />
    </section>
  );
}

/** One line of a withdrawal's history, in words. */
function eventLine(event: WithdrawalEvent): string {
  const when = showDateTime(event.at);
  if (event.action === 'restored')
    return `Restored ${when} by an admin (${event.by})${event.reason ? `: ${event.reason}` : ''}`;
  if (event.via === 'remedy')
    return `Withdrawn ${when} by the person listed, with the code sent to the email we hold ("This is me")`;
  if (event.via === 'portal') return `Withdrawn ${when} by the investor, from their portal profile`;
  return `Withdrawn ${when} by an admin (${event.by})`;
}

function WithdrawalCard({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const restore = useRestoreWithdrawal();
  const [reason, setReason] = useState('');
  const id = withdrawal.investorId;
  const title = `${withdrawal.name}${withdrawal.firmName ? ` · ${withdrawal.firmName}` : ''}`;
  return (
    <Card as="article" aria-label={`Withdrawal of ${withdrawal.name}`} className="shadow-sm">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-baseline gap-2 mb-2">
          <h3 className="h6 mb-0">
            {withdrawal.withdrawn ? title : <Link to={paths.investorProfile.href(id)}>{title}</Link>}
          </h3>
          {withdrawal.withdrawn ? (
            <Badge bg="secondary">Withdrawn</Badge>
          ) : (
            <Badge bg="success">Restored</Badge>
          )}
          {withdrawal.listedBy ? (
            <span className="small text-body-secondary">listed through a portal</span>
          ) : null}
        </div>
        <ol className="small mb-2 ps-3" aria-label={`History of ${withdrawal.name}`}>
          {withdrawal.history.map((event) => (
            <li key={`${event.at}-${event.action}`}>{eventLine(event)}</li>
          ))}
        </ol>
        {withdrawal.withdrawn && !withdrawal.restorable ? (
          <p className="small text-body-secondary mb-0">{withdrawalMessages.noCopy}</p>
        ) : null}
        {withdrawal.restorable ? (
          <Form
            className="d-flex flex-wrap gap-2 align-items-end"
            onSubmit={(event) => {
              event.preventDefault();
              restore.mutate({ investorId: id, body: { reason } });
            }}
          >
            <Form.Group controlId={`restore-reason-${id}`} className="flex-grow-1">
              <Form.Label className="small mb-1">Why restore it? (recorded)</Form.Label>
              <Form.Control size="sm" value={reason} onChange={(e) => setReason(e.target.value)} />
            </Form.Group>
            <Button
              size="sm"
              variant="outline-primary"
              type="submit"
              disabled={restore.isPending || reason.trim() === ''}
            >
              Restore
            </Button>
          </Form>
        ) : null}
        {restore.error ? (
          <Alert variant="danger" className="mt-2 mb-0 small">
            {errorMessage(restore.error, messages.anErrorOccurred)}
          </Alert>
        ) : null}
      </Card.Body>
    </Card>
  );
}

function Corrections() {
  const corrections = useCorrectionRequests();
  const all = corrections.data?.pages.flatMap((page) => page.corrections) ?? [];
  return (
    <section aria-labelledby="corrections-title" className="mb-5">
      <h2 className="h4" id="corrections-title">
        Correction requests
      </h2>
      <p className="small text-body-secondary">
        Corrections asked for by the person listed (their code proved they hold the email we have), oldest
        first. Make the correction in the Mapping Debugger, then mark the request done.
      </p>
      {corrections.isPending ? (
        <LoadingMessage message="Loading correction requests..." />
      ) : corrections.isError ? (
        <Alert variant="danger">{errorMessage(corrections.error, messages.anErrorOccurred)}</Alert>
      ) : all.length === 0 ? (
        <Alert variant="secondary">{NO_CORRECTIONS}</Alert>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-3" aria-label="Correction requests">
          {all.map((correction) => (
            <li key={correction.id}>
              <CorrectionCard correction={correction} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={corrections.hasNextPage}
        loading={corrections.isFetchingNextPage}
        onLoad={() => corrections.fetchNextPage()}
        what="correction requests"
      />
    </section>
  );
}

function CorrectionCard({ correction }: { correction: CorrectionRequest }) {
  const close = useCloseCorrection();
  const [note, setNote] = useState('');
  const id = correction.id;
  return (
    <Card as="article" aria-label={`Correction request for ${correction.investorName}`} className="shadow-sm">
      <Card.Body>
        <h3 className="h6 mb-1">
          <Link to={paths.investorProfile.href(correction.investorId)}>{correction.investorName}</Link>
        </h3>
        <p className="small text-body-secondary mb-2">
          Received {showDateTime(correction.createdAt)} ·{' '}
          <Link to={paths.admin.href({ searchableInvestorId: correction.investorId })}>
            Open in the Mapping Debugger
          </Link>
        </p>
        <blockquote className="border-start border-3 ps-2 mb-2" style={{ whiteSpace: 'pre-wrap' }}>
          {correction.details}
        </blockquote>
        <Form
          className="d-flex flex-wrap gap-2 align-items-end"
          onSubmit={(event) => {
            event.preventDefault();
            close.mutate({ requestId: id, body: { note } });
          }}
        >
          <Form.Group controlId={`close-note-${id}`} className="flex-grow-1">
            <Form.Label className="small mb-1">What you did (optional, recorded)</Form.Label>
            <Form.Control size="sm" value={note} onChange={(e) => setNote(e.target.value)} />
          </Form.Group>
          <Button size="sm" variant="outline-primary" type="submit" disabled={close.isPending}>
            Mark as done
          </Button>
        </Form>
        {close.error ? (
          <Alert variant="danger" className="mt-2 mb-0 small">
            {errorMessage(close.error, messages.anErrorOccurred)}
          </Alert>
        ) : null}
      </Card.Body>
    </Card>
  );
}
