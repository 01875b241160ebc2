import './styles/app.scss';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppRouter } from './app/app-router';
import { followSystemColorScheme } from './app/color-scheme';
import { createQueryClient } from './app/providers';
import { prefetchRouteData, preloadRoute } from './app/router';
import { loadRuntimeConfig } from './config/runtime-config';
import { isPrerenderedFor } from './prerender/prerendered-root';

/**
 * Start-up: read and check the runtime configuration, then render. Amplify Auth is not loaded here:
 * the auth provider loads it (configured from this configuration) only when someone may be signed in
 * or signs in. A missing or malformed configuration shows a plain message instead of a broken app.
 *
 * A prerendered page (shared/prerendered-pages.ts) came with its markup: React hydrates it, taking
 * over what is already on the screen. Any other page, or that HTML at another path, is rendered anew.
 */
async function start(container: HTMLElement): Promise<void> {
  // The page's chunk, the configuration (preloaded by index.html) and then the page's first data
  // travel side by side: no request waits on another that need not.
  const { pathname } = window.location;
  const page = preloadRoute(pathname);
  const queryClient = createQueryClient();
  performance.mark('app:start');
  try {
    await loadRuntimeConfig();
    performance.mark('app:config');
  } catch (error) {
    console.error('Could not load the runtime configuration', error);
    createRoot(container).render(
      <main className="container py-5">
        <h1 className="h3">The app could not start</h1>
        <p>Its configuration could not be loaded. Please try again in a moment.</p>
      </main>,
    );
    return;
  }
  prefetchRouteData(pathname, queryClient);
  await page;
  performance.mark('app:render');
  const app = (
    <App queryClient={queryClient}>
      <AppRouter />
    </App>
  );
  if (isPrerenderedFor(container, pathname)) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

followSystemColorScheme();
const container = document.getElementById('root');
if (container) void start(container);
