import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../../auth/auth-provider';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';
import { InvestorProfileScreen } from './investor-profile-screen';

/** Not in the spec (issue 21): a founder who opens an investor's page. */
export const INVESTORS_ONLY_PAGE =
  'This page is for investors who joined through a partner portal. Your account is a founder’s.';

/**
 * `/investor/profile`: an investor signed in on the main site keeps their profile here, under the
 * product's navigation bar (which shows an investor no cart, projects or podcasts).
 */
export function InvestorAccountPage() {
  useDocumentTitle('Your investor profile');
  const { status, isInvestor } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingMessage />;
  if (status === 'unverified') return <Navigate to={paths.verifyEmail.href()} replace />;
  if (status === 'signed-out')
    return <Navigate to={paths.login.href()} replace state={{ from: location.pathname }} />;
  return (
    <Container>
      {isInvestor ? (
        <InvestorProfileScreen />
      ) : (
        <Alert variant="secondary">
          {INVESTORS_ONLY_PAGE} <Link to={paths.home.href()}>Go to the directory</Link>
        </Alert>
      )}
    </Container>
  );
}
