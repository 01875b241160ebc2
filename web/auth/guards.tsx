import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { messages } from '../../shared/messages';
import { LoadingMessage } from '../components/loading-message';
import { paths } from '../config/paths';
import { useAuth } from './auth-provider';

/** Where a guard came from, so login can return there. */
export interface FromLocationState {
  from?: string;
}

/**
 * Renders `children` for a logged-in, verified founder. Anyone signed out goes to /login; an unverified
 * user goes to /verify-email (spec section 4); an investor account, which has none of a founder's
 * pages, goes to its own profile (issue 21).
 */
export function RequireUser({ children, loadingMessage }: { children: ReactNode; loadingMessage?: string }) {
  const { status, isInvestor } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingMessage message={loadingMessage} />;
  if (status === 'unverified') return <Navigate to={paths.verifyEmail.href()} replace />;
  if (status === 'signed-out') {
    const state: FromLocationState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login.href()} replace state={state} />;
  }
  if (isInvestor) return <Navigate to={paths.myInvestorProfile.href()} replace />;
  return <>{children}</>;
}

/**
 * Renders `children` for admins only. Until auth is known it shows 'Loading admin page...'; anyone else
 * is sent to / (spec sections 2 and 6).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, isAdmin } = useAuth();
  if (status === 'loading') return <LoadingMessage message={messages.loadingAdminPage} />;
  if (!isAdmin) {
    return (
      <>
        <LoadingMessage message={messages.loadingAdminPage} />
        <Navigate to={paths.splash.href()} replace />
      </>
    );
  }
  return <>{children}</>;
}

/** Login and register: a logged-in user goes to /home instead (spec section 4). */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <LoadingMessage />;
  if (status === 'signed-in') return <Navigate to={paths.home.href()} replace />;
  if (status === 'unverified') return <Navigate to={paths.verifyEmail.href()} replace />;
  return <>{children}</>;
}
