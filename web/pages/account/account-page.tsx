import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, useLocation } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { formatStartupStatuses, visibleTags } from '../../../shared/projects/project';
import { isNotFound } from '../../api/client';
import { useMe } from '../../api/get-me';
import { useProjects } from '../../api/get-projects';
import { useAuth } from '../../auth/auth-provider';
import { RequireUser } from '../../auth/guards';
import { showDate } from '../../components/dates';
import { EmptyState } from '../../components/empty-state';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { ContactLibrary } from './contact-library';
import { CreditsSection } from './credits-section';
import { NewProjectForm } from './new-project-form';
import { PipelineRemindersSetting } from './pipeline-reminders-setting';
import { SavedSearchesSection } from './saved-searches-section';
import { UpdateEmailsSetting } from './update-emails-setting';

/** `/account/settings` and `/account`: the signed-in user's account, contacts and projects. */
export function AccountPage() {
  useDocumentTitle('Account');
  return (
    <RequireUser loadingMessage={messages.loadingAccountSettings}>
      <AccountSettings />
    </RequireUser>
  );
}

function AccountSettings() {
  const me = useMe();
  const { user } = useAuth();
  useSectionInAddress(me.isSuccess);

  if (me.isPending) return <LoadingMessage message={messages.loadingAccountSettings} />;
  if (me.isError) {
    return (
      <Container>
        <Alert variant="danger">
          {isNotFound(me.error) ? messages.userProfileNotFound : messages.failedToFetchProfile}
        </Alert>
      </Container>
    );
  }

  return (
    <Container>
      <h1 className="h2 mb-4">Account</h1>
      {/* The library takes the page's whole width (issue 32): it is what founders come back for. */}
      <ContactLibrary />
      <Row className="g-4">
        <Col lg={5}>
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <Form.Group controlId="account-email">
                <Form.Label className="fw-semibold">Email</Form.Label>
                <Form.Control type="email" value={me.data.email || user?.email || ''} readOnly />
              </Form.Group>
            </Card.Body>
          </Card>
          <CreditsSection />
          <UpdateEmailsSetting />
          <PipelineRemindersSetting />
          <SavedSearchesSection />
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h5">Your connections</h2>
              <p className="small mb-2">
                Upload your LinkedIn connections to see who can introduce you to an investor. Only you see
                them.
              </p>
              <Link to={paths.connections.href()}>Your connections</Link>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={7}>
          <Card className="shadow-sm mb-4" id="projects">
            <Card.Body>
              <h2 className="h5 mb-3">Projects</h2>
              <ProjectList />
            </Card.Body>
          </Card>
          <Card className="shadow-sm" id="new-project">
            <Card.Body>
              <NewProjectForm />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}

/**
 * The navbar's Projects and Library (issue 50) lead to this page's sections by their fragment: the
 * section is there only once the page has loaded, so the browser's own jump (at navigation) misses it.
 */
function useSectionInAddress(loaded: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!loaded || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
}

function ProjectList() {
  const projects = useProjects();
  if (projects.isPending) return <LoadingMessage />;
  if (projects.isError) {
    return (
      <Alert variant="danger" className="mb-0">
        {messages.anErrorOccurred}
      </Alert>
    );
  }
  if (projects.data.projects.length === 0) {
    return (
      <EmptyState message={messages.noProjects}>
        <a href="#new-project" className="btn btn-sm btn-outline-primary">
          Create your first project
        </a>
      </EmptyState>
    );
  }
  return (
    <ListGroup>
      {projects.data.projects.map((project) => {
        const statuses = formatStartupStatuses(project.startupStatus);
        const sectors = visibleTags(project.sectors);
        return (
          <ListGroup.Item
            key={project.id}
            action
            as={Link}
            to={paths.project.href(project.id)}
            className="py-3"
          >
            <div className="d-flex flex-wrap justify-content-between gap-2">
              <span className="fw-semibold text-body">{project.name}</span>
              <span className="small text-body-secondary">Created {showDate(project.createdAt)}</span>
            </div>
            <p className="mb-1 small text-body-secondary text-truncate">{project.description}</p>
            {statuses ? <p className="mb-1 small">{statuses}</p> : null}
            {sectors.length > 0 ? (
              <div className="d-flex flex-wrap gap-1">
                {sectors.map((sector) => (
                  <span key={sector} className="tag tag-sector">
                    {sector}
                  </span>
                ))}
              </div>
            ) : null}
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}
