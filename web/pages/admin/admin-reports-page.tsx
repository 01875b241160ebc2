import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { type AdminReportRow, REPORT_REASON_LABELS, type ReportAction } from '../../../shared/api/reports';
import { bounceCreditEligibility } from '../../../shared/credits/bounce-credit';
import { CONTACT_KIND_LABELS, CONTACT_KINDS, type ContactKind } from '../../../shared/investors/provenance';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useAdminReports, useResolveReport } from '../../api/reports';
import { RequireAdmin } from '../../auth/guards';
import { showDate } from '../../components/dates';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/** Not in the spec. */
export const NO_OPEN_REPORTS = 'No open reports.';
/** Not in the spec. */
export const LOADING_REPORTS = 'Loading reports...';
/** Not in the spec. */
export const LOAD_MORE_REPORTS = 'Load more reports';

/** `/admin/reports`: admins only. The open reports of wrong data, oldest first, with their actions. */
export function AdminReportsPage() {
  useDocumentTitle('Admin: Reports');
  return (
    <RequireAdmin>
      <AdminReports />
    </RequireAdmin>
  );
}

function AdminReports() {
  const reports = useAdminReports();
  return (
    <Container>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to={paths.admin.href()}>← Admin</Link>
      </nav>
      <h1 className="h2 mb-4">Reports of wrong data</h1>
      {reports.isPending ? (
        <LoadingMessage message={LOADING_REPORTS} />
      ) : reports.isError ? (
        <Alert variant="danger">{errorMessage(reports.error, messages.anErrorOccurred)}</Alert>
      ) : reports.data.pages.every((page) => page.reports.length === 0) ? (
        <Alert variant="secondary">{NO_OPEN_REPORTS}</Alert>
      ) : (
        <>
          <ul className="list-unstyled d-flex flex-column gap-3" aria-label="Open reports">
            {reports.data.pages
              .flatMap((page) => page.reports)
              .map((report) => (
                <li key={report.id}>
                  <ReportCard report={report} />
                </li>
              ))}
          </ul>
          {reports.hasNextPage ? (
            <div className="text-center my-4">
              <Button
                variant="outline-primary"
                onClick={() => void reports.fetchNextPage()}
                disabled={reports.isFetchingNextPage}
              >
                {reports.isFetchingNextPage ? 'Loading...' : LOAD_MORE_REPORTS}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Container>
  );
}

const ACTION_LABELS: Readonly<Record<ReportAction, string>> = {
  correct: 'Correct the value',
  remove: 'Remove the value',
  confirm: 'Mark as confirmed',
  dismiss: 'Dismiss',
};

/**
 * What the founder reported beside what the directory holds now, for the report's field: the admin
 * decides without opening the investor.
 */
function ReportedAndCurrent({ report }: { report: AdminReportRow }) {
  if (!report.field) return null;
  const label = CONTACT_KIND_LABELS[report.field];
  const reported = report.reportedValue;
  const same = reported !== null && report.currentValue === reported.value;
  return (
    <dl className="report-values small mb-3" aria-label={`${label}: reported and now`}>
      <div>
        <dt>{label} reported</dt>
        <dd className="text-break">
          {reported ? (
            <>
              <span className="font-monospace">{reported.value}</span>{' '}
              <span className="text-body-secondary">
                {reported.bought ? '(the value bought)' : '(listed when reported)'}
              </span>
            </>
          ) : (
            <span className="text-body-secondary">Not recorded</span>
          )}
        </dd>
      </div>
      <div>
        <dt>{label} now</dt>
        <dd className="text-break">
          {!report.investorListed ? (
            <span className="text-body-secondary">The investor is no longer in the directory</span>
          ) : report.currentValue ? (
            <>
              <span className="font-monospace">{report.currentValue}</span>{' '}
              <span className="text-body-secondary">
                {same ? '(unchanged)' : reported ? '(changed since)' : ''}
              </span>
            </>
          ) : (
            <span className="text-body-secondary">No value</span>
          )}
        </dd>
      </div>
    </dl>
  );
}

function ReportCard({ report }: { report: AdminReportRow }) {
  const resolve = useResolveReport();
  const credit = bounceCreditEligibility(report);
  const [field, setField] = useState<ContactKind>(report.field ?? 'email');
  const [value, setValue] = useState('');
  const act = (action: ReportAction) =>
    resolve.mutate({
      reportId: report.id,
      body:
        action === 'correct'
          ? { action, field, value }
          : action === 'dismiss'
            ? { action }
            : { action, field },
    });
  return (
    <Card as="article" aria-label={`Report ${report.id}`} className="shadow-sm">
      <Card.Body>
        <h2 className="h5">
          <Link to={paths.investorProfile.href(report.investorId)}>{report.investorName}</Link> ·{' '}
          {REPORT_REASON_LABELS[report.reason]}
        </h2>
        <p className="small text-body-secondary mb-2">
          {report.reporterEmail} · {showDate(report.createdAt)}
          {report.purchasedAt ? ` · bought ${report.purchasedAt.slice(0, 10)}` : ''}
        </p>
        {report.note ? <p className="mb-3">{report.note}</p> : null}
        <ReportedAndCurrent report={report} />
        {credit.note ? (
          <p className={`small mb-3 ${credit.eligible ? 'text-success-emphasis' : 'text-body-secondary'}`}>
            {credit.note}
          </p>
        ) : null}
        {report.status === 'resolving' ? (
          <p className="small text-warning-emphasis mb-3">
            An admin started resolving this report
            {report.claim ? ` at ${report.claim.at.slice(11, 16)} UTC` : ''}.
          </p>
        ) : null}
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <Form.Group controlId={`field-${report.id}`}>
            <Form.Label className="small mb-1">Field</Form.Label>
            <Form.Select size="sm" value={field} onChange={(e) => setField(e.target.value as ContactKind)}>
              {CONTACT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {CONTACT_KIND_LABELS[kind]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId={`value-${report.id}`}>
            <Form.Label className="small mb-1">New value</Form.Label>
            <Form.Control size="sm" value={value} onChange={(e) => setValue(e.target.value)} />
          </Form.Group>
          {(['correct', 'remove', 'confirm', 'dismiss'] as const).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'dismiss' ? 'outline-secondary' : 'outline-primary'}
              disabled={resolve.isPending || (action === 'correct' && value.trim() === '')}
              onClick={() => act(action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
        {resolve.isError ? (
          <Alert variant="danger" className="mt-3 mb-0">
            {errorMessage(resolve.error, messages.anErrorOccurred)}
          </Alert>
        ) : null}
      </Card.Body>
    </Card>
  );
}
