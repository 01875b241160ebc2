// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PodcastView } from '../../../shared/api/podcasts';
import type { ProjectView } from '../../../shared/api/projects';
import { BRAND, messages } from '../../../shared/messages';
import { AppRoutes } from '../../../web/app/app-router';
import { AppProviders } from '../../../web/app/providers';
import { LOGIN_FIELDS_REQUIRED, REGISTER_FIELDS_REQUIRED } from '../../../web/auth/auth-errors';
import { setPendingSignUp } from '../../../web/auth/pending-sign-up';
import { FIRST_STEP_TITLE } from '../../../web/components/first-step';
import { initRuntimeConfig } from '../../../web/config/runtime-config';
import { resetExportCartStore } from '../../../web/stores/export-cart';
import { confirmSignUp, setSignedInUser, signIn, signOut } from './support/amplify-auth-mock';
import { cartOf } from './support/investors';
import { answerFetch, TEST_RUNTIME_CONFIG } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

// Whole routes load their chunk and the session first: on a busy machine that takes more than 1 s.
configure({ asyncUtilTimeout: 10_000 });

/**
 * The spec's behaviours that had no test (issue 32), each through the app's real routes and layouts
 * (web/app/router.tsx), as a browser at that address would render them.
 */

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(path: string, state?: unknown) {
  initRuntimeConfig(TEST_RUNTIME_CONFIG);
  resetExportCartStore();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </AppProviders>,
  );
}

const where = () => screen.getByTestId('where').textContent;

const PROJECT: ProjectView = {
  id: 'prj_1',
  creatorUserId: 'user-1',
  name: 'Acme Rockets',
  description: 'Reusable rockets for small satellites.',
  createdAt: '2026-03-07T10:00:00.000Z',
  updatedAt: '2026-03-08T10:00:00.000Z',
  startupStatus: ['Building'],
  sectors: ['space'],
  stripeConnectCode: null,
  stripeConnectScope: null,
  stripeConnectTimestamp: null,
  raise: null,
  paymentConnection: { state: 'not-connected', connectedAt: null },
};

const PODCAST: PodcastView = {
  id: 'pod_1',
  title: 'Founder Stories',
  description: null,
  imageUrl: null,
  url: 'https://example.com/pod',
  participants: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  voteCount: 2,
};

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  setSignedInUser(null);
  signIn.mockReset();
  signOut.mockClear();
  vi.stubGlobal(
    'fetch',
    answerFetch((url) => {
      if (url.includes('/podcasts/my-votes')) return { body: { data: { podcastIds: [] } } };
      if (url.includes('/podcasts/mine')) return { body: { data: { podcastIds: [] } } };
      if (url.includes('/podcasts')) return { body: { data: { podcasts: [PODCAST], cursor: null } } };
      if (url.includes('/me/contacts')) return { body: { data: { contacts: [] } } };
      if (url.includes('/directory/metadata')) return { body: { data: null } };
      if (url.includes('/directory/role-counts')) return { body: { data: { counts: {} } } };
      return { body: { data: {} } };
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/about (spec section 2)', () => {
  it('offers Home to a logged-in user, not Login and Register', async () => {
    setSignedInUser({});
    renderAt('/about');
    const home = await screen.findByRole('link', { name: 'Home' });
    expect(home.getAttribute('href')).toBe('/home');
    expect(screen.getByText(messages.aboutTagline)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('says what the product is, where its data comes from, how it stays fresh, with pricing and privacy', async () => {
    renderAt('/about');
    // Signed out: the page's own Login, beside the navbar's.
    expect(await within(await screen.findByRole('main')).findByRole('link', { name: 'Login' })).toBeTruthy();
    for (const section of [
      'What it is',
      'Where the data comes from',
      'How it is kept fresh',
      'What it costs',
      'Your data',
    ])
      expect(screen.getByRole('heading', { name: section })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'See the prices' }).getAttribute('href')).toBe('/pricing');
    expect(within(main).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(main.textContent).toContain('$5.00 for up to 50 contacts');
  });
});

describe('/logout and the unverified (spec sections 2 and 4)', () => {
  it('signs out, then goes to /', async () => {
    setSignedInUser({});
    renderAt('/logout');
    await waitFor(() => expect(where()).toBe('/'));
    expect(signOut).toHaveBeenCalled();
    expect(await screen.findByText(BRAND, { selector: 'h1' })).toBeTruthy();
  });

  it('sends an unverified user from the main site to /verify-email', async () => {
    setSignedInUser({ email_verified: false });
    renderAt('/home');
    await waitFor(() => expect(where()).toBe('/verify-email'));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
  });

  it("says 'You are not logged in.' to a visitor on /verify-email, on the login page", async () => {
    renderAt('/verify-email');
    await waitFor(() => expect(where()).toBe('/login'));
    expect(await screen.findByText(messages.notLoggedIn)).toBeTruthy();
  });
});

describe('an admin claim that cannot be read (spec section 4)', () => {
  it('counts as not admin: logged, no Admin link, and /admin shows its loading message then goes to /', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      setSignedInUser({ 'cognito:groups': 42 as unknown as string[] });
      renderAt('/admin');
      await waitFor(() => expect(where()).toBe('/'));
      expect(logged.mock.calls.some(([text]) => String(text).includes('admin claim'))).toBe(true);
      renderAt('/home');
      expect(await screen.findByRole('link', { name: 'Logout' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    } finally {
      logged.mockRestore();
    }
  });
});

describe('empty login and register forms (spec section 5)', () => {
  it('asks for the email and password on the login form, without calling Cognito', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText(LOGIN_FIELDS_REQUIRED)).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('asks for the email, password and confirmation on the register form', async () => {
    const user = userEvent.setup();
    renderAt('/register');
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText(REGISTER_FIELDS_REQUIRED)).toBeTruthy();
  });

  it("never shows 'User not found': an unknown email gets the credentials message", async () => {
    const error = new Error('User does not exist.');
    error.name = 'UserNotFoundException';
    signIn.mockRejectedValue(error);
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.type(screen.getByLabelText('Password'), 'some-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.invalidEmailOrPassword)).toBeTruthy();
    expect(screen.queryByText(messages.userNotFound)).toBeNull();
    expect(document.body.textContent).not.toMatch(/user not found|does not exist/i);
  });
});

describe('podcast votes (spec sections 4 and 8)', () => {
  it('tells a visitor they must be logged in to upvote, and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt('/podcasts');
    await user.click(await screen.findByRole('button', { name: /^Upvote Founder Stories/ }));
    expect(await screen.findByText(messages.loginToUpvote)).toBeTruthy();
  });

  it("says 'Something went wrong.' when a vote fails", async () => {
    setSignedInUser({});
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        if (url.endsWith('/vote') && init?.method === 'POST')
          return { status: 500, body: { error: { code: 'internal', message: 'internal' } } };
        if (url.includes('/podcasts/my-votes') || url.includes('/podcasts/mine'))
          return { body: { data: { podcastIds: [] } } };
        return { body: { data: { podcasts: [PODCAST], cursor: null } } };
      }),
    );
    const user = userEvent.setup();
    renderAt('/podcasts');
    await user.click(await screen.findByRole('button', { name: /^Upvote Founder Stories/ }));
    expect(await screen.findByText(messages.somethingWentWrong)).toBeTruthy();
    expect(screen.queryByText(messages.upvoted)).toBeNull();
  });
});

