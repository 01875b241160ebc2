import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router-dom';
import { messages } from '../../shared/messages';
import { errorMessage } from '../api/client';
import { useProjects } from '../api/get-projects';
import { addToPipeline } from '../api/pipeline';
import { useAuth } from '../auth/auth-provider';
import { paths } from '../config/paths';
import { useToast } from './toast/toast-provider';

/**
 * "Add to pipeline" (issue 36): one click puts a directory investor in a project's fundraising
 * pipeline; with several projects the founder chooses one, unless the page is about one project
 * already (a project's shortlist, issue 35: `project`), whose pipeline it then adds to. Clicking
 * again changes nothing (the server answers the entry it has). Shown to signed-in founders only.
 */
export function AddToPipeline({
  investorId,
  investorName,
  size,
  project,
}: {
  investorId: string;
  investorName: string;
  size?: 'sm';
  /** The project the page is about: its pipeline, without a choice. */
  project?: { id: string; name: string } | undefined;
}) {
  const { user, isInvestor } = useAuth();
  const projects = useProjects();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  if (!user || isInvestor || !projects.data) return null;
  const list = project ? [project] : projects.data.projects;
  if (list.length === 0) return null;

  const add = async (projectId: string, projectName: string) => {
    setBusy(true);
    try {
      const { created } = await addToPipeline(projectId, { investorId });
      showToast(
        created
          ? `${investorName} added to the pipeline of ${projectName}`
          : `${investorName} is already in the pipeline of ${projectName}`,
        'success',
      );
    } catch (error) {
      showToast(errorMessage(error, messages.somethingWentWrong), 'danger');
    } finally {
      setBusy(false);
    }
  };

  if (list.length === 1) {
    const [only] = list;
    if (!only) return null;
    return (
      <Button
        variant="outline-primary"
        size={size}
        disabled={busy}
        onClick={() => void add(only.id, only.name)}
        aria-label={`Add ${investorName} to the pipeline of ${only.name}`}
      >
        Add to pipeline
      </Button>
    );
  }
  return (
    <Dropdown>
      <Dropdown.Toggle
        variant="outline-primary"
        size={size}
        disabled={busy}
        aria-label={`Add ${investorName} to a project's pipeline`}
      >
        Add to pipeline
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>Which project?</Dropdown.Header>
        {list.map((project) => (
          <Dropdown.Item as="button" key={project.id} onClick={() => void add(project.id, project.name)}>
            {project.name}
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to={paths.account.href()}>
          Your projects
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
