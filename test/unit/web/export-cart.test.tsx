// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MASKED_VALUE } from '../../../shared/cart/export';
import { ALREADY_BOUGHT } from '../../../shared/cart/purchase-state';
import { messages, REMOVE_FROM_CART, removedFromCart } from '../../../shared/messages';
import {
  alreadyBoughtInCart,
  CART_AT_CHECKOUT,
  ExportBuilderPage,
  noContactsMissing,
} from '../../../web/pages/export-builder/export-builder-page';
import { InvestorSearchPage } from '../../../web/pages/investor-search/investor-search-page';
import { VERIFY_TO_ADD } from '../../../web/stores/cart-refusal';
import { EXPORT_CART_STORAGE_KEY, PENDING_ADD_STORAGE_KEY } from '../../../web/stores/export-cart';
import { verifyToAddNotice } from '../../../web/stores/use-add-to-cart';
import { setSignedInUser } from './support/amplify-auth-mock';
import { CART_ID, cartView } from './support/carts';
import { cartOf, investor } from './support/investors';
import { answerFetch, renderPage, renderRoutes } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

function storedCart() {
  const raw = window.localStorage.getItem(EXPORT_CART_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

/** The founder's working cart as GET /me/cart answers it: `cartOf(count)`, saved or not. */
function workingCartOf(count: number, { saved }: { saved: boolean }) {
  const cart = cartOf(count);
  return {
    version: 1,
    investorIds: cart.searchableInvestorEntryIds,
    columnOrder: cart.columnOrder,
    cartId: cart.id,
    updatedAt: '2026-11-26T06:42:00.000Z',
    saved,
    items: cart.items.map((item) => ({ id: item.id, card: item.searchableInvestorEntry })),
  };
}

function storeCart(count: number) {
  window.localStorage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cartOf(count)));
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  setSignedInUser({});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('adding from the investor search', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({
        body: {
          data: { items: [investor(1, { name: 'Ada Abernook' }), investor(2)], total: 2, cursor: null },
        },
      })),
    );
  });

  it('keeps the added investor in local storage, shows it in the cart on its card, and takes it out again', async () => {
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, {
      path: '/investors/search',
      route: '/investors/search?stageFocus=seed',
    });

    const card = (await screen.findByRole('heading', { name: 'Ada Abernook' })).closest('article');
    if (!card) throw new Error('No card');
    await user.click(within(card).getByRole('button', { name: 'Add to Export Cart' }));

    await waitFor(() => expect(storedCart()?.searchableInvestorEntryIds).toEqual(['inv_1']));
    expect(storedCart()?.creatorUserId).toBe('user-1');
    // The card says so, and offers the way back instead of a second add.
    expect(within(card).getByText('In cart')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Add to Export Cart' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: `${REMOVE_FROM_CART}: Ada Abernook` }));
    expect(await screen.findByText(removedFromCart('Ada Abernook'))).toBeTruthy();
    await waitFor(() => expect(storedCart()?.searchableInvestorEntryIds ?? []).toEqual([]));
    expect(within(card).getByRole('button', { name: 'Add to Export Cart' })).toBeTruthy();
  });

  it("keeps a visitor's add instead of refusing it, and takes them to log in (issue 32)", async () => {
    setSignedInUser(null);
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, {
      path: '/investors/search',
      route: '/investors/search?stageFocus=seed',
    });

    const card = (await screen.findByRole('heading', { name: 'Ada Abernook' })).closest('article');
    if (!card) throw new Error('No card');
    await user.click(within(card).getByRole('button', { name: 'Add to Export Cart' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    // Not in this browser's cart: kept for the sign-in, which adds it to the account's cart.
    expect(storedCart()).toBeNull();
    const pending = JSON.parse(window.sessionStorage.getItem(PENDING_ADD_STORAGE_KEY) ?? 'null');
    expect(pending).toMatchObject({ investor: { id: 'inv_1', name: 'Ada Abernook' } });
    expect(screen.queryByText(messages.loginToAddToCart)).toBeNull();
  });

  it('keeps the add of a founder whose email is not verified, and asks them to verify it, with a link', async () => {
    setSignedInUser({ email_verified: false });
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, {
      path: '/investors/search',
      route: '/investors/search?stageFocus=seed',
    });

    const card = (await screen.findByRole('heading', { name: 'Ada Abernook' })).closest('article');
    if (!card) throw new Error('No card');
    await user.click(within(card).getByRole('button', { name: 'Add to Export Cart' }));

    const toast = (await screen.findByText(verifyToAddNotice('Ada Abernook'))).closest(
      '.toast',
    ) as HTMLElement;
    expect(toast.textContent).toContain(VERIFY_TO_ADD);
    expect(within(toast).getByRole('link', { name: 'Verify your email' }).getAttribute('href')).toBe(
      '/verify-email',
    );
    expect(storedCart()).toBeNull();
    expect(window.sessionStorage.getItem(PENDING_ADD_STORAGE_KEY)).toContain('inv_1');
  });

  it('shows the total from the API and the search term as a filter chip', async () => {
    renderPage(<InvestorSearchPage />, {
      path: '/investors/search',
      route: '/investors/search?sectorFocus=fintech',
    });
    expect(await screen.findByRole('heading', { name: 'Search Results (2)' })).toBeTruthy();
    const filters = screen.getByRole('list', { name: 'Active filters' });
    expect(within(filters).getByText('Sector: Fintech')).toBeTruthy();
  });
});

