import Container from 'react-bootstrap/Container';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { usePortal } from '../../api/get-portal';
import { useAuthFlow } from '../../auth/auth-flow';
import { useAuth } from '../../auth/auth-provider';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { InvestorProfileScreen } from './investor-profile-screen';
import { JoinStep } from './join-step';

/**
 * `/portal/{portalId}/profile`, the last of a portal's steps: signed out, to the portal's login;
 * unverified, to its verification; signed in, the join step until the account is an investor's, then
 * the investor's profile. The portal's layout (web/app/portal-layout.tsx) brands it.
 */
export function PortalProfilePage() {
  const { portalId = '' } = useParams();
  const portal = usePortal(portalId);
  const { status, user, isInvestor } = useAuth();
  const flow = useAuthFlow();
  const location = useLocation();
  useDocumentTitle(portal.data ? `Your profile · ${portal.data.name}` : 'Your investor profile');

  if (status === 'loading' || portal.isPending) return <LoadingMessage />;
  if (status === 'signed-out')
    return <Navigate to={flow.login} replace state={{ from: location.pathname }} />;
  if (status === 'unverified') return <Navigate to={flow.verifyEmail} replace />;
  if (!portal.data) return null;
  return (
    <Container>
      {isInvestor ? <InvestorProfileScreen /> : <JoinStep portal={portal.data} email={user?.email ?? ''} />}
    </Container>
  );
}
