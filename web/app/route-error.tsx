import { Component, type ErrorInfo, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { messages } from '../../shared/messages';
import { useDocumentTitle } from '../components/use-document-title';

/** What a page that failed to render shows instead: a failed page never takes the whole app down. */
export function RouteError() {
  useDocumentTitle('Error');
  return (
    <Container className="py-5">
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

/**
 * The error boundary around every page (the layouts put it around their outlet, keyed by the path,
 * so the next page starts afresh): an error thrown while rendering, or a page chunk that fails to
 * load, shows {@link RouteError} in the page's place.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