describe('the export builder', () => {
  it('pages through a cart of 30, so every row can be removed, with the Row Index of the whole cart', async () => {
    storeCart(30);
    const user = userEvent.setup();
    renderPage(<ExportBuilderPage />, { path: '/cart' });
    expect(await screen.findByText(/Showing rows 1–25 of 30\./)).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Preview pages' });
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(screen.getByText(/Showing rows 26–30 of 30\./)).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    // Row Index counts over the whole cart, not the page.
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(within(rows[4] as HTMLElement).getByRole('cell', { name: '30' })).toBeTruthy();
    expect(rows[4]?.textContent).toContain('Investor 30');

    await user.click(within(rows[4] as HTMLElement).getByRole('button', { name: /^Remove/ }));
    await waitFor(() => expect(storedCart()?.searchableInvestorEntryIds).toHaveLength(29));
    expect(storedCart()?.searchableInvestorEntryIds).not.toContain('inv_30');
  });

  it('leads back to the purchase when the payment page of this cart was opened (in any browser)', async () => {
    // Another browser saved this cart and opened its payment page: the server's working cart says saved.
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url) => {
        asked.push(new URL(url, 'http://localhost').pathname);
        if (url.endsWith('/me/cart')) return { body: { data: workingCartOf(3, { saved: true }) } };
        return url.includes(`/carts/${CART_ID}`)
          ? {
              body: {
                data: cartView({ status: 'checkout', purchaseState: 'awaiting-payment', editable: false }),
              },
            }
          : { body: { data: { items: [], notInDirectory: [], total: 0, missing: [], contacts: [] } } };
      }),
    );
    renderRoutes([{ path: '/cart', element: <ExportBuilderPage /> }], '/cart');
    expect(await screen.findByText(CART_AT_CHECKOUT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue your purchase' }).getAttribute('href')).toBe(
      `/cart/${CART_ID}`,
    );
    expect(asked).toContain(`/api/carts/${CART_ID}`);
  });

  it('never asks about a cart that was never saved (it would answer 404): the builder shows it as it is', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url) => {
        asked.push(new URL(url, 'http://localhost').pathname);
        if (url.endsWith('/me/cart')) return { body: { data: workingCartOf(3, { saved: false }) } };
        if (url.includes(`/carts/${CART_ID}`)) return { status: 404, body: { error: { code: 'not-found' } } };
        return { body: { data: { items: [], notInDirectory: [], total: 0, missing: [], contacts: [] } } };
      }),
    );
    renderRoutes([{ path: '/cart', element: <ExportBuilderPage /> }], '/cart');
    expect(await screen.findByRole('button', { name: 'Save Cart & Purchase' })).toBeTruthy();
    await waitFor(() => expect(asked).toContain('/api/carts/preview'));
    expect(screen.getAllByText('Investor 03').length).toBeGreaterThan(0);
    expect(screen.queryByText(CART_AT_CHECKOUT)).toBeNull();
    expect(asked).not.toContain(`/api/carts/${CART_ID}`);
  });

  it('says the cart is empty when nothing was added, with a way to the directory', async () => {
    renderPage(<ExportBuilderPage />, { path: '/cart' });
    // Once the session is read (nobody signed in here): the cart is this browser's.
    const empty = (await screen.findByText(messages.noInvestorsInCart)).closest(
      '.empty-state',
    ) as HTMLElement;
    expect(within(empty).getByRole('link', { name: 'Browse the VC Database' }).getAttribute('href')).toBe(
      '/find-vc',
    );
  });

  it("saves the cart ('Saving...'), says 'Cart saved' and opens its purchase page", async () => {
    storeCart(3);
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/carts') && init?.method === 'POST') {
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }
      return answerFetch(() => ({ body: { data: { investorIds: [] } } }))(input, init);
    });
    const user = userEvent.setup();
    renderPage(<ExportBuilderPage />, { path: '/cart' });
    await user.click(await screen.findByRole('button', { name: 'Save Cart & Purchase' }));
    expect(await screen.findByRole('button', { name: messages.saving })).toBeTruthy();
    answer(
      new Response(JSON.stringify({ data: cartView() }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await screen.findByText(messages.cartSaved)).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe(`/cart/${CART_ID}`);
    expect(storedCart()?.id).toBe(CART_ID);
  });

  it('empties a cart of 4 items without asking', async () => {
    storeCart(4);
    const user = userEvent.setup();
    renderPage(<ExportBuilderPage />, { path: '/cart' });

    await user.click(await screen.findByRole('button', { name: 'Empty Cart' }));

    expect(screen.queryByText(messages.clearCartConfirm)).toBeNull();
    expect(storedCart()).toBeNull();
    expect(screen.getByText(messages.noInvestorsInCart)).toBeTruthy();
  });

  it('asks before emptying a cart of 5 items, and keeps it when cancelled', async () => {
    storeCart(5);
    const user = userEvent.setup();
    renderPage(<ExportBuilderPage />, { path: '/cart' });

    await user.click(await screen.findByRole('button', { name: 'Empty Cart' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messages.clearCartConfirm)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storedCart()?.items).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Empty Cart' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Empty Cart' }));
    expect(storedCart()).toBeNull();
  });

  it('moves a column between selected and available on click, in storage and in the preview', async () => {
    storeCart(2);
    const user = userEvent.setup();
    renderPage(<ExportBuilderPage />, { path: '/cart' });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Actions', 'Row Index', 'Name', 'Email', 'LinkedIn URL']);

    const selected = screen.getByRole('list', { name: 'Selected' });
    await user.click(within(selected).getByRole('button', { name: /Email/ }));

    expect(storedCart()?.columnOrder).toEqual(['rowIndex', 'name', 'linkedinUrl']);
    const available = screen.getByRole('list', { name: 'Available' });
    expect(within(available).getByRole('button', { name: /Email/ })).toBeTruthy();
    expect(within(screen.getByRole('table')).queryByRole('columnheader', { name: 'Email' })).toBeNull();

    await user.click(within(available).getByRole('button', { name: /Email/ }));
    expect(storedCart()?.columnOrder).toEqual(['rowIndex', 'name', 'linkedinUrl', 'email']);
  });

  it('masks email and LinkedIn in the preview and leaves them empty when the investor has none', async () => {
    storeCart(2);
    renderPage(<ExportBuilderPage />, { path: '/cart' });
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1, 5)
        .map((cell) => cell.textContent),
    );
    // Investor 1 has an email but no LinkedIn; investor 2 has both.
    expect(cells).toEqual([
      ['1', 'Investor 01', MASKED_VALUE, ''],
      ['2', 'Investor 02', MASKED_VALUE, MASKED_VALUE],
    ]);
  });

  it('shows the spec message when no column is selected', async () => {
    storeCart(1);
    const user = userEvent.setup();
    renderPage(<ExportBuilderPage />, { path: '/cart' });
    const selected = await screen.findByRole('list', { name: 'Selected' });
    for (const name of ['Row Index', 'Name', 'Email', 'LinkedIn URL']) {
      await user.click(within(selected).getByRole('button', { name: new RegExp(name) }));
    }
    expect(screen.getByText(messages.noColumnsSelected)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("says how many of the cart lack each chosen contact detail, from today's cards, and leaves them out on request", async () => {
    storeCart(3);
    const previews: unknown[] = [];
    // Today investor 2 has lost its email; every card says when its values were last confirmed.
    const today = [
      investor(1, { contactConfirmed: { email: '2026-03' } }),
      investor(2, { hasEmail: false, contactConfirmed: { linkedin: '2025-11' } }),
      investor(3, { contactConfirmed: { email: '2024-06' } }),
    ];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        if (!url.endsWith('/carts/preview')) return { status: 404, body: { error: { code: 'not-found' } } };
        const body = JSON.parse(String(init?.body)) as { investorIds: string[] };
        previews.push(body);
        const items = today.filter((card) => body.investorIds.includes(card.id));
        return { body: { data: { items, notInDirectory: [], total: items.length, missing: [] } } };
      }),
    );
    const user = userEvent.setup();
    renderPage(<ExportBuilderPage />, { path: '/cart' });

    const section = within(await screen.findByRole('region', { name: 'Contact details in this export' }));
    expect(await section.findByText('1 of 3 has no email')).toBeTruthy();
    expect(section.getByText('2 of 3 have no LinkedIn URL')).toBeTruthy();
    expect(previews[0]).toEqual({
      investorIds: ['inv_1', 'inv_2', 'inv_3'],
      columnOrder: ['rowIndex', 'name', 'email', 'linkedinUrl'],
    });
    // The masked preview says how fresh each hidden value is.
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain(`${MASKED_VALUE}confirmed Mar 2026`);
    expect(rows[1]?.textContent).toContain(`${MASKED_VALUE}confirmed Nov 2025`);

    await user.click(section.getByRole('button', { name: 'Leave out the 2 without LinkedIn URL' }));

    await waitFor(() => expect(storedCart()?.searchableInvestorEntryIds).toEqual(['inv_2']));
    // One investor left, without an email: leaving it out would empty the cart, so it is not offered.
    expect(await section.findByText('1 of 1 has no email')).toBeTruthy();
    expect(section.queryByRole('button', { name: /Leave out/ })).toBeNull();
    expect(screen.getByText('$5.00')).toBeTruthy();
  });

  it('offers the columns issue 20 adds, and says when nothing chosen is missing', async () => {
    storeCart(2);
    const user = userEvent.setup();
    renderPage(<ExportBuilderPage />, { path: '/cart' });
    const available = await screen.findByRole('list', { name: 'Available' });
    expect(
      within(available)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      '+ Phone',
      '+ Twitter',
      '+ Crunchbase',
      '+ Firm',
      '+ Title',
      '+ Location',
      '+ Cheque size',
      '+ Cheque min (USD)',
      '+ Cheque max (USD)',
      '+ Typical cheque (USD)',
      '+ Last confirmed',
    ]);
    expect(screen.getByText('4 of 15')).toBeTruthy();

    const selected = screen.getByRole('list', { name: 'Selected' });
    await user.click(within(selected).getByRole('button', { name: /LinkedIn URL/ }));
    await user.click(within(available).getByRole('button', { name: /Firm/ }));

    expect(storedCart()?.columnOrder).toEqual(['rowIndex', 'name', 'email', 'firm']);
    expect(screen.getByText(noContactsMissing(2))).toBeTruthy();
  });

  it('prices the cart with its tier', async () => {
    storeCart(3);
    renderPage(<ExportBuilderPage />, { path: '/cart' });
    expect(await screen.findByText('Up to 50 contacts')).toBeTruthy();
    expect(screen.getByText('$5.00')).toBeTruthy();
  });
});

