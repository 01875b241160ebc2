import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { BRAND, messages } from '../../../shared/messages';
import { useAuth } from '../../auth/auth-provider';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/** `/about`: the tagline, with Login and Register for visitors or Home for logged-in users. */
export function AboutPage() {
  useDocumentTitle('About');
  const { status, loggedIn } = useAuth();
  return (
    <Container className="py-lg-5">
      <Card className="shadow-sm mx-auto text-center" style={{ maxWidth: '40rem' }}>
        <Card.Body className="p-4 p-md-5">
          <h1 className="h2 mb-3">About {BRAND}</h1>
          <p className="lead mb-4">{messages.aboutTagline}</p>
          {status === 'loading' ? (
            <LoadingMessage />
          ) : (
            <div className="d-flex flex-wrap justify-content-center gap-2">
              {loggedIn ? (
                <LinkButton to={paths.home.href()}>Home</LinkButton>
              ) : (
                <>
                  <LinkButton to={paths.login.href()}>Login</LinkButton>
                  <LinkButton to={paths.register.href()} variant="outline-primary">
                    Register
                  </LinkButton>
                </>
              )}
            </div>
          )}
        </Card.Body>
      </Card>
    </Container>
  );
}
