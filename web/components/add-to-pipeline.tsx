import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router-dom';
import { messages } from '../../shared/messages';
import { errorMessage } from '../api/client';
import { useProjects } from '../api/get-projects';
import { useAddInvestorToPipeline, usePipelinesHolding } from '../api/pipeline';
import { useAuth } from '../auth/auth-provider';
import { paths } from '../config/paths';
import { useToast } from './toast/toast-provider';

/**
 * "Add to pipeline" (issue 36): one click puts a directory investor in a project's fundraising
 * pipeline; with several projects the founder chooses one, unless the page is about one project
 * already (a project's shortlist, issue 35: `project`), whose pipeline it then adds to. Clicking
 * again changes nothing (the server answers the entry it has). Shown to signed-in founders only.
 * Once the investor is in the pipeline it reads "In pipeline", a link to it (issue 50), from the
 * pipelines the server holds, so it says so on reload too; with several projects the menu marks
 * each project's pipeline that holds them.
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
  const addInvestor = useAddInvestorToPipeline();
  const list = !user || isInvestor ? [] : project ? [project] : (projects.data?.projects ?? []);
  const holding = usePipelinesHolding(
    list.map((p) => p.id),
    investorId,
  );
  if (!user || isInvestor || !projects.data) return null;
  if (list.length === 0) return null;

  const add = async (projectId: string, projectName: string) => {
    setBusy(true);
    try {
      const { created } = await addInvestor(projectId, investorId);
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
    if (holding?.has(only.id)) {
      return (
        <Link
          to={paths.pipeline.href(only.id)}
          className={`btn btn-outline-success${size ? ` btn-${size}` : ''}`}
          aria-label={`${investorName} is in the pipeline of ${only.name}: open it`}
        >
          In pipeline
        </Link>
      );
    }
    return (
      <Button
        variant="outline-primary"
        size={size}
        disabled={busy || holding === undefined}
        onClick={() => void add(only.id, only.name)}
        aria-label={`Add ${investorName} to the pipeline of ${only.name}`}
      >
        Add to pipeline
      </Button>
    );
  }
  const inSome = holding !== undefined && holding.size > 0;
  return (
    <Dropdown>
      <Dropdown.Toggle
        variant={inSome ? 'outline-success' : 'outline-primary'}
        size={size}
        disabled={busy || holding === undefined}
        aria-label={
          inSome
            ? `${investorName} is in the pipeline of ${holding.size} of your ${list.length} projects`
            : `Add ${investorName} to a project's pipeline`
        }
      >
        {inSome ? 'In pipeline' : 'Add to pipeline'}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>Which project?</Dropdown.Header>
        {list.map((project) =>
          holding?.has(project.id) ? (
            <Dropdown.Item as={Link} key={project.id} to={paths.pipeline.href(project.id)}>
              {project.name} <span className="text-success">· In pipeline</span>
            </Dropdown.Item>
          ) : (
            <Dropdown.Item as="button" key={project.id} onClick={() => void add(project.id, project.name)}>
              {project.name}
            </Dropdown.Item>
          ),
        )}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to={paths.account.href()}>
          Your projects
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
