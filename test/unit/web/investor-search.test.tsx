// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taxonomyLists } from '../../../lambdas/http/taxonomy-public';
import type { SearchFacetsResponse, SearchSuggestion } from '../../../shared/api/directory';
import { messages } from '../../../shared/messages';
import { DEFAULT_TAXONOMY } from '../../../shared/taxonomy/taxonomy';
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
  has: { email: 2, linkedin: 1, phone: 0, deployed: 0 },
};

const SUGGESTIONS: SearchSuggestion[] = [
  { kind: 'investor', label: 'Ada Jandro', value: 'inv_ada', detail: 'Beacon Capital', count: 1 },
  { kind: 'firm', label: 'Jandro Partners', value: 'Jandro Partners', detail: null, count: 3 },
  {
    kind: 'sector',
    label: 'fintech (payments, lending)',
    value: 'fintech (payments, lending)',
    detail: null,
    count: 287,
  },
  { kind: 'city', label: 'São Paulo', value: 'sao paulo', detail: null, count: 41 },
];

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
      if (parsed.pathname.endsWith('/directory/suggestions'))
        return { body: { data: { suggestions: SUGGESTIONS } } };
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

  it('keeps a chosen order and the close matches of typed words; close without words is dropped (issue 49)', () => {
    const search = searchFromParams(new URLSearchParams('q=healthtech&sort=name&close=include'));
    expect(search).toEqual({ q: 'healthtech', sort: 'name', close: 'include' });
    expect(paramsOf(search ?? {}).toString()).toBe('q=healthtech&sort=name&close=include');
    expect(searchFromParams(new URLSearchParams('role=vc&close=include&sort=sideways'))).toEqual({
      role: 'vc',
    });
  });

  it('turns the typed spec syntax into a filter and anything else into a name search', () => {
    expect(withTypedText({ role: 'vc' }, 'StageFocus: Seed')).toEqual({ role: 'vc', stageFocus: 'Seed' });
    expect(withTypedText(null, 'role:family office')).toEqual({ role: 'family_office' });
    expect(withTypedText({ q: 'old' }, '  Ada ')).toEqual({ q: 'Ada' });
    expect(withTypedText({ q: 'old' }, '')).toEqual({});
  });

  it('labels chips as a founder reads them, not as the URL spells them (issue 32)', () => {
    expect(
      chipsOf({
        role: 'family_office',
        stageFocus: 'seed',
        sectorFocus: 'fintech',
        country: 'sweden',
        city: 'rio de janeiro',
        checkMin: '250000',
        has: 'linkedin',
      }).map((chip) => chip.label),
    ).toEqual([
      'Type: Family Office',
      'Stage: Seed',
      'Sector: Fintech',
      'Country: Sweden',
      'City: Rio de Janeiro',
      'Cheque from $250K',
      'Has LinkedIn',
    ]);
    expect(chipsOf({ sectorFocus: 'ai' })).toEqual([
      { key: 'sectorFocus', label: 'Sector: AI', value: 'AI' },
    ]);
  });

  it('writes a place as the directory spells it when the facets have it, else in proper case', () => {
    const facets = { ...FACETS.facets, city: [{ value: 'mcallen', label: 'McAllen', count: 1 }] };
    expect(chipsOf({ country: 'france', city: 'mcallen' }, facets).map((chip) => chip.label)).toEqual([
      'Country: France',
      'City: McAllen',
    ]);
    // A facet label stored in lower case is still shown in proper case.
    const lower = { ...FACETS.facets, country: [{ value: 'sweden', label: 'sweden', count: 1 }] };
    expect(chipsOf({ country: 'sweden' }, lower)[0]?.label).toBe('Country: Sweden');
  });

  it("still takes the spec's typed syntax, and the founder's words for it", () => {
    expect(withTypedText(null, 'stageFocus:seed')).toEqual({ stageFocus: 'seed' });
    expect(withTypedText(null, 'Stage: Seed')).toEqual({ stageFocus: 'Seed' });
    expect(withTypedText(null, 'sector:fintech')).toEqual({ sectorFocus: 'fintech' });
    expect(withTypedText(null, 'type: Family Office')).toEqual({ role: 'family_office' });
    expect(withTypedText(null, 'country:sweden')).toEqual({ country: 'sweden' });
  });
});

