import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import type { DeckLink } from '../../../shared/api/decks';
import { minutesText, pageName } from '../../../shared/decks/rules';
import { errorMessage } from '../../api/client';
import { useCreateDeckLink, useDeckLinks, useRevokeDeckLink } from '../../api/decks';
import { showDateTime } from '../../components/dates';
import { paths } from '../../config/paths';

/**
 * A pipeline entry's deck links (issue 53), in the entry's panel: each link's summary ("opened
 * twice, 6 min, most on Financials"), its minutes per page, last opened, copy and revoke; and a new
 * link, with an email gate, a download, an expiry. Only the project's creator sees any of it.
 */
export function EntryDeckLinks({ projectId, entryId }: { projectId: string; entryId: string }) {
  const id = useId();
  const links = useDeckLinks(projectId, entryId);
  const create = useCreateDeckLink(projectId, entryId);
  const [askEmail, setAskEmail] = useState(true);
  const [allowDownload, setAllowDownload] = useState(false);
  const [expiresOn, setExpiresOn] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    create.mutate(
      { askEmail, allowDownload, expiresOn: expiresOn === '' ? null : expiresOn, version: null },
      { onError: (error) => setProblem(errorMessage(error, 'The link could not be made.')) },
    );
  };

  return (
    <section className="entry-deck-links mb-3" aria-labelledby={`${id}-title`}>
      <h3 className="h6" id={`${id}-title`}>
        Deck links
      </h3>
      {links.isPending ? (
        <p className="small text-body-secondary">Loading deck links...</p>
      ) : links.isError ? (
        <p className="small text-danger">
          {errorMessage(links.error, 'The deck links could not be loaded.')}
        </p>
      ) : !links.data.hasDeck ? (
        <p className="small">
          <Link to={paths.projectDeck.href(projectId)}>Upload a deck</Link> to send this investor a link.
        </p>
      ) : (
        <>
          {links.data.links.length === 0 ? (
            <p className="small text-body-secondary">No link for this investor yet.</p>
          ) : (
            <ul className="list-unstyled small">
              {links.data.links.map((link) => (
                <LinkItem key={link.id} projectId={projectId} entryId={entryId} link={link} />
              ))}
            </ul>
          )}
          <Form onSubmit={submit} className="small">
            <Form.Check
              id={`${id}-ask`}
              type="checkbox"
              label="Ask for the viewer's email"
              checked={askEmail}
              onChange={(e) => setAskEmail(e.currentTarget.checked)}
            />
            <Form.Check
              id={`${id}-download`}
              type="checkbox"
              label="Allow download"
              checked={allowDownload}
              onChange={(e) => setAllowDownload(e.currentTarget.checked)}
            />
            <Form.Group className="my-2" controlId={`${id}-expires`}>
              <Form.Label>Expires on (optional)</Form.Label>
              <Form.Control
                type="date"
                size="sm"
                value={expiresOn}
                onChange={(e) => setExpiresOn(e.currentTarget.value)}
              />
            </Form.Group>
            {problem ? (
              <Alert variant="danger" className="py-2" role="alert">
                {problem}
              </Alert>
            ) : null}
            <Button type="submit" size="sm" variant="outline-primary" disabled={create.isPending}>
              Make a deck link
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}

function LinkItem({ projectId, entryId, link }: { projectId: string; entryId: string; link: DeckLink }) {
  const revoke = useRevokeDeckLink(projectId, entryId);
  const [copied, setCopied] = useState(false);
  const read = link.pages.filter((p) => p.ms > 0);
  return (
    <li className="border rounded p-2 mb-2 deck-link" data-link-id={link.id}>
      <p className="mb-1 fw-semibold deck-link-summary">{link.summary}</p>
      <p className="mb-1 text-break">
        <a href={link.url}>{link.url}</a>
      </p>
      <p className="mb-1 text-body-secondary">
        {link.state === 'open' ? 'Open' : link.state === 'expired' ? 'Expired' : 'Revoked'}
        {link.expiresOn ? ` · expires after ${link.expiresOn}` : ''}
        {link.askEmail ? ' · asks for email' : ''}
        {link.lastOpenedAt ? ` · last opened ${showDateTime(link.lastOpenedAt)}` : ''}
      </p>
      {read.length > 0 ? (
        <dl className="mb-1 deck-link-pages">
          {read.map((p) => (
            <div key={p.page} className="d-flex justify-content-between gap-2">
              <dt className="fw-normal">{p.title ? `${p.page}. ${pageName(p)}` : `Page ${p.page}`}</dt>
              <dd className="mb-0">{minutesText(p.ms)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {link.views.some((v) => v.viewerEmail) ? (
        <p className="mb-1">
          Viewed by {[...new Set(link.views.map((v) => v.viewerEmail).filter(Boolean))].join(', ')}
        </p>
      ) : null}
      <div className="d-flex gap-2">
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(link.url).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        {link.state !== 'unavailable' ? (
          <Button
            size="sm"
            variant="outline-danger"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(link.id)}
          >
            Revoke
          </Button>
        ) : null}
      </div>
    </li>
  );
}
