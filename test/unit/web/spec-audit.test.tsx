// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurationJob } from '../../../shared/api/admin';
import type { ProjectView } from '../../../shared/api/projects';
import { EXPORT_COLUMN_KEYS } from '../../../shared/cart/export';
import { messages } from '../../../shared/messages';
import { AppRoutes } from '../../../web/app/app-router';
import { AppProviders } from '../../../web/app/providers';
import { showDate, showDateTime } from '../../../web/components/dates';
import { AppNavbar } from '../../../web/components/layout/app-navbar';
import { initRuntimeConfig } from '../../../web/config/runtime-config';
import { CsvImporter } from '../../../web/pages/admin/csv-importer';
import { FieldMerger } from '../../../web/pages/admin/field-merger';
import { CartPurchasePage } from '../../../web/pages/cart-purchase/cart-purchase-page';
import { ExportBuilderPage } from '../../../web/pages/export-builder/export-builder-page';
import { deleteProjectConfirm, ProjectPage } from '../../../web/pages/project/project-page';
import { VerifyEmailPage } from '../../../web/pages/verify-email/verify-email-page';
import { EXPORT_CART_STORAGE_KEY, resetExportCartStore } from '../../../web/stores/export-cart';
import { ADMIN_CLAIMS, csvText, importJob } from './support/admin';
import { fetchUserAttributes, setSignedInUser } from './support/amplify-auth-mock';
import { CART_ID, cartView } from './support/carts';
import { cartOf } from './support/investors';
import { answerFetch, renderPage, TEST_RUNTIME_CONFIG } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

/**
 * The spec's behaviours an audit of issue 50 found untested, or tested so that the test still passed
 * with the rule deleted. Each test here was seen to fail with its rule broken.
 */

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** The whole app's routes at `path`, as a browser at that address renders them. */
function renderAt(path: string) {
  initRuntimeConfig(TEST_RUNTIME_CONFIG);
  resetExportCartStore();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  setSignedInUser(null);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the navbar (spec section 2: it collapses on route change)', () => {
  it('folds its open menu when the route changes from outside the menu, not only on its own links', async () => {
    setSignedInUser(null);
    const user = userEvent.setup();
    renderPage(
      <>
        <AppNavbar />
        <main>
          <Link to="/find-vc">Browse the directory</Link>
        </main>
      </>,
      { path: '*', route: '/podcasts' },
    );
    const toggle = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', {
      name: 'Toggle navigation',
    });
    const menu = document.getElementById('main-navbar') as HTMLElement;
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu.classList.contains('show')).toBe(true);

    // A link in the page (or the back button) changes the route without touching the menu.
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Browse the directory' }));
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    expect(menu.classList.contains('show')).toBe(false);
    expect(toggle.classList.contains('collapsed')).toBe(true);
  });
});

describe('the verify page (spec sections 4 and 9: it polls every second)', () => {
  it('checks once a second on a fake clock: not before the second is up, then once a second', async () => {
    // Only the interval is faked: renders, promises and Testing Library's waits keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    setSignedInUser({ email_verified: false });
    fetchUserAttributes.mockReset();
    let answered = 0;
    fetchUserAttributes.mockImplementation(async () => {
      answered++;
      return { email_verified: 'false' };
    });
    renderPage(<VerifyEmailPage />, { path: '/verify-email' });
    expect(await screen.findByText(/founder@/)).toBeTruthy();

    /** Moves the fake clock on, then lets every check it started answer. */
    const advance = async (ms: number) => {
      await act(async () => {
        vi.advanceTimersByTime(ms);
      });
      await waitFor(() => expect(answered).toBe(fetchUserAttributes.mock.calls.length));
      // The check's `finally` runs after its answer: one more turn of the event loop.
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    };

    await advance(999);
    expect(fetchUserAttributes).not.toHaveBeenCalled();
    await advance(1);
    await waitFor(() => expect(fetchUserAttributes).toHaveBeenCalledTimes(1));
    await advance(999);
    expect(fetchUserAttributes).toHaveBeenCalledTimes(1);
    await advance(1);
    await waitFor(() => expect(fetchUserAttributes).toHaveBeenCalledTimes(2));
    for (let second = 3; second <= 5; second++) {
      await advance(1000);
      await waitFor(() => expect(fetchUserAttributes).toHaveBeenCalledTimes(second));
    }
    // Still waiting on the page: nothing was verified.
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeTruthy();
  });
});

