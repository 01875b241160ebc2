// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import {
  AppNavbar,
  CART_WINDOW,
  LIBRARY_HREF,
  NEW_PROJECT_HREF,
  PROJECTS_HREF,
  READING_SESSION,
} from '../../../web/components/layout/app-navbar';
import { SplashPage } from '../../../web/pages/splash/splash-page';
import { withBreaks } from '../../../web/pages/verify-email/verify-email-page';
import { EXPORT_CART_STORAGE_KEY } from '../../../web/stores/export-cart';
import { holdNextSessionRead, setSignedInUser } from './support/amplify-auth-mock';
import { cartOf } from './support/investors';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** `GET /projects` answers these projects; anything else the navbar asks is not found. */
function answerProjects(projects: { id: string; name: string }[]) {
  vi.stubGlobal(
    'fetch',
    answerFetch((url) =>
      new URL(url, 'http://localhost').pathname.endsWith('/projects')
        ? { body: { data: { projects: projects.map((p) => ({ ...PROJECT, ...p })) } } }
        : { status: 404, body: { error: { message: 'Not found' } } },
    ),
  );
}

const PROJECT = {
  creatorUserId: 'user-1',
  description: 'Reusable rockets.',
  createdAt: '2026-03-07T10:00:00.000Z',
  updatedAt: '2026-03-08T10:00:00.000Z',
  startupStatus: [],
  sectors: [],
  stripeConnectCode: null,
  stripeConnectScope: null,
  stripeConnectTimestamp: null,
  raise: null,
  paymentConnection: { state: 'not-connected', connectedAt: null },
};

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const linkNames = async () => {
  await within(nav()).findAllByRole('link');
  return within(nav())
    .getAllByRole('link')
    .map((link) => link.textContent?.trim());
};

describe('the navbar', () => {
  it('offers Login and Register to a visitor, and a Cart that reuses one tab', async () => {
    setSignedInUser(null);
    renderPage(<AppNavbar />);
    expect(await within(nav()).findByRole('link', { name: 'Register' })).toBeTruthy();
    expect(await linkNames()).toEqual(
      expect.arrayContaining(['VC Database', 'Podcasts', 'Feedback', 'Login', 'Register']),
    );
    const carts = within(nav()).getAllByRole('link', { name: /^Cart/ });
    // One for wide screens in the menu, one beside the menu button on a phone: both the same named tab.
    expect(carts).toHaveLength(2);
    for (const cart of carts) {
      expect(cart.getAttribute('target')).toBe(CART_WINDOW);
      expect(cart.getAttribute('href')).toBe('/cart');
    }
  });

  it('shows the cart count, and refuses to open an empty cart with the spec toast', async () => {
    setSignedInUser({});
    window.localStorage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cartOf(3)));
    const { unmount } = renderPage(<AppNavbar />);
    const carts = await within(nav()).findAllByRole('link', { name: /^Cart/ });
    for (const cart of carts) expect(cart.textContent).toBe('Cart3 items (opens in a new tab)');
    unmount();

    window.localStorage.clear();
    renderPage(<AppNavbar />);
    const [cart] = await within(nav()).findAllByRole('link', { name: /^Cart/ });
    await userEvent.setup().click(cart as HTMLElement);
    expect(await screen.findByText(messages.emptyCartToast)).toBeTruthy();
  });

  it('offers a signed-in founder neither Login nor Register while their session is read, then their account', async () => {
    setSignedInUser({});
    const release = holdNextSessionRead();
    renderPage(<AppNavbar />);
    expect(await within(nav()).findByText(READING_SESSION)).toBeTruthy();
    expect(within(nav()).queryByRole('link', { name: 'Login' })).toBeNull();
    expect(within(nav()).queryByRole('link', { name: 'Register' })).toBeNull();
    release();
    expect(await within(nav()).findByRole('link', { name: /founder@example\.com/ })).toBeTruthy();
    expect(within(nav()).queryByText(READING_SESSION)).toBeNull();
  });

  it('shows a signed-in founder their email and Logout, and an admin Admin', async () => {
    setSignedInUser({ 'cognito:groups': ['admin'] } as never);
    renderPage(<AppNavbar />);
    expect(await within(nav()).findByRole('link', { name: /founder@example\.com/ })).toBeTruthy();
    const names = await linkNames();
    expect(names).toEqual(expect.arrayContaining(['Admin', 'Logout']));
    expect(names).not.toContain('Login');
  });

  it('shows a signed-in founder whose email is not verified Verify email and Logout, not Login or Register', async () => {
    setSignedInUser({ email_verified: false });
    renderPage(<AppNavbar />);
    expect(await within(nav()).findByRole('link', { name: 'Verify email' })).toBeTruthy();
    const names = await linkNames();
    expect(names).toContain('Logout');
    expect(names).not.toContain('Login');
    expect(names).not.toContain('Register');
  });
});

