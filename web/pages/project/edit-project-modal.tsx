import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { ProjectView } from '../../../shared/api/projects';
import { messages } from '../../../shared/messages';
import {
  MAX_PROJECT_SECTORS,
  SELECTABLE_STARTUP_STATUSES,
  type SelectableStartupStatus,
  startupStatusLabel,
} from '../../../shared/projects/project';
import { tagLabel } from '../../../shared/tags/display';
import { updateProjectInput, useUpdateProject } from '../../api/update-project';
import { SectorsPicker } from '../../components/taxonomy-combobox';

const isSelectable = (value: string): value is SelectableStartupStatus =>
  (SELECTABLE_STARTUP_STATUSES as readonly string[]).includes(value);

/** The 'Edit Project' modal: name, description, startup statuses and up to 6 sectors. */
export function EditProjectModal({
  project,
  show,
  onClose,
}: {
  project: ProjectView;
  show: boolean;
  onClose: (saved: boolean) => void;
}) {
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);
  const [statuses, setStatuses] = useState<SelectableStartupStatus[]>(
    project.startupStatus.filter(isSelectable),
  );
  const [sectors, setSectors] = useState(project.sectors.map(tagLabel).join(', '));
  const [error, setError] = useState<string | null>(null);
  const updateProject = useUpdateProject(project.id);

  const toggleStatus = (status: SelectableStartupStatus, checked: boolean) =>
    setStatuses((current) => (checked ? [...current, status] : current.filter((value) => value !== status)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = updateProjectInput.safeParse({
      name,
      description,
      startupStatus: SELECTABLE_STARTUP_STATUSES.filter((status) => statuses.includes(status)),
      sectors: sectors.split(','),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.failedToSaveProject);
      return;
    }
    try {
      await updateProject.mutateAsync(parsed.data);
      onClose(true);
    } catch (caught) {
      console.error('Saving the project failed', caught);
      setError(messages.failedToSaveProject);
    }
  };

  return (
    <Modal show={show} onHide={() => onClose(false)} centered aria-labelledby="edit-project-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="edit-project-title" as="h2" className="h5">
            {messages.editProjectTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error ? (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          ) : null}
          <Form.Group className="mb-3" controlId="edit-project-name">
            <Form.Label>Project name</Form.Label>
            <Form.Control
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={messages.projectNamePlaceholder}
              required
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="edit-project-description">
            <Form.Label>Description</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              placeholder={messages.projectDescriptionPlaceholder}
              required
            />
          </Form.Group>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Startup status</legend>
            <div className="row row-cols-1 row-cols-sm-2">
              {SELECTABLE_STARTUP_STATUSES.map((status) => (
                <div className="col" key={status}>
                  <Form.Check
                    id={`edit-project-status-${status}`}
                    label={startupStatusLabel(status)}
                    checked={statuses.includes(status)}
                    onChange={(e) => toggleStatus(status, e.target.checked)}
                  />
                </div>
              ))}
            </div>
          </fieldset>
          <SectorsPicker
            id="edit-project-sectors"
            label="Sectors"
            value={sectors}
            onChange={setSectors}
            max={MAX_PROJECT_SECTORS}
            help={`Up to ${MAX_PROJECT_SECTORS} sectors: type and choose from the list, such as fintech or SaaS.`}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="outline-secondary"
            onClick={() => onClose(false)}
            disabled={updateProject.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={updateProject.isPending}>
            {updateProject.isPending ? messages.saving : 'Save'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
