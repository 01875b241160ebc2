import type { PDFDocumentProxy } from 'pdfjs-dist';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { useParams } from 'react-router-dom';
import type { OpenDeck } from '../../../shared/api/decks';
import { deckMessages, pageName } from '../../../shared/decks/rules';
import { errorMessage } from '../../api/client';
import { openDeck, postDeckEvent, useDeckLinkInfo } from '../../api/decks';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { loadPdf, renderPage } from './deck-canvas';

/** Not in the spec: the PDF could not be fetched or drawn. */
const DECK_LOAD_FAILED = 'The deck could not be shown. Reload the page to try again.';

/**
 * `/d/{token}` (issue 53): a deck link's public viewer. It asks for the viewer's email when the link
 * says so, draws each page with pdf.js on a canvas with the email across it, offers a download only
 * when the founder allowed one, and tells the server when a page is shown and hidden (the server
 * times it).
 */
export function DeckViewerPage() {
  const { token = '' } = useParams();
  const info = useDeckLinkInfo(token);
  useDocumentTitle(info.data?.title ?? 'Deck');

  return (
    <main className="deck-viewer py-4">
      <Container fluid="lg">
        {info.isPending ? (
          <LoadingMessage />
        ) : info.isError ? (
          <Alert variant="danger">{errorMessage(info.error, DECK_LOAD_FAILED)}</Alert>
        ) : info.data.state !== 'open' ? (
          <>
            <h1 className="h3">Deck</h1>
            <Alert variant="secondary">
              {info.data.state === 'expired' ? deckMessages.expired : deckMessages.unavailable}
            </Alert>
          </>
        ) : (
          <Opener token={token} title={info.data.title ?? 'Deck'} askEmail={info.data.askEmail} />
        )}
      </Container>
    </main>
  );
}

function Opener({ token, title, askEmail }: { token: string; title: string; askEmail: boolean }) {
  const id = useId();
  const [opened, setOpened] = useState<OpenDeck | null>(null);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  const open = useCallback(
    async (given: string | null) => {
      setBusy(true);
      setProblem(null);
      try {
        setOpened(await openDeck(token, given));
      } catch (error) {
        setProblem(errorMessage(error, DECK_LOAD_FAILED));
      } finally {
        setBusy(false);
      }
    },
    [token],
  );

  // A link that asks for nothing opens at once (once, though the effect may run twice).
  useEffect(() => {
    if (askEmail || started.current) return;
    started.current = true;
    void open(null);
  }, [askEmail, open]);

  if (opened) return <Reader token={token} deck={opened} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void open(email.trim());
  };
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      {askEmail ? (
        <Form onSubmit={submit} className="deck-email-form" style={{ maxWidth: '28rem' }}>
          <p>{deckMessages.emailRequired}</p>
          <Form.Group className="mb-3" controlId={`${id}-email`}>
            <Form.Label>Your email</Form.Label>
            <Form.Control
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
          </Form.Group>
          {problem ? (
            <Alert variant="danger" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Button type="submit" disabled={busy}>
            View the deck
          </Button>
        </Form>
      ) : problem ? (
        <Alert variant="danger">{problem}</Alert>
      ) : (
        <LoadingMessage />
      )}
    </>
  );
}

function Reader({ token, deck }: { token: string; deck: OpenDeck }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [drawn, setDrawn] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const response = await fetch(deck.documentUrl);
        if (!response.ok) throw new Error(`The deck answered ${response.status}`);
        const loaded = await loadPdf(await response.arrayBuffer());
        if (!cancelled) setPdf(loaded);
      } catch {
        if (!cancelled) setProblem(DECK_LOAD_FAILED);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [deck.documentUrl]);

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    let cancelled = false;
    const width = Math.min(frame.current?.clientWidth ?? 960, 1100);
    renderPage(pdf, page, canvas.current, width, deck.watermark)
      .then(() => {
        if (!cancelled) setDrawn(page);
      })
      .catch(() => {
        if (!cancelled) setProblem(DECK_LOAD_FAILED);
      });
    return () => {
      cancelled = true;
    };
  }, [pdf, page, deck.watermark]);

  // The page on screen: "shown" when drawn, "hidden" when another page replaces it, the tab is
  // hidden or the page is left. The server measures the time between them.
  useEffect(() => {
    if (drawn === 0) return;
    const shown = drawn;
    void postDeckEvent(token, deck.viewId, { page: shown, kind: 'shown' });
    const onVisibility = () =>
      void postDeckEvent(token, deck.viewId, {
        page: shown,
        kind: document.visibilityState === 'hidden' ? 'hidden' : 'shown',
      });
    const onLeave = () => void postDeckEvent(token, deck.viewId, { page: shown, kind: 'hidden' });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onLeave);
      void postDeckEvent(token, deck.viewId, { page: shown, kind: 'hidden' });
    };
  }, [drawn, token, deck.viewId]);

  const title = deck.pageTitles[page - 1] ?? null;
  const label = `Page ${page} of ${deck.pageCount}`;
  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{deck.title}</h1>
        {deck.downloadUrl ? (
          <a className="btn btn-outline-secondary btn-sm" href={deck.downloadUrl} download>
            Download the PDF
          </a>
        ) : null}
      </div>
      {problem ? <Alert variant="danger">{problem}</Alert> : null}
      <div ref={frame} className="deck-frame border rounded bg-white mb-3">
        {pdf ? null : <LoadingMessage />}
        <canvas
          ref={canvas}
          className="deck-canvas d-block w-100"
          role="img"
          data-drawn-page={drawn || undefined}
          aria-label={`${label}${title ? `: ${title}` : ''}`}
          onContextMenu={(e) => {
            if (!deck.downloadUrl) e.preventDefault();
          }}
        />
      </div>
      <nav aria-label="Deck pages" className="d-flex align-items-center justify-content-between gap-2">
        <Button
          variant="outline-primary"
          disabled={page <= 1}
          onClick={() => setPage((p) => Math.max(1, p - 1))}
        >
          Previous page
        </Button>
        <p className="mb-0 text-center" aria-live="polite" data-testid="deck-page">
          {label}
          {title ? (
            <span className="d-block small text-body-secondary">{pageName({ page, title })}</span>
          ) : null}
        </p>
        <Button
          variant="outline-primary"
          disabled={page >= deck.pageCount}
          onClick={() => setPage((p) => Math.min(deck.pageCount, p + 1))}
        >
          Next page
        </Button>
      </nav>
      {deck.watermark ? (
        <p className="small text-body-secondary mt-3 mb-0">Shown to {deck.watermark}.</p>
      ) : null}
    </>
  );
}
