// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchFacetsResponse } from '../../../shared/api/directory';
import { showResultsLabel } from '../../../web/pages/investor-search/filter-panel';
import { InvestorSearchPage } from '../../../web/pages/investor-search/investor-search-page';
import { setSignedInUser } from './support/amplify-auth-mock';
import { investor } from './support/investors';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

/** The counts the server gives: 42 with seed alone, 7 once Angel is chosen too. */
const facets = (total: number): SearchFacetsResponse => ({
  total,
  facets: {
    role: [
      { value: 'vc', label: 'vc', count: 35 },
      { value: 'angel', label: 'angel', count: 7 },
    ],
    stage: [{ value: 'seed', label: 'Seed', count: total }],
    sector: [],
    country: [],
    city: [],
  },
  has: { email: total, linkedin: 0, phone: 0, deployed: 0 },
});

/** A window below desktop width, where the filters open in a sheet. */
const phoneWidth = (matches: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));

beforeEach(() => {
  setSignedInUser({});
  phoneWidth(true);
  vi.stubGlobal(
    'fetch',
    answerFetch((url) => {
      const parsed = new URL(url, 'http://localhost');
      const total = parsed.searchParams.get('role') === 'angel' ? 7 : 42;
      if (parsed.pathname.endsWith('/directory/facets')) return { body: { data: facets(total) } };
      if (parsed.pathname.endsWith('/investors'))
        return { body: { data: { items: [investor(1, { name: 'Ada Abernook' })], total, cursor: null } } };
      return { status: 404, body: { error: { message: 'Not found' } } };
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const openSearch = async () => {
  renderPage(<InvestorSearchPage />, {
    path: '/investors/search',
    route: '/investors/search?stageFocus=seed',
  });
  await screen.findByRole('heading', { name: 'Search Results (42)' });
};

describe('the filter sheet on a phone', () => {
  it('keeps the filters out of the results until "Filters" opens them in a dialog', async () => {
    await openSearch();
    expect(screen.queryByRole('region', { name: 'Investor type' })).toBeNull();
    const filters = screen.getByRole('button', { name: 'Filters 1 active' });
    expect(filters.getAttribute('aria-haspopup')).toBe('dialog');

    await userEvent.setup().click(filters);

    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('region', { name: 'Investor type' })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'Show 42 results' })).toBeTruthy();
  });

  it('counts live: a filter chosen in the sheet changes "Show N results" and the search', async () => {
    const user = userEvent.setup();
    await openSearch();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Filters' }));

    await user.click(sheet.getByRole('button', { name: /^Angel/ }));

    expect(await sheet.findByRole('button', { name: 'Show 7 results' })).toBeTruthy();
    await user.click(sheet.getByRole('button', { name: 'Show 7 results' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Search Results (7)' })).toBeTruthy();
  });

  it('closes with "Show N results" or Escape and gives focus back to the Filters button', async () => {
    const user = userEvent.setup();
    await openSearch();
    const filters = screen.getByRole('button', { name: /^Filters/ });

    await user.click(filters);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    // Focus moved into the sheet.
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    await user.click(within(sheet).getByRole('button', { name: 'Show 42 results' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(filters));

    await user.click(filters);
    await screen.findByRole('dialog', { name: 'Filters' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(filters));
  });

  it('keeps the panel beside the results at desktop width, with no sheet', async () => {
    phoneWidth(false);
    await openSearch();
    expect(screen.getByRole('region', { name: 'Investor type' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });

  it('says "Show 1 result" for one, and "Show results" before the count is known', () => {
    expect(showResultsLabel(1)).toBe('Show 1 result');
    expect(showResultsLabel(2_500)).toBe('Show 2,500 results');
    expect(showResultsLabel(null)).toBe('Show results');
  });
});
