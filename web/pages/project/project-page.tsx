import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/errors';
import { messages } from '../../../shared/messages';
import { startupStatusLabel, visibleTags } from '../../../shared/projects/project';
import { tagLabel } from '../../../shared/tags/display';
import { errorMessage } from '../../api/client';
import { useDeleteProject } from '../../api/delete-project';
import { useProject } from '../../api/get-project';
import { RequireUser } from '../../auth/guards';
import { ConfirmModal } from '../../components/confirm-modal';
import { showDate, showDateTime } from '../../components/dates';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { useToast } from '../../components/toast/toast-provider';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { EditProjectModal } from './edit-project-modal';
import { PaymentConnectPanel } from './payment-connect-panel';
import { RaiseCard } from './raise-card';

/** Not in the spec: the question before deleting a project. */
export const deleteProjectConfirm = (name: string): string =>
  `Are you sure you want to delete ${name}? This cannot be undone.`;
/** Not in the spec. */
export const PROJECT_DELETED = 'Project deleted';

/** `/project/{projectId}`: one of the user's projects. */
export function ProjectPage() {
  return (
    <RequireUser>
      <ProjectDetails />
    </RequireUser>
  );
}

/** Not in the spec: the address of a project that does not exist (or is not the founder's). */
export const PROJECT_NOT_FOUND = 'This project does not exist, or it was deleted.';

function ProjectDetails() {
  const { projectId } = useParams();
  const project = useProject(projectId);
  useDocumentTitle(project.data?.name ?? 'Project');

  if (!projectId) return <ErrorMessage text={messages.projectIdMissing} />;
  if (project.isPending) return <LoadingMessage />;
  if (project.isError && project.error instanceof ApiError && project.error.status === 404)
    return (
      <Container>
        <Alert variant="secondary">
          {PROJECT_NOT_FOUND}{' '}
          <Link to={paths.account.href()} className="alert-link">
            Back to your projects
          </Link>
        </Alert>
      </Container>
    );
  // An answer that came but holds no readable project (not one of the API's errors) is the spec's
  // 'Project data is unavailable.'; a call that failed is 'Failed to load project details'.
  if (project.isError && !(project.error instanceof ApiError))
    return <ErrorMessage text={messages.projectDataUnavailable} />;
  if (project.isError) return <ErrorMessage text={messages.failedToLoadProject} />;
  if (!project.data) return <ErrorMessage text={messages.projectDataUnavailable} />;
  return <ProjectView project={project.data} />;
}

function ErrorMessage({ text }: { text: string }) {
  return (
    <Container>
      <Alert variant="danger">{text}</Alert>
    </Container>
  );
}

function ProjectView({ project }: { project: NonNullable<ReturnType<typeof useProject>['data']> }) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteProject = useDeleteProject(project.id);
  const navigate = useNavigate();
  const { showToast } = useToast();
  const sectors = visibleTags(project.sectors);
  const statuses = visibleTags(project.startupStatus);

  const remove = async () => {
    try {
      await deleteProject.mutateAsync();
      setConfirmingDelete(false);
      showToast(PROJECT_DELETED, 'success');
      navigate(paths.accountSettings.href());
    } catch (error) {
      setConfirmingDelete(false);
      showToast(errorMessage(error, messages.somethingWentWrong), 'danger');
    }
  };

  return (
    <Container>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          <h1 className="h2 mb-1 text-break">{project.name}</h1>
          <p className="small text-body-secondary mb-0">
            Created {showDate(project.createdAt)} · Last updated {showDateTime(project.updatedAt)}
          </p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-primary" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button variant="outline-danger" onClick={() => setConfirmingDelete(true)}>
            Delete Project
          </Button>
        </div>
      </div>

      <Row className="g-4">
        <Col lg={8}>
          <RaiseCard project={project} />
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h5">Description</h2>
              <p className="mb-4" style={{ whiteSpace: 'pre-line' }}>
                {project.description}
              </p>
              <h2 className="h6">Status</h2>
              {statuses.length > 0 ? (
                <ul className="list-unstyled d-flex flex-wrap gap-2 mb-4" aria-label="Status">
                  {statuses.map((status) => (
                    <li key={status}>
                      <Badge bg="primary" className="fw-normal fs-6">
                        {startupStatusLabel(status)}
                      </Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="small text-body-secondary mb-4">No status yet.</p>
              )}
              <h2 className="h6">Sectors</h2>
              {sectors.length > 0 ? (
                <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label="Sectors">
                  {sectors.map((sector) => (
                    <li key={sector}>
                      <span className="tag tag-sector">{tagLabel(sector)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="small text-body-secondary mb-0">No sectors yet.</p>
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={4}>
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h5">Fundraising pipeline</h2>
              <p className="small">
                Track each investor from first contact to a commitment: stages, notes, next steps.
              </p>
              <LinkButton to={paths.pipeline.href(project.id)} variant="primary" size="sm">
                Open the pipeline
              </LinkButton>
            </Card.Body>
          </Card>
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h5">Investor updates</h2>
              <p className="small">
                A monthly update to the investors in your pipeline, with your MRR and the round filled in.
              </p>
              <LinkButton to={paths.updates.href(project.id)} variant="outline-primary" size="sm">
                Open investor updates
              </LinkButton>
            </Card.Body>
          </Card>
          <div className="mb-4">
            <PaymentConnectPanel project={project} />
          </div>
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h5">Business Insights</h2>
              <p className="small">Reports on this project&apos;s revenue and sales opportunities.</p>
              <LinkButton to={paths.businessInsights.href(project.id)} variant="outline-primary" size="sm">
                Open Business Insights
              </LinkButton>
            </Card.Body>
          </Card>
        </Col>
      </Row>

      {editing ? (
        <EditProjectModal
          project={project}
          show={editing}
          onClose={(saved) => {
            setEditing(false);
            if (saved) showToast('Project saved', 'success');
          }}
        />
      ) : null}
      <ConfirmModal
        show={confirmingDelete}
        title="Delete Project"
        confirmLabel="Delete Project"
        busy={deleteProject.isPending}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      >
        {deleteProjectConfirm(project.name)}
      </ConfirmModal>
    </Container>
  );
}
