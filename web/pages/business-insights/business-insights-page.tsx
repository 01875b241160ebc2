import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { useSyncTransactions } from '../../api/sync-transactions';
import { RequireUser } from '../../auth/guards';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { EffectiveMrrReport } from './effective-mrr-report';
import { SalesOpportunitiesReport } from './sales-opportunities-report';
import { SyncPaymentsButton, SyncPaymentsResult } from './sync-payments';

const REPORTS = [
  {
    id: 'effective-mrr',
    title: 'Effective MRR',
    summary: 'Compute effective MRR',
    text: 'Computes the effective monthly recurring revenue of this project from its ingested payments.',
  },
  {
    id: 'sales-opportunities',
    title: 'Sales opportunities',
    summary: 'Surface org-wide sales opportunities',
    text: 'The customers whose monthly spend fell, stopped or grew since the end of last month, from the ingested subscriptions: talk to those at risk first, offer more to those growing.',
  },
  {
    id: 'ingest-transactions',
    title: 'Payment transactions',
    summary: 'Ingest payment transactions',
    text: "Ingests the payment transactions (charges, refunds, invoices and subscriptions) of this project's connected Stripe account: every sync replaces what was ingested before.",
  },
] as const;

type ReportId = (typeof REPORTS)[number]['id'];

/**
 * `/projects/{projectId}/jorts`: business insights, a left menu of three reports, each live: effective
 * MRR, sales opportunities (issue 50: built from the ingested subscriptions rather than left a
 * placeholder) and the ingest itself.
 */
export function BusinessInsightsPage() {
  useDocumentTitle('Business Insights');
  return (
    <RequireUser>
      <BusinessInsights />
    </RequireUser>
  );
}

function BusinessInsights() {
  const { projectId = '' } = useParams();
  const [reportId, setReportId] = useState<ReportId>('effective-mrr');
  const report = REPORTS.find((r) => r.id === reportId) ?? REPORTS[0];

  if (!projectId) {
    return (
      <Container>
        <Alert variant="danger">{messages.projectIdMissing}</Alert>
      </Container>
    );
  }

  return (
    <Container>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to={paths.project.href(projectId)}>← Back to project</Link>
      </nav>
      <h1 className="h2 mb-4">Business Insights</h1>
      <Row className="g-4">
        <Col md={4} lg={3}>
          <nav aria-label="Reports">
            <ListGroup className="insights-menu shadow-sm">
              {REPORTS.map((r) => (
                <ListGroup.Item
                  key={r.id}
                  action
                  active={r.id === reportId}
                  aria-current={r.id === reportId ? 'page' : undefined}
                  onClick={() => setReportId(r.id)}
                >
                  {r.summary}
                </ListGroup.Item>
              ))}
            </ListGroup>
          </nav>
        </Col>
        <Col md={8} lg={9}>
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h4">{report.title}</h2>
              <p>{report.text}</p>
              {report.id === 'effective-mrr' ? (
                <EffectiveMrrReport projectId={projectId} />
              ) : report.id === 'ingest-transactions' ? (
                <IngestTransactions projectId={projectId} />
              ) : (
                <SalesOpportunitiesReport projectId={projectId} />
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}

/** 'Ingest payment transactions': the sync itself, here where the report names it. */
function IngestTransactions({ projectId }: { projectId: string }) {
  const sync = useSyncTransactions(projectId);
  return (
    <>
      <SyncPaymentsButton sync={sync} />
      <div className="mt-3">
        <SyncPaymentsResult sync={sync} />
      </div>
    </>
  );
}
