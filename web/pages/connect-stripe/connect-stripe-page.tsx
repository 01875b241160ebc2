import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { RequireUser } from '../../auth/guards';
import { LinkButton } from '../../components/link-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/**
 * `/connect/stripe`: the return page of the payment-account connection flow. The payments issue that
 * adds the Connect flow completes it (exchange of the returned code for the project kept in local
 * storage); for now it only leads back to the account.
 */
export function ConnectStripePage() {
  useDocumentTitle('Connect Stripe');
  return (
    <RequireUser>
      <Container>
        <h1 className="h2 mb-4">Connect Stripe</h1>
        <Alert variant="info">Connecting a Stripe account is not available yet.</Alert>
        <LinkButton to={paths.accountSettings.href()} variant="outline-primary">
          Back to your account
        </LinkButton>
      </Container>
    </RequireUser>
  );
}