describe("a visitor's export cart (spec sections 2 and 6)", () => {
  it("offers 'Login to Purchase', which leads to the login and back to the cart", async () => {
    window.localStorage.setItem('exportCart', JSON.stringify(cartOf(2)));
    const user = userEvent.setup();
    renderAt('/cart');
    const login = await screen.findByRole('link', { name: 'Login to Purchase' });
    expect(screen.queryByRole('button', { name: 'Save Cart & Purchase' })).toBeNull();
    await user.click(login);
    await waitFor(() => expect(where()).toBe('/login'));
  });
});

describe('the project page (spec section 8)', () => {
  it("says 'Failed to load project details' when the project cannot be read", async () => {
    setSignedInUser({});
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ status: 500, body: { error: { code: 'internal', message: 'internal' } } })),
    );
    renderAt('/project/prj_1');
    expect(await screen.findByText(messages.failedToLoadProject)).toBeTruthy();
  });

  it("says 'Failed to save project. Please try again.' in the Edit Project dialog when the save fails", async () => {
    setSignedInUser({});
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) =>
        init?.method === 'PATCH'
          ? { status: 500, body: { error: { code: 'internal', message: 'internal' } } }
          : url.includes('/projects/prj_1')
            ? { body: { data: PROJECT } }
            : { body: { data: {} } },
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt('/project/prj_1');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: messages.editProjectTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.failedToSaveProject)).toBeTruthy();
  });
});

describe('page titles (spec section 9: the brand as a suffix)', () => {
  it.each([
    ['/', BRAND],
    ['/about', `About | ${BRAND}`],
    ['/pricing', `Pricing | ${BRAND}`],
    ['/login', `Login | ${BRAND}`],
    ['/register', `Register | ${BRAND}`],
    ['/home', `VC Database | ${BRAND}`],
    ['/podcasts', `Podcasts | ${BRAND}`],
    ['/cart', `Export Cart | ${BRAND}`],
    ['/no/such/page', `Page Not Found | ${BRAND}`],
  ])('titles %s "%s"', async (path, title) => {
    document.title = '';
    renderAt(path);
    await waitFor(() => expect(document.title).toBe(title));
    expect(document.title.endsWith(BRAND)).toBe(true);
  });
});

describe('the first step after verifying (issue 32)', () => {
  it('offers to search investors or create a project once the code is accepted, instead of nothing', async () => {
    setPendingSignUp('new@example.com', 'new-pass-1');
    confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    signIn.mockImplementation(async () => {
      setSignedInUser({ email: 'new@example.com' });
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    const user = userEvent.setup();
    renderAt('/verify-email');
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));

    await waitFor(() => expect(where()).toBe('/home'));
    const panel = await screen.findByRole('region', { name: FIRST_STEP_TITLE });
    expect(within(panel).getByRole('link', { name: 'Search investors' }).getAttribute('href')).toBe(
      '/investors/search',
    );
    expect(within(panel).getByRole('link', { name: 'Create your project' }).getAttribute('href')).toBe(
      '/account/settings#new-project',
    );
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: FIRST_STEP_TITLE })).toBeNull();
  });

  it('is not shown to someone who merely opens /home signed in', async () => {
    setSignedInUser({});
    renderAt('/home');
    expect(await screen.findByRole('heading', { name: 'VC Database' })).toBeTruthy();
    expect(screen.queryByText(FIRST_STEP_TITLE)).toBeNull();
  });
});
