import './styles/app.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router';
import { followSystemColorScheme } from './app/color-scheme';
import { AppProviders } from './app/providers';
import { loadRuntimeConfig } from './config/runtime-config';

/**
 * Start-up: read and check the runtime configuration, then render. Amplify Auth is not loaded here:
 * the auth provider loads it (configured from this configuration) only when someone may be signed in
 * or signs in. A missing or malformed configuration shows a plain message instead of a broken app.
 */
async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  try {
    await loadRuntimeConfig();
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
  root.render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}

followSystemColorScheme();
const container = document.getElementById('root');
if (container) void start(container);
