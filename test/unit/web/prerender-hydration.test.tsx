// @vitest-environment jsdom
import { act, cleanup, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../web/app/app';
import { AppRouter } from '../../../web/app/app-router';
import { createQueryClient } from '../../../web/app/providers';
import { prefetchRouteData } from '../../../web/app/router';
import { initRuntimeConfig } from '../../../web/config/runtime-config';
import { renderPageMarkup } from '../../../web/prerender/prerender-page';
import { isPrerenderedFor, PRERENDERED_ATTRIBUTE } from '../../../web/prerender/prerendered-root';
import { answerFetch, TEST_RUNTIME_CONFIG } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const METADATA = {
  id: 'current',
  stageFocus: ['seed'],
  sectorFocus: ['fintech'],
  stageFocusWeighted: [{ tagKey: 'seed', count: 120, variants: ['seed'] }],
  sectorFocusWeighted: [{ tagKey: 'fintech', count: 12, variants: ['fintech'] }],
  totalInvestors: 12345,
  totalInvestorsWithEmail: 9876,
  totalInvestorsWithPhone: 10,
  totalInvestorsWithLinkedIn: 5432,
  totalInvestorsWithTwitter: 3,
  totalInvestorsWithCrunchbase: 4,
  countsByRole: {},
  createdAt: '2026-11-01T10:00:00.000Z',
};

let root: Root | undefined;
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    answerFetch((url) => ({
      body: { data: url.endsWith('/role-counts') ? { counts: { vc: 7000, angel: 3000 } } : METADATA },
    })),
  );
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The prerendered /home as the browser receives it, at /home, with the configuration read. */
async function prerenderedHome(): Promise<HTMLElement> {
  window.history.replaceState(null, '', '/home');
  const markup = await renderPageMarkup('/home');
  // React's server renderer leaves the context values of its last task set (harmless on a server);
  // here the browser's renderer shares them, so one empty render sets them back to their defaults.
  await prerender(null);
  document.body.innerHTML = `<div id="root" ${PRERENDERED_ATTRIBUTE}="/home">${markup}</div>`;
  initRuntimeConfig(TEST_RUNTIME_CONFIG);
  return document.getElementById('root') as HTMLElement;
}

describe('the prerendered directory home in the browser', () => {
  it('is hydrated only at the path it was built for', async () => {
    const container = await prerenderedHome();

    expect(isPrerenderedFor(container, '/home')).toBe(true);
    expect(isPrerenderedFor(container, '/home.html')).toBe(false);
    expect(isPrerenderedFor(container, '/podcasts')).toBe(false);
  });

  it('hydrates without a mismatch even when its data came first, keeps its elements, then shows the data and the address', async () => {
    const container = await prerenderedHome();
    const heading = container.querySelector('h1');
    const questions = container.querySelector('.row-cols-md-2');
    // The page's two calls answered before the scripts ran: hydration must still match the HTML.
    const queryClient = createQueryClient();
    prefetchRouteData('/home', queryClient);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const recoverable: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');

    await act(async () => {
      root = hydrateRoot(
        container,
        <App queryClient={queryClient}>
          <AppRouter />
        </App>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });

    await waitFor(() => expect(container.textContent).toContain('12,345'));
    expect(container.textContent).toContain('9,876 with email');
    expect(container.querySelector('main a[href="mailto:feedback@example.com"]')?.textContent).toBe(
      'feedback@example.com',
    );
    expect(container.querySelector('.feedback-placeholder')).toBeNull();
    // Hydrated, not rendered anew: the elements the browser painted from the HTML are still there.
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('.row-cols-md-2')).toBe(questions);
    expect(recoverable).toEqual([]);
    // In development React reports every mismatch (an attribute too) with console.error. The one
    // message left out is this test's own doing: the server renderer ran in the same page.
    const errors = consoleError.mock.calls
      .map((call) => call.map(String).join(' '))
      .filter((message) => !message.startsWith('Detected multiple renderers concurrently rendering'));
    expect(errors).toEqual([]);
  });
});
