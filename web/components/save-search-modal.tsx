import { type FormEvent, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { messages } from '../../shared/messages';
import { SAVED_SEARCH_NAME_MAX_LENGTH, shortlistMessages } from '../../shared/shortlist/messages';
import { errorMessage } from '../api/client';

/**
 * Names a search or a shortlist before saving it (issue 35). The server's refusal (the limit of
 * saved searches, a name too long) is said in the modal, which stays open.
 */
export function SaveSearchModal({
  show,
  title,
  defaultName,
  onSave,
  onCancel,
}: {
  show: boolean;
  title: string;
  defaultName: string;
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(defaultName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (show) {
      setName(defaultName);
      setError(null);
    }
  }, [show, defaultName]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(shortlistMessages.nameRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(name.trim());
    } catch (caught) {
      setError(errorMessage(caught, messages.somethingWentWrong));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="save-search-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="save-search-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error ? (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          ) : null}
          <Form.Group controlId="save-search-name">
            <Form.Label>Name</Form.Label>
            <Form.Control
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
              onChange={(e) => setName(e.target.value)}
              aria-describedby="save-search-help"
            />
            <Form.Text id="save-search-help">
              Your account page lists it with the investors new since you last opened it, and a weekly email
              tells you when there are some.
            </Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? messages.saving : 'Save'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