describe('the investor search page', () => {
  it("lands from the home page's role link with that filter set", async () => {
    renderPage(<InvestorSearchPage />, { path: '/investors/search', route: '/investors/search?role=angel' });
    expect(await screen.findByRole('heading', { name: 'Search Results (2)' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Active filters' })).getByText('Type: Angel'),
    ).toBeTruthy();
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

  it('combines a typed name with the filters and lets a chip be removed', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, {
      path: '/investors/search',
      route: '/investors/search?stageFocus=seed',
    });
    await screen.findByRole('heading', { name: 'Search Results (2)' });

    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searched()).toContain('/investors?limit=50&q=ada&stageFocus=seed'));

    await user.click(screen.getByRole('button', { name: 'Remove Stage: Seed' }));
    await waitFor(() => expect(searched()).toContain('/investors?limit=50&q=ada'));

    await user.clear(screen.getByRole('combobox', { name: 'Search' }));
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

  it('filters on "Deployed in the last 12 months" (issue 52) with its count, as the contact kinds', async () => {
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, {
      path: '/investors/search',
      route: '/investors/search?sectorFocus=fintech',
    });
    const deployed = await screen.findByRole('checkbox', { name: /Deployed in the last 12 months/ });
    await waitFor(() => expect(deployed.closest('.form-check')?.textContent).toContain('(0)'));
    await user.click(deployed);
    await waitFor(() => expect(searched()).toContain('/investors?has=deployed&limit=50&sectorFocus=fintech'));
    await user.click(screen.getByRole('checkbox', { name: /Has email/ }));
    await waitFor(() =>
      expect(searched()).toContain('/investors?has=email%2Cdeployed&limit=50&sectorFocus=fintech'),
    );
    expect(await screen.findByRole('button', { name: 'Remove Deployed in the last 12 months' })).toBeTruthy();
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

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

function Query() {
  return <p data-testid="query">{useLocation().search}</p>;
}

describe('a sector or stage written another way in the URL', () => {
  /** The page's calls answered as before, the taxonomy with its default lists (as GET /taxonomy gives them). */
  const withTaxonomy = (answer: typeof fetch) => (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).endsWith('/taxonomy')
      ? answerFetch(() => {
          calls.push('/taxonomy');
          return { body: { data: taxonomyLists(DEFAULT_TAXONOMY) } };
        })(input, init)
      : answer(input, init);
  const faceted = () => calls.filter((call) => call.startsWith('/directory/facets?'));

  it("searches once, by the taxonomy's spelling, when the URL names a sector by a synonym", async () => {
    vi.stubGlobal('fetch', withTaxonomy(fetch));
    renderPage(
      <>
        <InvestorSearchPage />
        <Query />
      </>,
      {
        path: '/investors/search',
        route: '/investors/search?sectorFocus=agtech&stageFocus=Pre-Seed&has=email',
      },
    );
    expect(await screen.findByRole('heading', { name: 'Search Results (2)' })).toBeTruthy();
    // The URL keeps the taxonomy's spelling, and the chip says it as a founder reads it.
    await waitFor(() =>
      expect(screen.getByTestId('query').textContent).toBe(
        '?stageFocus=pre-seed&sectorFocus=food+%26+agriculture&has=email',
      ),
    );
    expect(
      within(screen.getByRole('list', { name: 'Active filters' })).getByText('Sector: Food & Agriculture'),
    ).toBeTruthy();
    expect(searched()).toEqual([
      '/investors?has=email&limit=50&sectorFocus=food+%26+agriculture&stageFocus=pre-seed',
    ]);
    expect(faceted()).toEqual([
      '/directory/facets?has=email&sectorFocus=food+%26+agriculture&stageFocus=pre-seed',
    ]);
  });

  it('searches a sector the taxonomy does not know as written, once', async () => {
    vi.stubGlobal('fetch', withTaxonomy(fetch));
    renderPage(
      <>
        <InvestorSearchPage />
        <Query />
      </>,
      { path: '/investors/search', route: '/investors/search?sectorFocus=quantum+widgets' },
    );
    expect(await screen.findByRole('heading', { name: 'Search Results (2)' })).toBeTruthy();
    expect(calls).toContain('/taxonomy');
    expect(screen.getByTestId('query').textContent).toBe('?sectorFocus=quantum+widgets');
    expect(searched()).toEqual(['/investors?limit=50&sectorFocus=quantum+widgets']);
  });

  it('does not wait for the taxonomy when the URL names no sector or stage', async () => {
    const answer = fetch;
    // The taxonomy never answers: the search must not need it.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/taxonomy') ? new Promise<Response>(() => {}) : answer(input, init),
    );
    renderPage(<InvestorSearchPage />, { path: '/investors/search', route: '/investors/search?role=angel' });
    expect(await screen.findByRole('heading', { name: 'Search Results (2)' })).toBeTruthy();
    expect(searched()).toEqual(['/investors?limit=50&role=angel']);
  });

  it('searches as written when the taxonomy cannot be read', async () => {
    const answer = fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/taxonomy')
        ? answerFetch(() => ({ status: 503, body: {} }))(input, init)
        : answer(input, init),
    );
    renderPage(<InvestorSearchPage />, {
      path: '/investors/search',
      route: '/investors/search?sectorFocus=agtech',
    });
    expect(await screen.findByRole('heading', { name: 'Search Results (2)' })).toBeTruthy();
    expect(searched()).toEqual(['/investors?limit=50&sectorFocus=agtech']);
  });
});

// Typing in jsdom is slow on a busy machine: a hang guard, not a speed check.
describe('the search box suggests as the founder types (an ARIA combobox)', { timeout: 30_000 }, () => {
  const box = () => screen.getByRole('combobox', { name: 'Search' });

  it('lists investors, firms and filter values with what each is, and says how many there are', async () => {
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, { path: '/investors/search', route: '/investors/search' });
    expect(box().getAttribute('aria-expanded')).toBe('false');
    await user.type(box(), 'ja');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(box().getAttribute('aria-controls')).toBe(list.id);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Ada JandroInvestor · Beacon Capital',
      'Jandro PartnersFirm · 3 investors',
      'Fintech (Payments, Lending)Sector · 287 investors',
      'São PauloCity · 41 investors',
    ]);
    expect(screen.getByText('4 suggestions. Use the up and down arrows to choose one.')).toBeTruthy();
    expect(calls).toContain('/directory/suggestions?q=ja');
  });

  it('moves through the suggestions with the arrows, chooses one with Enter, and sets its filter', async () => {
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, { path: '/investors/search', route: '/investors/search?role=vc' });
    await user.type(box(), 'jan');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const active = box().getAttribute('aria-activedescendant') ?? '';
    expect(document.getElementById(active)?.textContent).toContain('Fintech (Payments, Lending)');
    expect(document.getElementById(active)?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(searched()).toContain(
        '/investors?limit=50&role=vc&sectorFocus=fintech+%28payments%2C+lending%29',
      ),
    );
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Escape and searches the words typed with Enter when nothing is chosen', async () => {
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, { path: '/investors/search', route: '/investors/search' });
    await user.type(box(), 'jandor');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{Escape}');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(searched()).toContain('/investors?limit=50&q=jandor'));
  });

  it("opens an investor's profile when the founder chooses them", async () => {
    const user = userEvent.setup();
    // One route for both paths; the probe shows where the page went.
    renderPage(
      <>
        <InvestorSearchPage />
        <Where />
      </>,
      { path: '/investors/:page', route: '/investors/search' },
    );
    await user.type(box(), 'ada');
    await user.click(await screen.findByRole('option', { name: /Ada Jandro/ }));
    expect(await screen.findByText('at /investors/inv_ada')).toBeTruthy();
  });

  it("asks nothing for one letter or for the spec's stageFocus: syntax", async () => {
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, { path: '/investors/search', route: '/investors/search' });
    await user.type(box(), 'j');
    await user.clear(box());
    await user.type(box(), 'stageFocus:se');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(searched()).toContain('/investors?limit=50&stageFocus=se'));
    expect(calls.filter((call) => call.startsWith('/directory/suggestions'))).toEqual([]);
  });
});

describe('"Did you mean"', { timeout: 30_000 }, () => {
  it('offers the closest words as a link when the words typed matched nothing exactly', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch((url) =>
        url.includes('/directory/facets')
          ? { body: { data: FACETS } }
          : {
              body: {
                data: {
                  items: [investor(1, { name: 'Ada Jandro' })],
                  total: 1,
                  cursor: null,
                  didYouMean: 'jandro',
                },
              },
            },
      ),
    );
    const user = userEvent.setup();
    renderPage(<InvestorSearchPage />, {
      path: '/investors/search',
      route: '/investors/search?q=jandor&role=vc',
    });
    const link = await screen.findByRole('link', { name: 'jandro' });
    expect(link.closest('p')?.textContent).toBe('Did you mean jandro?');
    expect(link.getAttribute('href')).toBe('/investors/search?q=jandro&role=vc');
    await user.click(link);
    await waitFor(() => expect(box().value).toBe('jandro'));
  });
  const box = () => screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
});
