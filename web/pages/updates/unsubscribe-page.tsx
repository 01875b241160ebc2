import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { useUpdateUnsubscribe, useUpdateUnsubscribeStatus } from '../../api/updates';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';

/**
 * `/updates/unsubscribe?token=…`: where a recipient of an investor update stops the project's updates
 * (issue 53). Opening it changes nothing; the button does (mail apps' one-click POST goes to the API).
 */
export function UpdateUnsubscribePage() {
  useDocumentTitle('Unsubscribe from investor updates');
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const status = useUpdateUnsubscribeStatus(token);
  const unsubscribe = useUpdateUnsubscribe(token);
  return (
    <Container style={{ maxWidth: 640 }}>
      <h1 className="h2 mb-3">Unsubscribe from investor updates</h1>
      {token === '' ? (
        <Alert variant="warning">This link is not complete: use the link in the update you received.</Alert>
      ) : status.isPending ? (
        <LoadingMessage />
      ) : status.isError ? (
        <Alert variant="warning">{errorMessage(status.error, 'This link could not be checked.')}</Alert>
      ) : (
        <Card className="shadow-sm">
          <Card.Body>
            <p role="status">{status.data.message}</p>
            {status.data.on ? (
              <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
                Unsubscribe
              </Button>
            ) : null}
            {unsubscribe.isError ? (
              <Alert variant="danger" className="mt-3">
                {errorMessage(unsubscribe.error, 'That did not work: try again.')}
              </Alert>
            ) : null}
          </Card.Body>
        </Card>
      )}
    </Container>
  );
}