describe("the navbar's founder items (issue 50)", () => {
  it("gives a signed-in founder Projects, Library and their one project's Pipeline", async () => {
    setSignedInUser({});
    answerProjects([{ id: 'prj_1', name: 'Acme Rockets' }]);
    renderPage(<AppNavbar />);
    await waitFor(() =>
      expect(within(nav()).getByRole('link', { name: 'Pipeline' }).getAttribute('href')).toBe(
        '/projects/prj_1/pipeline',
      ),
    );
    expect(within(nav()).getByRole('link', { name: 'Projects' }).getAttribute('href')).toBe(PROJECTS_HREF);
    expect(within(nav()).getByRole('link', { name: 'Library' }).getAttribute('href')).toBe(LIBRARY_HREF);
    expect(PROJECTS_HREF).toBe('/account/settings#projects');
    expect(LIBRARY_HREF).toBe('/account/settings#library');
  });

  it('leads a founder without a project from Pipeline to creating one', async () => {
    setSignedInUser({});
    answerProjects([]);
    renderPage(<AppNavbar />);
    const pipeline = await within(nav()).findByRole('link', { name: 'Pipeline' });
    expect(pipeline.getAttribute('href')).toBe(NEW_PROJECT_HREF);
  });

  it("lists each project's pipeline when there are several, and folds the list on the way", async () => {
    setSignedInUser({});
    answerProjects([
      { id: 'prj_1', name: 'Acme Rockets' },
      { id: 'prj_2', name: 'Beta Boats' },
    ]);
    const user = userEvent.setup();
    renderPage(<AppNavbar />, { path: '/podcasts' });
    const toggle = await within(nav()).findByRole('button', { name: 'Pipeline' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav()).queryByRole('link', { name: 'Beta Boats' })).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const beta = within(nav()).getByRole('link', { name: 'Beta Boats' });
    expect(beta.getAttribute('href')).toBe('/projects/prj_2/pipeline');
    expect(within(nav()).getByRole('link', { name: 'Acme Rockets' }).getAttribute('href')).toBe(
      '/projects/prj_1/pipeline',
    );
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    await user.click(within(nav()).getByRole('link', { name: 'Beta Boats' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/projects/prj_2/pipeline');
  });

  it('gives a visitor and an investor account none of them', async () => {
    setSignedInUser(null);
    renderPage(<AppNavbar />);
    await within(nav()).findByRole('link', { name: 'Register' });
    for (const name of ['Projects', 'Pipeline', 'Library']) {
      expect(within(nav()).queryByRole('link', { name })).toBeNull();
    }
    cleanup();
    setSignedInUser({ 'cognito:groups': ['investor'] } as never);
    answerProjects([{ id: 'prj_1', name: 'Acme Rockets' }]);
    renderPage(<AppNavbar />);
    await within(nav()).findByRole('link', { name: 'Your investor profile' });
    for (const name of ['Projects', 'Pipeline', 'Library']) {
      expect(within(nav()).queryByRole('link', { name })).toBeNull();
    }
  });
});

describe('the navbar, always', () => {
  it('has the brand link to /home, a Feedback mailto link and a hidden Settings link', async () => {
    setSignedInUser({});
    renderPage(<AppNavbar />);
    expect((await within(nav()).findByRole('link', { name: 'VC Directory' })).getAttribute('href')).toBe(
      '/home',
    );
    expect(within(nav()).getByRole('link', { name: 'VC Database' }).getAttribute('href')).toBe('/find-vc');
    expect(within(nav()).getByRole('link', { name: 'Podcasts' }).getAttribute('href')).toBe('/podcasts');
    expect(within(nav()).getByRole('link', { name: 'Feedback' }).getAttribute('href')).toBe(
      'mailto:feedback@example.com',
    );
    const settings = await within(nav()).findByText('Settings');
    expect(settings.hidden).toBe(true);
    expect(settings.getAttribute('href')).toBe('/account/settings');
  });

  it('collapses when the route changes', async () => {
    setSignedInUser(null);
    const user = userEvent.setup();
    // The route changes from outside the menu (a link in the page, the browser's back button), so
    // that the menu's own links, which also fold it when clicked, do not decide the test.
    function PageWithLink() {
      const navigate = useNavigate();
      return (
        <>
          <AppNavbar />
          <button type="button" onClick={() => navigate('/find-vc')}>
            Elsewhere
          </button>
        </>
      );
    }
    renderPage(<PageWithLink />, { path: '*', route: '/podcasts' });
    const toggle = within(nav()).getByRole('button', { name: 'Toggle navigation' });
    const menu = () => nav().querySelector('#main-navbar') as HTMLElement;
    // Bootstrap's markup: the toggle is 'collapsed' and the menu has no 'show' while folded.
    expect(toggle.classList.contains('collapsed')).toBe(true);
    await user.click(toggle);
    expect(toggle.classList.contains('collapsed')).toBe(false);
    expect(menu().classList.contains('show')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(toggle.classList.contains('collapsed')).toBe(true));
    expect(menu().classList.contains('show')).toBe(false);
  });
});

describe('the splash page', () => {
  it('offers Login and Register to a visitor', async () => {
    setSignedInUser(null);
    renderPage(<SplashPage />);
    expect((await screen.findByRole('link', { name: 'Register' })).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });
});

describe('the verify page', () => {
  it('lets an address wrap only after its @ and before a dot', () => {
    const { container } = render(<p>{withBreaks('ada.lovelace@example.co.uk')}</p>);
    expect(container.textContent).toBe('ada.lovelace@example.co.uk');
    expect(container.innerHTML).toBe('<p>ada<wbr>.lovelace@<wbr>example<wbr>.co<wbr>.uk</p>');
  });
});
