// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addedToCart,
  InvestorSearchPage,
  NOTHING_TO_ADD,
} from '../../../web/pages/investor-search/investor-search-page';
import { EXPORT_CART_STORAGE_KEY } from '../../../web/stores/export-cart';
import { holdNextSessionRead, setSignedInUser } from './support/amplify-auth-mock';
import { cartOf, investor } from './support/investors';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

/** 120 results over two pages of the largest size; investor 5 was bought before. */
const RESULTS = Array.from({ length: 120 }, (_, i) => investor(i + 1));
const searches: string[] = [];

function serve() {
  searches.length = 0;
  vi.stubGlobal(
    'fetch',
    answerFetch((url) => {
      // The founder's library: the ids of the investors bought before.
      if (url.includes('/me/bought-investors')) return { body: { data: { investorIds: ['inv_5'] } } };
      const query = new URL(url, 'http://localhost').searchParams;
      searches.push(`${query.get('limit')}:${query.get('cursor') ?? ''}`);
      const limit = Number(query.get('limit'));
      const start = Number(query.get('cursor') ?? 0);
      const items = RESULTS.slice(start, start + limit);
      const next = start + limit < RESULTS.length ? String(start + limit) : null;
      return { body: { data: { items, total: RESULTS.length, cursor: next } } };
    }),
  );
}

const stored = () => JSON.parse(window.localStorage.getItem(EXPORT_CART_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  window.localStorage.clear();
  setSignedInUser({});
  serve();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const openSearch = async () => {
  const user = userEvent.setup();
  renderPage(<InvestorSearchPage />, {
    path: '/investors/search',
    route: '/investors/search?stageFocus=seed',
  });
  await screen.findByRole('heading', { name: 'Search Results (120)' });
  return user;
};

describe('Add All Results to Export Cart', () => {
  it('adds every result not in the cart and not bought, after saying how many and what the cart then costs', async () => {
    window.localStorage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cartOf(3)));
    const user = await openSearch();
    // The library is loaded before the button is pressed (the cards mark bought investors).
    await waitFor(() => expect(screen.getAllByText('Already bought').length).toBeGreaterThan(0));

    await user.click(screen.getByRole('button', { name: 'Add All Results to Export Cart' }));

    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText(
        '116 investors will be added. Your cart will then hold 119 contacts: 51 to 250 contacts, $15.00.',
      ),
    ).toBeTruthy();
    expect(
      dialog.getByText('Left out: 3 investors already in your cart; 1 investor already bought.'),
    ).toBeTruthy();
    // Every result was read, with the largest pages.
    expect(searches.filter((s) => s.startsWith('100:'))).toEqual(['100:', '100:100']);

    await user.click(dialog.getByRole('button', { name: 'Add 116 investors' }));

    expect(await screen.findByText(addedToCart(116))).toBeTruthy();
    const cart = stored();
    expect(cart.items).toHaveLength(119);
    expect(cart.searchableInvestorEntryIds).not.toContain('inv_5');
    expect(new Set(cart.searchableInvestorEntryIds).size).toBe(119);
  });

  it('adds nothing when cancelled', async () => {
    const user = await openSearch();
    await user.click(screen.getByRole('button', { name: 'Add All Results to Export Cart' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stored()).toBeNull();
  });

  it('says so when every result is in the cart or bought already', async () => {
    window.localStorage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cartOf(120)));
    const user = await openSearch();

    await user.click(screen.getByRole('button', { name: 'Add All Results to Export Cart' }));

    expect(await screen.findByText(NOTHING_TO_ADD)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('waits for the session when pressed while it is read: a founder is shown the plan, not sent to log in', async () => {
    const releaseSession = holdNextSessionRead();
    const user = await openSearch();

    await user.click(screen.getByRole('button', { name: 'Add All Results to Export Cart' }));
    expect(screen.queryByTestId('location')).toBeNull();
    releaseSession();

    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('button', { name: /^Add \d+ investors$/ })).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('takes a visitor to log in first, and reads no result', async () => {
    setSignedInUser(null);
    const user = await openSearch();
    const before = searches.length;

    await user.click(screen.getByRole('button', { name: 'Add All Results to Export Cart' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(searches).toHaveLength(before);
    expect(stored()).toBeNull();
  });
});
