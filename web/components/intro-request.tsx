import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { WarmPathView } from '../../shared/api/network';
import { introBody, introMailto, introSubject } from '../../shared/network/intro';

export interface IntroRequestProps {
  path: WarmPathView;
  investor: { name: string; firmName?: string | null | undefined };
  /** The founder's project the intro is for; "my startup" without one. */
  projectName?: string | undefined;
  raiseWords?: string | null | undefined;
}

/**
 * "Ask for an intro" (issue 52): a short, editable email to one of the founder's connections, with a
 * blurb for the investor, opened in the founder's own mail app (a `mailto:` link) or copied. We never
 * send it: it goes from the founder to their connection.
 */
export function IntroRequest({ path, investor, projectName, raiseWords = null }: IntroRequestProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline-success" size="sm" onClick={() => setOpen(true)}>
        Ask for an intro
        <span className="visually-hidden">: {investor.name}</span>
      </Button>
      {open ? (
        <IntroRequestModal
          path={path}
          investor={investor}
          projectName={projectName}
          raiseWords={raiseWords}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function IntroRequestModal({
  path,
  investor,
  projectName,
  raiseWords,
  onClose,
}: IntroRequestProps & { onClose: () => void }) {
  const [chosen, setChosen] = useState(0);
  const draftFor = (index: number) => {
    const person = path.people[index] ?? path.people[0];
    const facts = {
      connectorName: person?.name ?? '',
      investorName: investor.name,
      firmName: investor.firmName ?? null,
      relationWords: person?.words ?? '',
      projectName: projectName ?? 'my startup',
      raiseWords: raiseWords ?? null,
    };
    return { subject: introSubject(facts), body: introBody(facts) };
  };
  const [draft, setDraft] = useState(() => draftFor(0));
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const person = path.people[chosen];
  const mailto = introMailto(person?.email ?? null, draft.subject, draft.body);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${draft.subject}\n\n${draft.body}`);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="intro-request-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="intro-request-title" as="h2" className="h5">
          Ask for an intro to {investor.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">
          You send this yourself, from your own email: we never write to your connections. Ask them to check
          with the investor first; they introduce you only if the investor says yes.
        </p>
        {path.people.length > 1 ? (
          <Form.Group className="mb-3" controlId="intro-request-person">
            <Form.Label>Who to ask</Form.Label>
            <Form.Select
              value={chosen}
              onChange={(event) => {
                const index = Number(event.currentTarget.value);
                setChosen(index);
                setDraft(draftFor(index));
                setCopied(null);
              }}
            >
              {path.people.map((p, index) => (
                <option key={`${p.name}-${p.words}`} value={index}>
                  {p.name} ({p.words})
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        ) : null}
        <Form.Group className="mb-3" controlId="intro-request-subject">
          <Form.Label>Subject</Form.Label>
          <Form.Control
            value={draft.subject}
            onChange={(event) => {
              // Read now: React clears the event's currentTarget before the updater runs.
              const subject = event.currentTarget.value;
              setDraft((d) => ({ ...d, subject }));
            }}
          />
        </Form.Group>
        <Form.Group controlId="intro-request-body">
          <Form.Label>Your email to {person?.name}</Form.Label>
          <Form.Control
            as="textarea"
            rows={10}
            value={draft.body}
            onChange={(event) => {
              // Read now: React clears the event's currentTarget before the updater runs.
              const body = event.currentTarget.value;
              setDraft((d) => ({ ...d, body }));
            }}
          />
          {person?.email ? null : (
            <Form.Text>
              Your list has no email for {person?.name}: add their address in your mail app, or copy the text.
            </Form.Text>
          )}
        </Form.Group>
        {copied ? (
          <p className="small mt-2 mb-0" role="status">
            {copied === 'copied' ? 'Copied.' : 'Could not copy: select the text and copy it yourself.'}
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <a className="btn btn-primary" href={mailto}>
          Open in your email
        </a>
      </Modal.Footer>
    </Modal>
  );
}

/** The founder's warm path to an investor (issue 52): "You know 2 people there: …", and the intro request. */
export function WarmPathLine({
  path,
  investor,
}: {
  path: WarmPathView;
  investor: IntroRequestProps['investor'];
}) {
  return (
    <div className="small mt-2 warm-path">
      <p className="mb-1">
        <span aria-hidden="true" className="text-success-emphasis">
          ✓{' '}
        </span>
        {path.text}
      </p>
      <IntroRequest path={path} investor={investor} />
    </div>
  );
}
