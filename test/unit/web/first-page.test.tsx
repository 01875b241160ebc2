// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { matchRoutes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { createQueryClient } from '../../../web/app/providers';
import { RouteErrorBoundary } from '../../../web/app/route-error';
import { prefetchRouteData, preloadRoute, routes } from '../../../web/app/router';
import { initRuntimeConfig } from '../../../web/config/runtime-config';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage, TEST_RUNTIME_CONFIG } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

let calls: string[] = [];
beforeEach(() => {
  calls = [];
  setSignedInUser(null);
  vi.stubGlobal(
    'fetch',
    answerFetch((url) => {
      calls.push(new URL(url, 'http://localhost').pathname);
      return { body: { data: url.endsWith('/role-counts') ? { counts: {} } : null } };
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pageElement = (pathname: string) =>
  matchRoutes(routes, pathname)?.at(-1)?.route.element as ReactElement;

function Broken(): never {
  throw new Error('a page that fails');
}

describe('a page that fails to render', () => {
  it('shows the error in its place, not a blank app', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(
      <>
        <p>the navbar</p>
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>
      </>,
    );
    expect(screen.getByRole('heading', { name: messages.somethingWentWrong })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByText('the navbar')).toBeTruthy();
  });
});

describe('the first page', () => {
  it('renders at once, without its loading fallback, when its chunk was preloaded', async () => {
    await preloadRoute('/about');
    renderPage(<Suspense fallback={<p>fallback</p>}>{pageElement('/about')}</Suspense>, { path: '/about' });
    // No await: the page is there in the first render.
    expect(screen.queryByText('fallback')).toBeNull();
    expect(screen.getByText(messages.aboutTagline)).toBeTruthy();
  });

  it("starts the directory home's two calls before the page renders, and nothing on other pages", async () => {
    initRuntimeConfig(TEST_RUNTIME_CONFIG);
    const queryClient = createQueryClient();
    prefetchRouteData('/podcasts', queryClient);
    expect(calls).toEqual([]);
    prefetchRouteData('/home', queryClient);
    await vi.waitFor(() =>
      expect(calls.sort()).toEqual(['/api/directory/metadata', '/api/directory/role-counts']),
    );
  });
});
