import './styles/app.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router';
import { followSystemColorScheme } from './app/color-scheme';
import { AppProviders, createQueryClient } from './app/providers';
import { prefetchRouteData, preloadRoute } from './app/router';
import { loadRuntimeConfig } from './config/runtime-config';

/**
 * Start-up: read and check the runtime configuration, then render. Amplify Auth is not loaded here:
 * the auth provider loads it (configured from this configuration) only when someone may be signed in
 * or signs in. A missing or malformed configuration shows a plain message instead of a broken app.
 */
async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
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
    root.render(
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
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}

followSystemColorScheme();
const container = document.getElementById('root');
if (container) void start(container);
