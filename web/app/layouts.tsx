import { Suspense } from 'react';
import { Link, matchPath, Navigate, Outlet, useLocation } from 'react-router-dom';
import { BRAND } from '../../shared/messages';
import { useAuth } from '../auth/auth-provider';
import { AppNavbar } from '../components/layout/app-navbar';
import { LoadingMessage } from '../components/loading-message';
import { useHydrated } from '../components/use-hydrated';
import { BUILD_YEAR } from '../config/build-year';
import { paths } from '../config/paths';
import { RouteErrorBoundary } from './route-error';

/** Paths an unverified user may still open; any other sends them to /verify-email (spec section 4). */
const OPEN_TO_UNVERIFIED = new Set<string>([paths.verifyEmail.path, paths.logout.path]);

/**
 * The root of every route: unverified users are sent to /verify-email, or, inside a portal's steps
 * (`/portal/{id}/…`), to that portal's own verification page.
 */
export function RootLayout() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'unverified' && !OPEN_TO_UNVERIFIED.has(location.pathname)) {
    const portalId = matchPath('/portal/:portalId/*', location.pathname)?.params.portalId;
    if (!portalId) return <Navigate to={paths.verifyEmail.href()} replace />;
    const verify = paths.portalVerifyEmail.href(portalId);
    if (location.pathname !== verify) return <Navigate to={verify} replace />;
  }
  return <Outlet />;
}

/** Pages with the navigation bar. */
export function AppLayout() {
  const location = useLocation();
  // A prerendered page says the year it was built in, until hydrated: then this year.
  const year = useHydrated() ? new Date().getFullYear() : BUILD_YEAR;
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable position-absolute m-2 p-2 bg-body z-3">
        Skip to content
      </a>
      <AppNavbar />
      <main id="main" className="flex-grow-1 py-4">
        <RouteErrorBoundary key={location.pathname}>
          <Suspense fallback={<LoadingMessage />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="border-top py-3 text-center small text-body-secondary">
        <nav aria-label="About the service" className="mb-1">
          <ul className="list-inline mb-0">
            <li className="list-inline-item">
              <Link to={paths.about.href()}>About</Link>
            </li>
            <li className="list-inline-item">
              <Link to={paths.pricing.href()}>Pricing</Link>
            </li>
            <li className="list-inline-item">
              <Link to={paths.privacy.href()}>Privacy</Link>
            </li>
          </ul>
        </nav>
        © {year} {BRAND}
      </footer>
    </div>
  );
}

/** Full-screen pages without the navigation bar (splash, portal onboarding). */
export function BareLayout() {
  const location = useLocation();
  return (
    <RouteErrorBoundary key={location.pathname}>
      <Suspense fallback={<LoadingMessage />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
