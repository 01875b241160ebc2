// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartInvestor } from '../../../shared/cart/cart';
import { messages } from '../../../shared/messages';
import { AppNavbar } from '../../../web/components/layout/app-navbar';
import { ExportBuilderPage, LOADING_CART } from '../../../web/pages/export-builder/export-builder-page';
import { InvestorSearchPage } from '../../../web/pages/investor-search/investor-search-page';
import { LoginPage } from '../../../web/pages/login/login-page';
import { EXPORT_CART_STORAGE_KEY, PENDING_ADD_STORAGE_KEY } from '../../../web/stores/export-cart';
import { loginToAddNotice } from '../../../web/stores/use-add-to-cart';
import { holdNextSessionRead, setSignedInUser, signIn } from './support/amplify-auth-mock';
import { cartOf, investor } from './support/investors';
import { answerFetch, renderRoutes } from './support/render';
import { WorkingCartServer } from './support/working-cart-server';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const ADA = investor(1, { name: 'Ada Abernook' });
const RESULTS = [ADA, investor(2)];
const DIRECTORY = new Map<string, CartInvestor>(
  [...RESULTS, ...cartOf(3).items.map((i) => i.searchableInvestorEntry)].map((card) => [card.id, card]),
);
let server: WorkingCartServer;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  signIn.mockReset();
  server = new WorkingCartServer(DIRECTORY);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const reply = await server.answer(String(input), init);
    if (reply) return answerFetch(() => reply)(input, init);
    const url = String(input);
    if (url.includes('/me/contacts'))
      return answerFetch(() => ({ body: { data: { contacts: [] } } }))(input, init);
    return answerFetch(() => ({ body: { data: { items: RESULTS, total: 2, cursor: null } } }))(input, init);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SEARCH = '/investors/search?stageFocus=seed';
const searchPage = {
  path: '/investors/search',
  element: (
    <>
      <AppNavbar />
      <InvestorSearchPage />
    </>
  ),
};
const pages = [searchPage, { path: '/login', element: <LoginPage /> }];

async function cardOf(name: string) {
  const card = (await screen.findByRole('heading', { name })).closest('article');
  if (!card) throw new Error(`No card for ${name}`);
  return card as HTMLElement;
}

