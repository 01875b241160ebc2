import { Suspense } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, Outlet, useLocation, useParams } from 'react-router-dom';
import { BRAND, messages } from '../../shared/messages';
import { usePortal } from '../api/get-portal';
import { PortalAuthFlowProvider } from '../auth/auth-flow';
import { useAuth } from '../auth/auth-provider';
import { LoadingMessage } from '../components/loading-message';
import { paths } from '../config/paths';
import { getRuntimeConfig } from '../config/runtime-config';
import { portalLabel } from './portal-host';
import { RouteErrorBoundary } from './route-error';

/**
 * Where the portal's own page is from here: `/` on its subdomain, `/onboard/vcn` for the built-in
 * portal on any other host, else the portal's subdomain of the root domain.
 */
export function portalPageHref(portalId: string, location: Pick<Location, 'hostname' | 'port' | 'protocol'>) {
  const { rootDomain } = getRuntimeConfig();
  if (portalLabel(location.hostname, rootDomain) === portalId) return paths.splash.href();
  if (portalId === 'vcn') return paths.portalOnboarding.href();
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${portalId}.${rootDomain}${port}/`;
}

/**
 * The steps of a partner portal (`/portal/{portalId}/…`, issue 21): register, verify, log in, join
 * and keep a profile, each in the portal's branding (its firm's name in the header, its font on every
 * screen) instead of the product's navigation bar. The auth screens inside send people on through
 * the portal's steps (`PortalAuthFlowProvider`).
 */
export function PortalLayout() {
  const { portalId = '' } = useParams();
  const location = useLocation();
  const portal = usePortal(portalId);
  const { loggedIn, user } = useAuth();

  if (portal.isPending) return <LoadingMessage />;
  if (portal.isError || !portal.data) {
    return (
      <Container as="main" className="py-5">
        {portal.isError ? (
          <Alert variant="danger">{messages.somethingWentWrong}</Alert>
        ) : (
          <h1 className="h3">{messages.notFound}</h1>
        )}
      </Container>
    );
  }
  const { name, firm, fontFamily } = portal.data;
  const home = portalPageHref(portalId, window.location);
  const homeLink = home.startsWith('http') ? (
    <a href={home} className="portal-brand">
      {firm.name}
    </a>
  ) : (
    <Link to={home} className="portal-brand">
      {firm.name}
    </Link>
  );
  return (
    <div
      className="d-flex flex-column min-vh-100 portal-shell"
      style={fontFamily ? { fontFamily } : undefined}
    >
      <a href="#main" className="visually-hidden-focusable position-absolute m-2 p-2 bg-body z-3">
        Skip to content
      </a>
      <header className="splash-hero portal-header">
        <Container className="d-flex flex-wrap align-items-center justify-content-between gap-2 py-3">
          <div>
            {homeLink}
            <span className="portal-header-name">{name}</span>
          </div>
          {loggedIn ? (
            <nav aria-label="Account" className="d-flex align-items-center gap-3 small">
              <span className="text-break">{user?.email}</span>
              <Link to={paths.logout.href()} className="link-light">
                Logout
              </Link>
            </nav>
          ) : null}
        </Container>
      </header>
      <main id="main" className="flex-grow-1 py-4">
        <PortalAuthFlowProvider portalId={portalId}>
          <RouteErrorBoundary key={location.pathname}>
            <Suspense fallback={<LoadingMessage />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </PortalAuthFlowProvider>
      </main>
      <footer className="border-top py-3 text-center small text-body-secondary">
        {firm.name} × {BRAND}
      </footer>
    </div>
  );
}
