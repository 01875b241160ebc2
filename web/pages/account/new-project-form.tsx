import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { createProjectInput, useCreateProject } from '../../api/create-project';
import { paths } from '../../config/paths';

/** 'List a New Project': name and description; on success the new project's page opens. */
export function NewProjectForm() {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const createProject = useCreateProject();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = createProjectInput.safeParse({ name, description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.anErrorOccurred);
      return;
    }
    try {
      const project = await createProject.mutateAsync(parsed.data);
      navigate(paths.project.href(project.id));
    } catch (caught) {
      setError(errorMessage(caught, messages.anErrorOccurred));
    }
  };

  return (
    <section aria-labelledby="new-project-heading">
      <h2 id="new-project-heading" className="h5 mb-3">
        List a New Project
      </h2>
      {error ? (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      ) : null}
      <Form noValidate onSubmit={submit}>
        <Form.Group className="mb-3" controlId="new-project-name">
          <Form.Label>Project name</Form.Label>
          <Form.Control
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={messages.projectNamePlaceholder}
            required
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="new-project-description">
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
        <Button type="submit" disabled={createProject.isPending}>
          {createProject.isPending ? messages.saving : 'List Project'}
        </Button>
      </Form>
    </section>
  );
}