describe('investors already bought', () => {
  /** The founder's library as the app reads it: the ids of the investors bought before. */
  const library = (ids: string[]) => ({ body: { data: { investorIds: ids } } });

  it('marks a search result the founder bought before', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch((url) =>
        url.includes('/me/bought-investors')
          ? library(['inv_1'])
          : {
              body: {
                data: {
                  items: [investor(1, { name: 'Ada Abernook' }), investor(2, { name: 'Bo Brandt' })],
                  total: 2,
                  cursor: null,
                },
              },
            },
      ),
    );
    renderPage(<InvestorSearchPage />, {
      path: '/investors/search',
      route: '/investors/search?stageFocus=seed',
    });

    const bought = (await screen.findByRole('heading', { name: 'Ada Abernook' })).closest('article');
    const fresh = screen.getByRole('heading', { name: 'Bo Brandt' }).closest('article');
    if (!bought || !fresh) throw new Error('No card');
    expect(await within(bought).findByText(ALREADY_BOUGHT)).toBeTruthy();
    expect(within(fresh).queryByText(ALREADY_BOUGHT)).toBeNull();
  });

  it('says how many of the cart are bought already and leaves them out on request', async () => {
    const user = userEvent.setup();
    storeCart(3);
    vi.stubGlobal(
      'fetch',
      answerFetch((url) =>
        url.includes('/me/bought-investors')
          ? library(['inv_1', 'inv_3'])
          : { status: 404, body: { error: { code: 'not-found', message: 'Cart not found' } } },
      ),
    );
    renderPage(<ExportBuilderPage />, { path: '/cart' });

    expect(await screen.findByText(alreadyBoughtInCart(2))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Leave out already bought' }));

    await waitFor(() => expect(storedCart()?.searchableInvestorEntryIds).toEqual(['inv_2']));
  });
});
