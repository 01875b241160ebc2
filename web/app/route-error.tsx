import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { messages } from '../../shared/messages';
import { useDocumentTitle } from '../components/use-document-title';

/** The error boundary of every route: a failed page never takes the whole app down. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Error');
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container as="main" className="py-5">
        <h1 className="h3">{messages.notFound}</h1>
      </Container>
    );
  }
  console.error('A page failed to render', error);
  return (
    <Container as="main" className="py-5">
      <Alert variant="danger">
        <Alert.Heading as="h1" className="h4">
          {messages.somethingWentWrong}
        </Alert.Heading>
        <p className="mb-3">This page could not be shown. Reloading usually helps.</p>
        <Button variant="outline-danger" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Alert>
    </Container>
  );
}
