import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../../../../web/app/providers';
import { initRuntimeConfig } from '../../../../web/config/runtime-config';
import { CartSync } from '../../../../web/stores/cart-sync';
import { resetExportCartStore } from '../../../../web/stores/export-cart';
import { TEST_RUNTIME_CONFIG } from './test-runtime-config';

export { TEST_RUNTIME_CONFIG };

// The app imports web/auth/amplify lazily, when someone may be signed in, and its first import under
// vitest takes about a second. Importing it here, ahead of the tests, only fills vitest's module
// cache so that this second does not eat into a test's timeouts: the app's loader still imports and
// configures Amplify itself, when it needs it.
await import('../../../../web/auth/amplify');

function CurrentLocation() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders `page` as the app would (data cache, auth, toasts, router) at `route`, matched by `path`. Any
 * other path renders a probe showing where the page navigated to (`getByTestId('location')`).
 */
export function renderPage(
  page: ReactElement,
  { path = '/', route = path }: { path?: string; route?: string } = {},
) {
  initRuntimeConfig(TEST_RUNTIME_CONFIG);
  // Each render is a fresh tab: no cart state (an account's copy, writes under way) from the last test.
  resetExportCartStore();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<CurrentLocation />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

/**
 * Renders several pages as the app does, with the cart kept in step with who is signed in
 * (`CartSync`, as web/app/app.tsx mounts it), starting at `route`. Any other path renders the
 * location probe.
 */
export function renderRoutes(pages: readonly { path: string; element: ReactElement }[], route: string) {
  initRuntimeConfig(TEST_RUNTIME_CONFIG);
  resetExportCartStore();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <CartSync />
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          {pages.map((page) => (
            <Route key={page.path} path={page.path} element={page.element} />
          ))}
          <Route path="*" element={<CurrentLocation />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

/** A `fetch` answering every call with `{ data }` (status 200), or with the given status and body. */
export function answerFetch(
  respond: (url: string, init?: RequestInit) => { status?: number; body: unknown },
) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const { status = 200, body } = respond(String(input), init);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
}
