import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { ProjectView } from '../../../shared/api/projects';
import { RAISE_INVITATION, raiseIsSet, raiseSummary } from '../../../shared/projects/raise';
import { LinkButton } from '../../components/link-button';
import { useToast } from '../../components/toast/toast-provider';
import { paths } from '../../config/paths';
import { RaiseModal } from './raise-modal';

/**
 * The project's raise (issue 35): what it is raising in one line and the way to the investors who
 * fit, or, before the founder says, the invitation to.
 */
export function RaiseCard({ project }: { project: ProjectView }) {
  const [editing, setEditing] = useState(false);
  const { showToast } = useToast();
  const set = raiseIsSet(project.raise);
  return (
    <Card className={`shadow-sm mb-4 ${set ? '' : 'border-primary'}`}>
      <Card.Body>
        <h2 className="h5">Your raise</h2>
        {set && project.raise ? (
          <p className="mb-3 fw-semibold" data-testid="raise-summary">
            {raiseSummary(project.raise)}
          </p>
        ) : (
          <p className="mb-3">{RAISE_INVITATION}.</p>
        )}
        <div className="d-flex flex-wrap gap-2">
          <Button variant={set ? 'outline-primary' : 'primary'} onClick={() => setEditing(true)}>
            {set ? 'Edit raise' : 'Tell us about your raise'}
          </Button>
          <LinkButton
            to={paths.projectInvestors.href(project.id)}
            variant={set ? 'primary' : 'outline-primary'}
          >
            Investors who fit
          </LinkButton>
        </div>
      </Card.Body>
      {editing ? (
        <RaiseModal
          project={project}
          show={editing}
          onClose={(saved) => {
            setEditing(false);
            if (saved) showToast('Raise saved', 'success');
          }}
        />
      ) : null}
    </Card>
  );
}
