import { lazy } from 'react';
import { usePortal } from '../api/get-portal';
import { LoadingMessage } from '../components/loading-message';
import { getRuntimeConfig } from '../config/runtime-config';
import { portalLabel } from './portal-host';

const SplashPage = lazy(async () => ({ default: (await import('../pages/splash/splash-page')).SplashPage }));
const PortalPage = lazy(async () => ({ default: (await import('../pages/portal/portal-page')).PortalPage }));

/**
 * `/`: the splash page, or the portal onboarding page when the host's first label is a known portal
 * (GET /portals/{label}; 404 means it is not one). A failed lookup falls back to the splash page.
 */
export function SplashOrPortal() {
  const label = portalLabel(window.location.hostname, getRuntimeConfig().rootDomain);
  const portal = usePortal(label);
  if (label === null) return <SplashPage />;
  if (portal.isPending) return <LoadingMessage />;
  if (portal.data) return <PortalPage portalId={label} />;
  return <SplashPage />;
}
