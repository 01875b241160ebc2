import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { PodcastView } from '../../../shared/api/podcasts';
import { messages } from '../../../shared/messages';
import { canSubmitPodcast, validatePodcastListing } from '../../../shared/podcasts/podcast';
import { useCreatePodcast } from '../../api/create-podcast';
import { useEditPodcast } from '../../api/my-podcasts';
import { useAuth } from '../../auth/auth-provider';

/** Not in the spec: shown after a podcast was listed. */
export const PODCAST_LISTED = 'Podcast listed';
/** Not in the spec: the form's title when the lister edits their podcast. */
export const EDIT_PODCAST_TITLE = 'Edit your podcast';

/**
 * The 'List a New Podcast' modal. Submit stays disabled while the title is blank; the title's message
 * shows once the field was touched, the other rules when the form is submitted.
 */
export function ListPodcastModal({
  show,
  onClose,
  editing,
}: {
  show: boolean;
  /** `listed` is true when a podcast was listed (or, editing, saved). */
  onClose: (listed: boolean) => void;
  /** The lister's own podcast to edit: the same form, filled in, saved with PATCH. */
  editing?: PodcastView;
}) {
  const { loggedIn } = useAuth();
  const createPodcast = useCreatePodcast();
  const editPodcast = useEditPodcast();
  const saving = editing ? editPodcast : createPodcast;
  const [title, setTitle] = useState(editing?.title ?? '');
  const [url, setUrl] = useState(editing?.url ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [imageUrl, setImageUrl] = useState(editing?.imageUrl ?? '');
  const [participants, setParticipants] = useState(editing?.participants.join(', ') ?? '');
  const [titleTouched, setTitleTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const titleMissing = titleTouched && !canSubmitPodcast(title);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const input = { title, url, description, imageUrl, participants };
    const checked = validatePodcastListing(input, loggedIn);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    const listing = {
      title: checked.listing.title,
      url: checked.listing.url,
      description: checked.listing.description,
      imageUrl: checked.listing.imageUrl,
      participants: checked.listing.participants,
    };
    try {
      if (editing) await editPodcast.mutateAsync({ podcastId: editing.id, ...listing });
      else await createPodcast.mutateAsync(listing);
      onClose(true);
    } catch (caught) {
      console.error('Listing the podcast failed', caught);
      setError(messages.submitPodcastFailed);
    }
  };

  return (
    <Modal show={show} onHide={() => onClose(false)} centered aria-labelledby="list-podcast-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="list-podcast-title" as="h2" className="h5">
            {editing ? EDIT_PODCAST_TITLE : messages.listPodcastTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error ? (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          ) : null}
          <Form.Group className="mb-3" controlId="podcast-title">
            <Form.Label>Title</Form.Label>
            <Form.Control
              value={title}
              onChange={(e) => {
                setTitle(e.target.value);
                setTitleTouched(true);
              }}
              onBlur={() => setTitleTouched(true)}
              isInvalid={titleMissing}
              required
            />
            <Form.Control.Feedback type="invalid">{messages.titleRequired}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="podcast-url">
            <Form.Label>URL</Form.Label>
            <Form.Control
              type="url"
              inputMode="url"
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                // The refusal named the missing URL: it goes once there is one.
                if (e.target.value.trim() !== '')
                  setError((shown) => (shown === messages.urlRequired ? null : shown));
              }}
              placeholder="https://"
              required
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="podcast-description">
            <Form.Label>Description (optional)</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="podcast-image-url">
            <Form.Label>Image URL (optional)</Form.Label>
            <Form.Control
              type="url"
              inputMode="url"
              value={imageUrl}
              onChange={(e) => setImageUrl(e.target.value)}
              placeholder="https://"
            />
          </Form.Group>
          <Form.Group controlId="podcast-participants">
            <Form.Label>Participants (optional)</Form.Label>
            <Form.Control
              value={participants}
              onChange={(e) => setParticipants(e.target.value)}
              aria-describedby="podcast-participants-help"
            />
            <Form.Text id="podcast-participants-help">Names separated by commas.</Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="outline-secondary"
            onClick={() => onClose(false)}
            disabled={createPodcast.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmitPodcast(title) || saving.isPending}>
            {saving.isPending ? messages.saving : editing ? 'Save changes' : 'Submit'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
