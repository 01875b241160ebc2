// @vitest-environment jsdom
/**
 * The spec's admin behaviours that had no test, each through the app's real routes (web/app/router):
 * 'Loading admin page...', 'Loading carts...', the admins' 'Debug Mapping' link on search cards, and
 * dropping a CSV file on the importer.
 */
import { QueryClient } from '@tanstack/react-query';
import { cleanup, createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { AppProviders } from '../../../web/app/providers';
import { routes } from '../../../web/app/router';
import { initRuntimeConfig } from '../../../web/config/runtime-config';
import { ADMIN_CLAIMS, csvText } from './support/admin';
import { fetchAuthSession, setSignedInUser } from './support/amplify-auth-mock';
import { investor } from './support/investors';
import { answerFetch, TEST_RUNTIME_CONFIG } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

function CurrentLocation() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function App() {
  return (
    <>
      {useRoutes(routes)}
      <CurrentLocation />
    </>
  );
}

/** The whole app's routes at `route`, as the browser renders them, with the runtime configuration given. */
function renderApp(route: string, config: Partial<typeof TEST_RUNTIME_CONFIG> = {}) {
  initRuntimeConfig({ ...TEST_RUNTIME_CONFIG, ...config });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <App />
      </MemoryRouter>
    </AppProviders>,
  );
}

const location = () => screen.getByTestId('location').textContent;

/** Pages are loaded lazily, as in the browser: the first render of a route waits for its module. */
const slow = { timeout: 20_000 };

/** Answers the API; `pending` paths never answer (a request still on its way). */
function stubApi(pending: RegExp | null = null) {
  vi.stubGlobal(
    'fetch',
    answerFetch((url) => {
      if (pending?.test(url)) return { status: 200, body: { data: null } };
      if (url.includes('/directory/facets'))
        return { body: { data: { roles: [], stages: [], sectors: [], countries: [], cities: [], has: [] } } };
      if (url.includes('/api/investors'))
        return { body: { data: { items: [investor(1, { name: 'Ada Abernook' })], total: 1, cursor: null } } };
      if (url.includes('/api/admin/imports')) return { body: { data: { jobs: [] } } };
      return { body: { data: null } };
    }),
  );
  if (pending) {
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      pending.test(String(input)) ? new Promise(() => undefined) : answer(input, init),
    );
  }
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchAuthSession.mockClear();
});

describe('admin screens through the real routes', { timeout: 60_000 }, () => {
  it("shows 'Loading admin page...' on /admin while it is not yet known who is signed in", async () => {
    setSignedInUser(ADMIN_CLAIMS);
    stubApi();
    let release: () => void = () => undefined;
    fetchAuthSession.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              tokens: {
                idToken: {
                  payload: { ...ADMIN_CLAIMS, email_verified: true },
                  toString: () => 'test-id-token',
                },
                accessToken: { payload: {} },
              },
            });
        }),
    );
    renderApp('/admin');
    expect(await screen.findByText(messages.loadingAdminPage, {}, slow)).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'CSV Importer' }, slow)).toBeTruthy();
    expect(screen.queryByText(messages.loadingAdminPage)).toBeNull();
  });

  it("shows 'Loading admin page...' to a signed-in founder on /admin and sends them to /", async () => {
    setSignedInUser({});
    stubApi();
    renderApp('/admin');
    await vi.waitFor(() => expect(location()).toBe('/'), slow);
    expect(screen.queryByRole('heading', { name: 'CSV Importer' })).toBeNull();
  });

  it("shows 'Loading carts...' on /admin/carts until the carts are in", async () => {
    setSignedInUser(ADMIN_CLAIMS);
    stubApi(/\/api\/admin\/carts/);
    renderApp('/admin/carts');
    expect(await screen.findByText(messages.loadingCarts, {}, slow)).toBeTruthy();
  });

  it("gives admins a 'Debug Mapping' link on each search card, to the Mapping Debugger for that investor", async () => {
    setSignedInUser(ADMIN_CLAIMS);
    stubApi();
    renderApp('/investors/search?stageFocus=seed', { debugMappingLinks: true });
    const card = (await screen.findByRole('heading', { name: 'Ada Abernook' }, slow)).closest('article');
    const link = within(card as HTMLElement).getByRole('link', { name: 'Debug Mapping' });
    expect(link.getAttribute('href')).toBe(`/admin?searchableInvestorId=${investor(1).id}`);
  });

  it("shows no 'Debug Mapping' link to a founder, nor to admins when the build turns the links off", async () => {
    setSignedInUser({});
    stubApi();
    renderApp('/investors/search?stageFocus=seed', { debugMappingLinks: true });
    await screen.findByRole('heading', { name: 'Ada Abernook' }, slow);
    expect(screen.queryByRole('link', { name: 'Debug Mapping' })).toBeNull();
    cleanup();

    setSignedInUser(ADMIN_CLAIMS);
    renderApp('/investors/search?stageFocus=seed', { debugMappingLinks: false });
    await screen.findByRole('heading', { name: 'Ada Abernook' }, slow);
    expect(screen.queryByRole('link', { name: 'Debug Mapping' })).toBeNull();
  });

  it('reads a CSV file dropped on the importer: its header row and rows are shown for editing', async () => {
    setSignedInUser(ADMIN_CLAIMS);
    stubApi();
    renderApp('/admin');
    const zone = (await screen.findByText('Drag and drop a .csv file here', {}, slow)).closest('fieldset');
    const file = new File(
      [csvText(['Investor Name', 'Email'], 3, (r, c) => (c === 0 ? `Dropped ${r}` : `d${r}@example.com`))],
      'dropped.csv',
      {
        type: 'text/csv',
      },
    );
    const drop = createEvent.drop(zone as HTMLElement);
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [file] } });
    fireEvent(zone as HTMLElement, drop);

    expect(await screen.findByText('dropped.csv', {}, slow)).toBeTruthy();
    expect((screen.getByLabelText('Header of column 1') as HTMLInputElement).value).toBe('Investor Name');
    expect(screen.getByRole('cell', { name: 'Dropped 3' })).toBeTruthy();
  });
});
