// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchFacetsResponse } from '../../../shared/api/directory';
import { messages } from '../../../shared/messages';
import { InvestorSearchPage } from '../../../web/pages/investor-search/investor-search-page';
import {
  chipsOf,
  paramsOf,
  searchFromParams,
  withTypedText,
} from '../../../web/pages/investor-search/search-params';
import { setSignedInUser } from './support/amplify-auth-mock';
import { investor } from './support/investors';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const FACETS: SearchFacetsResponse = {
  total: 2,
  facets: {
    role: [
      { value: 'vc', label: 'vc', count: 2 },
      { value: 'angel', label: 'angel', count: 1 },
    ],
    stage: [{ value: 'seed', label: 'Seed', count: 2 }],
    sector: [{ value: 'fintech', label: 'fintech', count: 2 }],
    country: [{ value: 'france', label: 'France', count: 1 }],
    city: [],
  },
  has: { email: 2, linkedin: 1, phone: 0 },
};

/** The API calls the page made, as `path?query` with the query's keys sorted. */
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  setSignedInUser({});
  vi.stubGlobal(
    'fetch',
    answerFetch((url) => {
      const parsed = new URL(url, 'http://localhost');
      parsed.searchParams.sort();
      calls.push(`${parsed.pathname.replace(/^.*\/api/, '')}?${parsed.searchParams}`);
      if (parsed.pathname.endsWith('/directory/facets')) return { body: { data: FACETS } };
      return {
        body: {
          data: { items: [investor(1, { name: 'Ada Abernook' }), investor(2)], total: 2, cursor: null },
        },
      };
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const searched = () => calls.filter((call) => call.startsWith('/investors?'));

describe('the search URL', () => {
  it('reads every filter, drops bad values, and writes them back in one order', () => {
    const search = searchFromParams(
      new URLSearchParams(
        'role=angel&stageFocus=seed&checkMin=25000&checkMax=abc&has=phone,email,fax&sort=updated',
      ),
    );
    expect(search).toEqual({
      role: 'angel',
      stageFocus: 'seed',
      checkMin: '25000',
      has: 'phone,email',
      sort: 'updated',
    });
    expect(paramsOf(search ?? {}).toString()).toBe(
      'role=angel&stageFocus=seed&checkMin=25000&has=phone%2Cemail&sort=updated',
    );
    expect(searchFromParams(new URLSearchParams('role=banker&sort=updated'))).toBeNull();
  });

  it('turns the typed spec syntax into a filter and anything else into a name search', () => {
    expect(withTypedText({ role: 'vc' }, 'StageFocus: Seed')).toEqual({ role: 'vc', stageFocus: 'Seed' });
    expect(withTypedText(null, 'role:family office')).toEqual({ role: 'family_office' });
    expect(withTypedText({ q: 'old' }, '  Ada ')).toEqual({ q: 'Ada' });
    expect(withTypedText({ q: 'old' }, '')).toEqual({});
  });

  it('labels chips as a founder reads them', () => {
    expect(
      chipsOf({ role: 'family_office', sectorFocus: 'ai', checkMin: '250000', has: 'linkedin' }),
    ).toEqual([
      { key: 'role', label: 'Family Office' },
      { key: 'sectorFocus', label: 'sectorFocus:AI' },
      { key: 'checkMin', label: 'Cheque from $250K' },
      { key: 'has', kind: 'linkedin', label: 'Has LinkedIn' },
    ]);
  });
});

describe('the investor search page', () => {
  it("lands from the home page's role link with that filter set", async () => {
    renderPage(<InvestorSearchPage />, { path: '/investors/search', route: '/investors/search?role=angel' });
    expect(await screen.findByRole('heading', { name: 'Search Results (2)' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Active filters' })).getByText('Angel')).toBeTruthy();
    expect(searched()).toEqual(['/investors?limit=50&role=angel']);
  });

  it("says 'No investors found matching your search criteria.' and offers to clear the filters", async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch((url) =>
        url.includes('/directory/facets')
          ? { body: { data: FACETS } }
          : { body: { data: { items: [], total: 0, cursor: null } } },
      ),
    );
    renderPage(<InvestorSearchPage />, { path: '/investors/search', route: '/investors/search?q=zzz' });
    const empty = (await screen.findByText(messages.noInvestorsMatching)).closest(
      '.empty-state',
    ) as HTMLElement;
    expect(screen.getByRole('heading', { name: 'Search Results (0)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add All Results to Export Cart' })).toBeNull();
    await userEvent.setup().click(within(empty).getByRole('button', { name: 'Clear all filters' }));
    expect(await screen.findByText(messages.enterSearchTerm)).toBeTruthy();
    expect(
      within(screen.getByText(messages.enterSearchTerm).closest('.empty-state') as HTMLElement)
        .getByRole('link', { name: 'Open the VC Database' })
        .getAttribute('href'),
    ).toBe('/find-vc');
  });

  it("says 'Failed to fetch search results' when the search fails without a reason", async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch((url) =>
        url.includes('/directory/facets') ? { body: { data: FACETS } } : { status: 502, body: {} },
      ),
    );
    renderPage(<InvestorSearchPage />, { path: '/investors/search', route: '/investors/search?q=ada' });
    expect((await screen.findByRole('alert')).textContent).toBe(messages.failedToFetchSearchResults);
  });

  it('combines a typed name with the filters and lets a chip be removed', async () => {
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, {
      path: '/investors/search',
      route: '/investors/search?stageFocus=seed',
    });
    await screen.findByRole('heading', { name: 'Search Results (2)' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searched()).toContain('/investors?limit=50&q=ada&stageFocus=seed'));

    await user.click(screen.getByRole('button', { name: 'Remove stageFocus:Seed' }));
    await waitFor(() => expect(searched()).toContain('/investors?limit=50&q=ada'));

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(messages.enterSearchTerm)).toBeTruthy();
  });

  it('shows facet counts and sets a filter from them; the sort and contact kinds go in the search too', async () => {
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, {
      path: '/investors/search',
      route: '/investors/search?sectorFocus=fintech',
    });
    const types = await screen.findByRole('region', { name: 'Investor type' });
    const angel = await within(types).findByRole('button', { name: 'Angel 1' });
    await user.click(angel);
    await waitFor(() => expect(searched()).toContain('/investors?limit=50&role=angel&sectorFocus=fintech'));
    expect(calls).toContain('/directory/facets?role=angel&sectorFocus=fintech');

    await user.click(screen.getByRole('checkbox', { name: /Has email/ }));
    await waitFor(() =>
      expect(searched()).toContain('/investors?has=email&limit=50&role=angel&sectorFocus=fintech'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'updated');
    await waitFor(() =>
      expect(searched()).toContain(
        '/investors?has=email&limit=50&role=angel&sectorFocus=fintech&sort=updated',
      ),
    );
  });

  it('refuses a cheque range whose lowest bound is above its highest, in place', async () => {
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, { path: '/investors/search', route: '/investors/search?role=vc' });
    await screen.findByRole('heading', { name: 'Search Results (2)' });
    await user.type(screen.getByRole('spinbutton', { name: 'Minimum cheque' }), '500000');
    await user.type(screen.getByRole('spinbutton', { name: 'Maximum cheque' }), '1000');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'The lowest cheque size must not be above the highest',
    );
    expect(searched().some((call) => call.includes('checkMin'))).toBe(false);

    await user.clear(screen.getByRole('spinbutton', { name: 'Maximum cheque' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(searched()).toContain('/investors?checkMin=500000&limit=50&role=vc'));
  });
});