const METADATA = {
  id: 'meta_1',
  stageFocus: ['seed'],
  sectorFocus: ['ai', 'fintech', 'fintech (payments, lending)'],
  stageFocusWeighted: [],
  sectorFocusWeighted: [],
  totalInvestors: 10,
  totalInvestorsWithEmail: 5,
  totalInvestorsWithPhone: 1,
  totalInvestorsWithLinkedIn: 4,
  totalInvestorsWithTwitter: 2,
  totalInvestorsWithCrunchbase: 1,
  countsByRole: { vc: 10 },
  createdAt: '2024-03-07T10:00:00.000Z',
};

function curationJob(overrides: Partial<CurationJob>): CurationJob {
  return {
    id: 'cur_9',
    status: 'running',
    action: 'remove',
    field: 'sectorFocus',
    values: ['ai'],
    // A removal writes no final value.
    finalValue: '',
    total: 4,
    processed: 0,
    updated: 0,
    startedAt: '2026-11-25T10:00:00.000Z',
    finishedAt: null,
    failureReason: null,
    ...overrides,
  };
}

/** The field merger's API: the metadata and rules reads, and `respond` for the run and its job. */
function stubMergerApi(respond: (method: string, url: string) => { status?: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    answerFetch((url, init) => {
      if (url === '/api/directory/metadata') return { body: { data: METADATA } };
      if (url === '/api/admin/curation-rules' && (init?.method ?? 'GET') === 'GET')
        return { body: { data: { rules: [] } } };
      return respond(init?.method ?? 'GET', url);
    }),
  );
}

describe('the field merger (spec section 8: its toasts)', () => {
  beforeEach(() => setSignedInUser(ADMIN_CLAIMS));

  it("says 'Successfully removed values' once a removal has run, and the value leaves the list", async () => {
    const run = curationJob({});
    stubMergerApi((method) =>
      method === 'POST'
        ? { status: 202, body: { data: { job: run, rules: 1 } } }
        : {
            body: {
              data: {
                job: { ...run, status: 'succeeded', processed: 4, updated: 4, finishedAt: run.startedAt },
              },
            },
          },
    );
    const user = userEvent.setup();
    renderPage(<FieldMerger />, { path: '/admin' });
    await user.click(await screen.findByRole('checkbox', { name: 'ai' }));
    await user.click(screen.getByRole('button', { name: 'Remove Values' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove values' }),
    );
    expect(await screen.findByText(messages.removedValues)).toBeTruthy();
    expect(messages.removedValues).toBe('Successfully removed values');
    expect(screen.queryByRole('checkbox', { name: 'ai' })).toBeNull();
  });

  it("says 'Failed to split value' with the reason when a split is refused", async () => {
    stubMergerApi(() => ({ status: 500, body: { error: { code: 'internal', message: 'Boom' } } }));
    const user = userEvent.setup();
    renderPage(<FieldMerger />, { path: '/admin' });
    await user.click(await screen.findByRole('checkbox', { name: 'fintech (payments, lending)' }));
    await user.type(screen.getByLabelText('Final value'), 'fintech, payments, lending');
    await user.click(screen.getByRole('button', { name: 'Split Value' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Split value' }));
    expect(await screen.findByText('Failed to split value: Boom')).toBeTruthy();
    // Nothing changed: the value is still there to split again.
    expect(screen.getByRole('checkbox', { name: 'fintech (payments, lending)' })).toBeTruthy();
  });

  it("says 'Failed to split value' with the reason when a split run fails on the server", async () => {
    const run = curationJob({
      action: 'split',
      values: ['fintech (payments, lending)'],
      finalValue: 'fintech, payments, lending',
    });
    stubMergerApi((method) =>
      method === 'POST'
        ? { status: 202, body: { data: { job: run, rules: 1 } } }
        : {
            body: {
              data: {
                job: { ...run, status: 'failed', failureReason: 'The table refused the change.' },
              },
            },
          },
    );
    const user = userEvent.setup();
    renderPage(<FieldMerger />, { path: '/admin' });
    await user.click(await screen.findByRole('checkbox', { name: 'fintech (payments, lending)' }));
    await user.type(screen.getByLabelText('Final value'), 'fintech, payments, lending');
    await user.click(screen.getByRole('button', { name: 'Split Value' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Split value' }));
    expect(await screen.findByText('Failed to split value: The table refused the change.')).toBeTruthy();
  });
});

describe('the project page (spec section 8: its page errors)', () => {
  beforeEach(() => setSignedInUser({}));

  it("says 'Project ID is missing' when it is shown without a project id", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url) => {
        calls.push(url);
        return { body: { data: {} } };
      }),
    );
    renderPage(<ProjectPage />, { path: '/project' });
    expect(await screen.findByText(messages.projectIdMissing)).toBeTruthy();
    expect(messages.projectIdMissing).toBe('Project ID is missing');
    expect(calls.filter((url) => url.includes('/projects'))).toEqual([]);
  });

  it("says 'Project data is unavailable.' when the answer carries no project", async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch((url) =>
        url.includes('/projects/prj_1') ? { body: { data: null } } : { body: { data: {} } },
      ),
    );
    renderPage(<ProjectPage />, { path: '/project/:projectId', route: '/project/prj_1' });
    expect(await screen.findByText(messages.projectDataUnavailable)).toBeTruthy();
    expect(messages.projectDataUnavailable).toBe('Project data is unavailable.');
    expect(screen.queryByText(messages.failedToLoadProject)).toBeNull();
  });

  it("still says 'Failed to load project details' when the project cannot be read", async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ status: 503, body: { error: { code: 'unavailable', message: 'Down' } } })),
    );
    renderPage(<ProjectPage />, { path: '/project/:projectId', route: '/project/prj_1' });
    expect(await screen.findByText(messages.failedToLoadProject)).toBeTruthy();
    expect(screen.queryByText(messages.projectDataUnavailable)).toBeNull();
  });
});

