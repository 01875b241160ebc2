import { type FormEvent, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router-dom';
import { deckMessages, MAX_DECK_BYTES } from '../../../shared/decks/rules';
import { errorMessage } from '../../api/client';
import { DECK_UPLOAD_FAILED, useDecks, useUploadDeck } from '../../api/decks';
import { RequireUser } from '../../auth/guards';
import { showDateTime } from '../../components/dates';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/** `/projects/{projectId}/deck` (issue 53): the project's deck, uploaded as a PDF, every version kept. */
export function DeckPage() {
  return (
    <RequireUser>
      <DeckContent />
    </RequireUser>
  );
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function DeckContent() {
  const { projectId = '' } = useParams();
  const id = useId();
  const decks = useDecks(projectId);
  const upload = useUploadDeck(projectId);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  useDocumentTitle('Deck');

  if (decks.isPending) return <LoadingMessage />;
  if (decks.isError)
    return (
      <Container className="py-4">
        <Alert variant="danger">{errorMessage(decks.error, 'The deck could not be loaded.')}</Alert>
      </Container>
    );
  const { project, versions } = decks.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!file) {
      setProblem('Choose the PDF of your deck first.');
      return;
    }
    // The server checks the same (and the file's bytes); this only saves a long upload.
    if (file.size > MAX_DECK_BYTES) {
      setProblem(deckMessages.tooLarge);
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        setDone(answer.deck.version);
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (error) => setProblem(errorMessage(error, DECK_UPLOAD_FAILED)),
    });
  };

  return (
    <Container className="py-4 deck-page">
      <p className="small mb-1">
        <Link to={paths.project.href(project.id)}>{project.name}</Link>
        {' · '}
        <Link to={paths.pipeline.href(project.id)}>Fundraising pipeline</Link>
      </p>
      <h1 className="h2 mb-3">Deck</h1>
      <p>
        Upload your deck as a PDF (at most 25 MB). Each upload is a new version; links show the newest version
        unless you chose one. Make a link for each investor from their card in your pipeline.
      </p>
      <Form onSubmit={submit} className="mb-4" style={{ maxWidth: '36rem' }}>
        <Form.Group className="mb-3" controlId={`${id}-file`}>
          <Form.Label>Deck (PDF)</Form.Label>
          <Form.Control
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            onChange={(e) => {
              setFile((e.currentTarget as HTMLInputElement).files?.[0] ?? null);
              setProblem(null);
              setDone(null);
            }}
          />
        </Form.Group>
        {problem ? (
          <Alert variant="danger" role="alert">
            {problem}
          </Alert>
        ) : null}
        {done !== null ? (
          <Alert variant="success" role="status">
            Version {done} uploaded.
          </Alert>
        ) : null}
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload deck'}
        </Button>
      </Form>
      <h2 className="h4">Versions</h2>
      {versions.length === 0 ? (
        <p className="text-body-secondary">No deck uploaded yet.</p>
      ) : (
        <Table responsive size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">File</th>
              <th scope="col">Pages</th>
              <th scope="col">Size</th>
              <th scope="col">Uploaded</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version}>
                <td>{v.version}</td>
                <td className="text-break">{v.fileName}</td>
                <td>{v.pageCount}</td>
                <td>{megabytes(v.size)}</td>
                <td>{showDateTime(v.uploadedAt)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Container>
  );
}
