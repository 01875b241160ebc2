import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router-dom';
import type { UpdateSummary } from '../../../shared/api/updates';
import { updateMessages } from '../../../shared/updates/limits';
import { errorMessage } from '../../api/client';
import { useUpdates } from '../../api/updates';
import { RequireUser } from '../../auth/guards';
import { showDate } from '../../components/dates';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/**
 * `/projects/{projectId}/updates`: the project's monthly investor updates (issue 53), newest first,
 * each with what became of it (sent, delivered, bounced, opened) and its web copy.
 */
export function UpdatesPage() {
  useDocumentTitle('Investor updates');
  return (
    <RequireUser>
      <Updates />
    </RequireUser>
  );
}

function Figures({ update }: { update: UpdateSummary }) {
  const figures = [
    ['Recipients', update.recipients],
    ['Sent', update.sent],
    ['Delivered', update.delivered],
    ['Bounced', update.bounced],
    ['Opened', update.opened],
    ...(update.skipped > 0 ? ([['Left out', update.skipped]] as const) : []),
  ] as const;
  return (
    <dl className="update-figures d-flex flex-wrap gap-3 mb-2">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt className="small text-body-secondary fw-normal">{label}</dt>
          <dd className="fs-5 mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Updates() {
  const { projectId = '' } = useParams();
  const updates = useUpdates(projectId);
  return (
    <Container>
      <nav aria-label="Breadcrumb" className="mb-2 small">
        <Link to={paths.project.href(projectId)}>← Back to project</Link>
      </nav>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">Investor updates</h1>
        <LinkButton to={paths.updateNew.href(projectId)}>Write an update</LinkButton>
      </div>
      {updates.isPending ? (
        <LoadingMessage message="Loading your updates..." />
      ) : updates.isError ? (
        <Alert variant="danger">{errorMessage(updates.error, 'Your updates could not be loaded.')}</Alert>
      ) : updates.data.updates.length === 0 ? (
        <EmptyState message="No updates yet">
          <span>
            Tell your investors how {updates.data.project.name} is doing: MRR and the round are filled in for
            you.
          </span>
        </EmptyState>
      ) : (
        <ul className="list-unstyled">
          {updates.data.updates.map((update) => (
            <li key={update.id} className="mb-3">
              <Card className="shadow-sm">
                <Card.Body>
                  <h2 className="h5">{update.subject}</h2>
                  <p className="small text-body-secondary mb-2">
                    {update.status === 'sent' ? (
                      <>Sent {showDate(update.sentAt ?? update.createdAt)}</>
                    ) : update.status === 'failed' ? (
                      <>
                        <Badge bg="danger">Not sent</Badge> {updateMessages.startFailed}
                      </>
                    ) : (
                      <Badge bg="info">Sending</Badge>
                    )}
                  </p>
                  <Figures update={update} />
                  <Link to={paths.updateCopy.href(update.webToken)}>Read the web copy</Link>
                </Card.Body>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