describe('the project page (spec section 2: what it shows)', () => {
  const PROJECT: ProjectView = {
    id: 'prj_1',
    creatorUserId: 'user-1',
    name: 'Acme Rockets',
    description: 'Reusable rockets for small satellites.',
    createdAt: '2026-03-07T10:00:00.000Z',
    updatedAt: '2026-03-08T15:30:00.000Z',
    startupStatus: ['Raising', 'ExitAcquired', ' '],
    sectors: ['space', 'ai', ''],
    stripeConnectCode: null,
    stripeConnectScope: null,
    stripeConnectTimestamp: null,
    raise: null,
    paymentConnection: { state: 'not-connected', connectedAt: null },
  };

  it('shows the name, description, status tags in words, sectors, created and last updated; Delete asks first', async () => {
    setSignedInUser({});
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        return url.endsWith('/projects/prj_1') ? { body: { data: PROJECT } } : { body: { data: {} } };
      }),
    );
    const user = userEvent.setup();
    renderPage(<ProjectPage />, { path: '/project/:projectId', route: '/project/prj_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Rockets' })).toBeTruthy();
    expect(screen.getByText('Reusable rockets for small satellites.')).toBeTruthy();
    const tags = (name: string) =>
      within(screen.getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    // The spec's display words for the stored values; blank tags are not shown.
    expect(tags('Status')).toEqual(['Raising Funds', 'Exit: Acquired']);
    expect(tags('Sectors')).toEqual(['Space', 'AI']);
    expect(
      screen.getByText(
        `Created ${showDate(PROJECT.createdAt)} · Last updated ${showDateTime(PROJECT.updatedAt)}`,
      ),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete Project' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(deleteProjectConfirm('Acme Rockets'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);
  });
});

describe('/about (spec section 2: Login and Register when logged out)', () => {
  it('offers a visitor Register, leading to /register, beside Login', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ body: { data: null } })),
    );
    const user = userEvent.setup();
    renderAt('/about');
    const main = await screen.findByRole('main');
    const register = await within(main).findByRole('link', { name: 'Register' });
    expect(register.getAttribute('href')).toBe('/register');
    expect(within(main).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(within(main).queryByRole('link', { name: 'Home' })).toBeNull();
    await user.click(register);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/register'));
  });
});

describe('login and register when logged in (spec section 4: they go to /home)', () => {
  it.each(['/login', '/register'])('sends a logged-in founder from %s to /home', async (path) => {
    setSignedInUser({});
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ body: { data: null } })),
    );
    renderAt(path);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
    expect(screen.queryByRole('button', { name: path === '/login' ? 'Login' : 'Register' })).toBeNull();
  });
});

const ME = {
  userId: 'user-1',
  email: 'founder@example.com',
  name: null,
  verifiedEmail: true,
  type: null,
  projects: [],
  createdAt: '2026-01-02T10:00:00.000Z',
  isAdmin: false,
};

