import Container from 'react-bootstrap/Container';
import { messages } from '../../../shared/messages';
import { LinkButton } from '../../components/link-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/** Any unknown path of the main app, and anything under /onboard but /onboard/vcn. */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <Container className="py-5 text-center">
      <h1 className="h3 mb-4">{messages.notFound}</h1>
      <LinkButton to={paths.home.href()} variant="outline-primary">
        Go to the VC Database
      </LinkButton>
    </Container>
  );
}