describe('an add made while signed out (issue 32)', () => {
  it('is kept through the login and completed on the way back: the investor is in the cart, on the server', async () => {
    setSignedInUser(null);
    const user = userEvent.setup();
    renderRoutes(pages, SEARCH);

    await user.click(
      within(await cardOf('Ada Abernook')).getByRole('button', { name: 'Add to Export Cart' }),
    );

    // The login page says why, in the spec's words, and what will happen: no red error, nothing lost.
    const notice = await screen.findByText(loginToAddNotice('Ada Abernook'));
    expect(notice.textContent).toContain(messages.loginToAddToCart);
    expect(notice.className).toContain('alert-info');
    expect(screen.queryByRole('alert')).toBeNull();

    signIn.mockImplementation(async () => {
      setSignedInUser({ sub: 'user-1' });
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    await user.type(screen.getByLabelText('Email'), 'founder@example.com');
    await user.type(screen.getByLabelText('Password'), 'founder-local-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    // Back on the search, the add is done: a toast, the card, the navbar's count, and the account's cart.
    expect(await screen.findByText('Ada Abernook added to your export cart')).toBeTruthy();
    const card = await cardOf('Ada Abernook');
    await waitFor(() => expect(within(card).getByText('In cart')).toBeTruthy());
    expect(server.investorIds).toEqual(['inv_1']);
    expect(window.sessionStorage.getItem(PENDING_ADD_STORAGE_KEY)).toBeNull();
    expect(screen.getAllByText('1 in cart · $5.00 tier (up to 50)').length).toBeGreaterThan(0);
  });

  it('waits for the session when Add is clicked while it is read: a signed-in founder is not sent to log in', async () => {
    server.investorIds = ['inv_2'];
    server.version = 1;
    setSignedInUser({ sub: 'user-1' });
    const releaseSession = holdNextSessionRead();
    const loginVisits: string[] = [];
    function LoginVisited() {
      loginVisits.push('login');
      return <LoginPage />;
    }
    const user = userEvent.setup();
    renderRoutes([searchPage, { path: '/login', element: <LoginVisited /> }], SEARCH);

    // The results come before the session is read (a slow Amplify load): the founder clicks at once.
    await user.click(
      within(await cardOf('Ada Abernook')).getByRole('button', { name: 'Add to Export Cart' }),
    );
    releaseSession();

    expect(await screen.findByText('Ada Abernook added to your export cart')).toBeTruthy();
    await waitFor(() => expect(server.investorIds).toEqual(['inv_2', 'inv_1']));
    expect(loginVisits).toEqual([]);
    expect(window.sessionStorage.getItem(PENDING_ADD_STORAGE_KEY)).toBeNull();
  });

  it('takes a visitor whose click came while the session was read to log in once it is read, the add kept', async () => {
    setSignedInUser(null);
    const releaseSession = holdNextSessionRead();
    const user = userEvent.setup();
    renderRoutes(pages, SEARCH);

    await user.click(
      within(await cardOf('Ada Abernook')).getByRole('button', { name: 'Add to Export Cart' }),
    );
    expect(screen.queryByText(loginToAddNotice('Ada Abernook'))).toBeNull();
    releaseSession();

    expect(await screen.findByText(loginToAddNotice('Ada Abernook'))).toBeTruthy();
    expect(window.sessionStorage.getItem(PENDING_ADD_STORAGE_KEY)).toContain('inv_1');
  });

  it("merges this browser's cart into the account's at sign-in, says so, and keeps adding to the account's", async () => {
    window.localStorage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cartOf(3)));
    server.investorIds = ['inv_2'];
    server.version = 1;
    setSignedInUser({ sub: 'user-1' });
    const user = userEvent.setup();
    renderRoutes(pages, SEARCH);

    expect(
      await screen.findByText("3 investors from this browser's cart are now in your account's cart."),
    ).toBeTruthy();
    expect(server.investorIds).toEqual(['inv_2', 'inv_1', 'inv_3']);
    expect(window.localStorage.getItem(EXPORT_CART_STORAGE_KEY)).toBeNull();

    // inv_1 is in the cart already; the next add goes to the account's cart with the version read.
    const card = await cardOf('Investor 02');
    expect(within(card).getByText('In cart')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: /Remove from cart/ }));
    await waitFor(() => expect(server.investorIds).toEqual(['inv_1', 'inv_3']));
  });

  it("shows 'Loading your cart...' while the session is read, and never paints this browser's empty cart for a founder", async () => {
    server.investorIds = ['inv_2'];
    server.version = 1;
    setSignedInUser({ sub: 'user-1' });
    const releaseSession = holdNextSessionRead();
    // What the page shows between tasks (what a browser would paint), from the first render on.
    const painted: string[] = [];
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes(messages.noInvestorsInCart)) painted.push('empty cart');
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    try {
      renderRoutes([{ path: '/cart', element: <ExportBuilderPage /> }], '/cart');
      expect(await screen.findByText(LOADING_CART)).toBeTruthy();
      releaseSession();
      expect(await screen.findByRole('button', { name: 'Save Cart & Purchase' })).toBeTruthy();
      expect(screen.getByRole('table').textContent).toContain('Investor 02');
    } finally {
      observer.disconnect();
    }
    expect(painted).toEqual([]);
  });

  it("shows 'Loading your cart...' until the account's cart is read, never a false 'No investors in cart.'", async () => {
    server.investorIds = ['inv_2'];
    server.version = 1;
    let release: () => void = () => undefined;
    server.hold = new Promise((resolve) => {
      release = resolve;
    });
    setSignedInUser({ sub: 'user-1' });
    renderRoutes([{ path: '/cart', element: <ExportBuilderPage /> }], '/cart');
    expect(await screen.findByText(LOADING_CART)).toBeTruthy();
    expect(screen.queryByText(messages.noInvestorsInCart)).toBeNull();
    release();
    expect(await screen.findByRole('button', { name: 'Save Cart & Purchase' })).toBeTruthy();
    expect(screen.getByRole('table').textContent).toContain('Investor 02');
  });
});