describe('/account (spec section 2: a route beside /account/settings)', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      answerFetch((url) => {
        const path = new URL(url, 'http://localhost').pathname.replace(/^.*\/api/, '');
        const answers: Record<string, unknown> = {
          '/me': ME,
          '/me/contacts': { contacts: [] },
          '/me/credits': { balance: 0, entries: [] },
          '/projects': { projects: [] },
          '/me/update-emails': { ...ME, updateEmails: false },
          '/me/saved-searches': { savedSearches: [], max: 20, alerts: true },
        };
        return path in answers
          ? { body: { data: answers[path] } }
          : { status: 404, body: { error: { code: 'not-found', message: 'Not found' } } };
      }),
    );
  });

  it('shows a signed-in founder the account page at /account, as at /account/settings', async () => {
    setSignedInUser({});
    renderAt('/account');
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
    expect(await screen.findByText(messages.noProjects)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/account');
    expect(screen.queryByText(/Page Not Found/)).toBeNull();
  });

  it('sends a visitor from /account to /login', async () => {
    renderAt('/account');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
  });
});

describe("the CSV importer (spec section 4: the import's reset)", () => {
  beforeEach(() => setSignedInUser(ADMIN_CLAIMS));

  it("offers 'Import another file' once an import is complete, and it starts again from choosing a file", async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        const method = init?.method ?? 'GET';
        if (url === '/api/admin/imports' && method === 'GET') return { body: { data: { jobs: [] } } };
        if (method === 'POST' && url === '/api/admin/imports')
          return {
            status: 201,
            body: { data: { job: importJob(), uploadUrl: 'https://uploads.example/put' } },
          };
        if (method === 'PUT') return { body: {} };
        if (url.endsWith('/start')) return { body: { data: { job: importJob({ status: 'running' }) } } };
        return {
          body: {
            data: {
              job: importJob({ status: 'succeeded', totalRows: 3, processedRows: 3, importedRows: 3 }),
            },
          },
        };
      }),
    );
    const user = userEvent.setup();
    renderPage(<CsvImporter />, { path: '/admin' });
    const first = csvText(['Investor Name', 'Email'], 3, (row, column) =>
      column === 0 ? `Investor ${row}` : `investor${row}@example.com`,
    );
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File([first], 'first.csv', { type: 'text/csv' }),
    );
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Source name'), 'Seed list');
    await user.type(screen.getByLabelText('Source URL'), 'https://example.com/list');
    await user.click(screen.getByRole('button', { name: 'Preview & Import' }));
    await user.click(await screen.findByRole('button', { name: 'Looks good; import!' }));
    expect(await screen.findByText(messages.importComplete)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    await waitFor(() => expect(screen.queryByText(messages.importComplete)).toBeNull());
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import another file' })).toBeNull();

    // The next file is read afresh, with its own columns.
    const second = csvText(['Partner Name', 'Stage Focus'], 2, (row, column) =>
      column === 0 ? `Partner ${row}` : 'Seed',
    );
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File([second], 'second.csv', { type: 'text/csv' }),
    );
    await screen.findByRole('table');
    expect((screen.getByLabelText('Header of column 1') as HTMLInputElement).value).toBe('Partner Name');
    expect(screen.queryByLabelText('Header of column 3')).toBeNull();
  });
});

describe('the export builder (spec section 2: a summary with the item count)', () => {
  it('counts the investors in the cart, and the count follows a removal', async () => {
    window.localStorage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cartOf(7)));
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ body: { data: { investorIds: [] } } })),
    );
    const user = userEvent.setup();
    renderPage(<ExportBuilderPage />, { path: '/cart' });
    const summary = (await screen.findByRole('heading', { name: 'Summary' })).closest('.card') as HTMLElement;
    const summaryValue = (label: string) =>
      within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(summaryValue('Investors')).toBe('7');
    const selected = within(screen.getByRole('list', { name: 'Selected' })).getAllByRole('button').length;
    expect(summaryValue('Fields selected')).toBe(`${selected} of ${EXPORT_COLUMN_KEYS.length}`);

    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: /^Remove/ }));
    await waitFor(() => expect(summaryValue('Investors')).toBe('6'));
  });
});

describe('the purchase page (spec section 2: the post-purchase information)', () => {
  it('says before paying that the CSV is emailed and the contacts appear later in the library', async () => {
    setSignedInUser({ email: 'ada@example.com' });
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ body: { data: cartView() } })),
    );
    renderPage(<CartPurchasePage />, { path: '/cart/:cartId', route: `/cart/${CART_ID}` });
    const after = (await screen.findByRole('heading', { name: 'After your purchase' }))
      .nextElementSibling as HTMLElement;
    const [emailed, library] = within(after).getAllByRole('listitem');
    expect(emailed?.textContent).toBe('The contact list is emailed to you as a CSV file at ada@example.com.');
    expect(library?.textContent).toBe(
      'The contacts appear later in the Contact Library of your account settings.',
    );
    expect(
      within(library as HTMLElement)
        .getByRole('link', { name: 'account settings' })
        .getAttribute('href'),
    ).toBe('/account/settings');
  });
});
