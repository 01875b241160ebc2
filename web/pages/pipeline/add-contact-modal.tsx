import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { PrivateContactBody } from '../../../shared/api/pipeline';

const FIELDS: readonly { key: Exclude<keyof PrivateContactBody, 'notes'>; label: string; type?: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'firm', label: 'Firm' },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel' },
  { key: 'linkedinUrl', label: 'LinkedIn' },
];

/** Adds one of the founder's own contacts: kept for them alone, never in the directory. */
export function AddContactModal({
  show,
  busy,
  error,
  onCancel,
  onAdd,
}: {
  show: boolean;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onAdd: (contact: PrivateContactBody) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [missingName, setMissingName] = useState(false);
  const submit = () => {
    const name = (values.name ?? '').trim();
    if (name === '') {
      setMissingName(true);
      return;
    }
    setMissingName(false);
    const text = (key: string) => ((values[key] ?? '').trim() === '' ? null : (values[key] ?? '').trim());
    onAdd({
      name,
      firm: text('firm'),
      email: text('email'),
      phone: text('phone'),
      linkedinUrl: text('linkedinUrl'),
      notes: values.notes ?? '',
    });
  };
  return (
    <Modal show={show} onHide={onCancel} centered>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            Add your own contact
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">
            Only you see this contact. It never goes into the directory, and nobody else can see or buy it.
          </p>
          {FIELDS.map((field) => (
            <Form.Group className="mb-2" controlId={`${id}-${field.key}`} key={field.key}>
              <Form.Label>{field.label}</Form.Label>
              <Form.Control
                type={field.type ?? 'text'}
                value={values[field.key] ?? ''}
                isInvalid={field.key === 'name' && missingName}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field.key]: value }));
                }}
              />
              {field.key === 'name' ? (
                <Form.Control.Feedback type="invalid">Give the investor a name.</Form.Control.Feedback>
              ) : null}
            </Form.Group>
          ))}
          <Form.Group controlId={`${id}-notes`}>
            <Form.Label>Notes</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={values.notes ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, notes: value }));
              }}
            />
          </Form.Group>
          {error ? (
            <Alert variant="danger" className="mt-3 mb-0 py-2 small">
              {error}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            Add to pipeline
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
