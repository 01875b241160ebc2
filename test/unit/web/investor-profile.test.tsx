// @vitest-environment jsdom

import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvestorProfile } from '../../../shared/api/directory';
import { showDate } from '../../../web/components/dates';
import {
  INVESTOR_NOT_FOUND,
  InvestorProfilePage,
} from '../../../web/pages/investor-profile/investor-profile-page';
import { InvestorCard } from '../../../web/pages/investor-search/investor-card';
import { EXPORT_CART_STORAGE_KEY } from '../../../web/stores/export-cart';
import { setSignedInUser } from './support/amplify-auth-mock';
import { cartOf, investor } from './support/investors';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const profile = (overrides: Partial<InvestorProfile> = {}): InvestorProfile => ({
  ...investor(7, {
    name: 'Ada Ivers',
    stageFocus: ['growth', 'series a', 'seed'],
    sectorFocus: ['ai', 'fintech'],
  }),
  firmName: 'Analytical Ventures',
  title: 'General Partner',
  cities: ['Lisbon'],
  countries: ['Portugal'],
  checkMin: 250_000,
  checkMax: 1_000_000,
  otherFirms: ['Engine Angels'],
  regions: ['Europe'],
  checkSizeText: '$250k - $1M',
  leadsRounds: true,
  selectedInvestments: ['Difference Co'],
  portfolioCompanies: ['Loom Labs', 'Punch Cards Inc'],
  updatedAt: '2026-11-01T00:00:00.000Z',
  thesis: null,
  website: null,
  leadOrFollow: 'lead',
  typicalCheque: null,
  geographicFocus: [],
  portfolio: [
    { name: 'Loom Labs', website: null, stage: null, year: null },
    { name: 'Punch Cards Inc', website: null, stage: null, year: null },
  ],
  recentInvestments: [{ company: 'Difference Co', round: null, date: null, amount: null }],
  profileConfirmed: {},
  contactSources: {},
  responseTimes: null,
  factsSource: null,
  fundSize: null,
  vintage: null,
  deploying: null,
  ...overrides,
});

beforeEach(() => {
  window.localStorage.clear();
  setSignedInUser({});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const openProfile = (answer: { status?: number; body: unknown }) => {
  vi.stubGlobal(
    'fetch',
    answerFetch((url) => (url.includes('/investors/inv_7') ? answer : { body: { data: { items: [] } } })),
  );
  renderPage(<InvestorProfilePage />, { path: '/investors/:investorId', route: '/investors/inv_7' });
};

describe('the investor profile page', () => {
  it('shows everything public: title and firm, places, cheque range, stages in order, investments', async () => {
    openProfile({ body: { data: profile() } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Ivers' })).toBeTruthy();
    expect(screen.getByText('General Partner · Analytical Ventures')).toBeTruthy();
    expect(screen.getByText('Lisbon')).toBeTruthy();
    expect(screen.getByText('Portugal')).toBeTruthy();
    expect(screen.getByText('$250K–$1M')).toBeTruthy();
    expect(screen.getByText('Engine Angels')).toBeTruthy();
    expect(screen.getByText('Leads rounds')).toBeTruthy();
    const stages = within(screen.getByRole('list', { name: 'Stages of Ada Ivers' }));
    expect(stages.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Seed',
      'Series A',
      'Growth',
    ]);
    expect(screen.getByRole('link', { name: 'Series A' }).getAttribute('href')).toBe(
      '/investors/search?stageFocus=series+a',
    );
    expect(screen.getByText('Punch Cards Inc')).toBeTruthy();
    const contacts = within(screen.getByRole('list', { name: 'Contact details in an export' }));
    expect(contacts.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Email']);
  });

  it('says how fresh each contact detail is, by month, without any value', async () => {
    openProfile({
      body: {
        data: profile({
          hasLinkedIn: true,
          hasCrunchbase: true,
          contactConfirmed: { email: '2026-03', linkedin: '2025-11', crunchbase: '2024-01' },
        }),
      },
    });

    const contacts = within(await screen.findByRole('list', { name: 'Contact details in an export' }));
    expect(contacts.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Email · confirmed Mar 2026',
      'LinkedIn · confirmed Nov 2025',
      'Crunchbase · confirmed Jan 2024',
    ]);
  });

  it("says where each value came from and when, in a founder's words, without any value (issue 50)", async () => {
    openProfile({
      body: {
        data: profile({
          hasPhone: true,
          hasLinkedIn: true,
          typicalCheque: 500_000,
          contactSources: {
            email: { by: 'investor', month: '2026-03', verified: true },
            phone: { by: 'investor', month: '2026-02', verified: false },
            linkedin: { by: 'admin', month: '2025-12' },
          },
          profileConfirmed: { typicalCheque: { by: 'import', month: '2026-01' } },
          factsSource: { by: 'import', month: '2026-01' },
        }),
      },
    });

    const sources = within(await screen.findByRole('list', { name: 'Where each contact detail comes from' }));
    expect(sources.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Email: From the investor, confirmed Mar 2026',
      // The investor's word, not verified as theirs: never "confirmed" (issue 48).
      "Phone: From the investor's own profile, Feb 2026",
      'LinkedIn: Corrected by our team, Dec 2025',
    ]);
    expect(screen.getByText('$500K').closest('dd')?.textContent).toBe('$500KFrom an import, Jan 2026');
    expect(screen.getByTestId('facts-source').textContent).toBe(
      'Type, title, firm, places, cheque range, stages and sectors: From an import, Jan 2026',
    );
  });

  it('adds the investor to the export cart as a card, not the whole profile', async () => {
    const user = userEvent.setup();
    openProfile({ body: { data: profile() } });

    await user.click(await screen.findByRole('button', { name: 'Add to Export Cart' }));

    expect(await screen.findByText('In cart')).toBeTruthy();
    const stored = JSON.parse(window.localStorage.getItem(EXPORT_CART_STORAGE_KEY) ?? 'null');
    expect(stored.items).toHaveLength(1);
    expect(stored.items[0].searchableInvestorEntry).toMatchObject({
      id: 'inv_7',
      firmName: 'Analytical Ventures',
    });
    expect(stored.items[0].searchableInvestorEntry).not.toHaveProperty('portfolioCompanies');
  });

  it('says so when there is no such investor', async () => {
    openProfile({ status: 404, body: { error: { code: 'not-found', message: 'Investor not found' } } });

    expect(await screen.findByText(INVESTOR_NOT_FOUND)).toBeTruthy();
  });
});

describe('an old investor id (issue 48)', () => {
  const NOT_FOUND = { status: 404, body: { error: { code: 'not-found', message: 'Investor not found' } } };

  /** The profile at an old id (404), and what the founder's moved-investors answer says of it. */
  const openOld = (moved: { status?: number; body: unknown }) => {
    const reads: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url) => {
        const path = new URL(url, 'http://localhost').pathname.replace(/^.*\/api/, '');
        reads.push(path);
        if (path === '/investors/inv_old') return NOT_FOUND;
        if (path === '/me/moved-investors/inv_old') return moved;
        if (path === '/investors/inv_7') return { body: { data: profile() } };
        if (path === '/me/bought-investors') return { body: { data: { investorIds: [] } } };
        if (path === '/me/credits') return { body: { data: { balance: 0, entries: [] } } };
        return NOT_FOUND;
      }),
    );
    renderPage(<InvestorProfilePage />, { path: '/investors/:investorId', route: '/investors/inv_old' });
    return reads;
  };

  it("takes the founder who held it to the investor's new id", async () => {
    const reads = openOld({ body: { data: { id: 'inv_7' } } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Ivers' })).toBeTruthy();
    expect(reads).toContain('/investors/inv_7');
    expect(screen.queryByText(INVESTOR_NOT_FOUND)).toBeNull();
  });

  it('is not found for a founder who did not hold it', async () => {
    const reads = openOld(NOT_FOUND);

    expect(await screen.findByText(INVESTOR_NOT_FOUND)).toBeTruthy();
    expect(reads).toContain('/me/moved-investors/inv_old');
  });

  it('is not found for a visitor, who is never asked about moved ids', async () => {
    setSignedInUser(null);
    const reads = openOld({ body: { data: { id: 'inv_7' } } });

    expect(await screen.findByText(INVESTOR_NOT_FOUND)).toBeTruthy();
    expect(reads.filter((path) => path.startsWith('/me/'))).toEqual([]);
  });
});

describe("the profile's cart state: bought, in the cart, or neither (issue 32)", () => {
  const BOUGHT = {
    searchableInvestorId: 'inv_7',
    name: 'Ada Ivers',
    firm: 'Analytical Ventures',
    email: 'ada.new@analytical.vc',
    linkedinUrl: 'https://www.linkedin.com/in/ada-ivers',
    phone: '+44 20 7946 0958',
    twitterUrl: null,
    crunchbaseUrl: null,
    cartId: 'cart_20260307-AAAA',
    purchasedAt: '2026-03-07T10:00:00.000Z',
    cartIds: ['cart_20260307-AAAA'],
    updates: [
      { field: 'email', status: 'updated', was: 'ada@analytical.vc', changedAt: '2026-05-02T09:00:00.000Z' },
    ],
    updatesUntil: '2027-03-07T10:00:00.000Z',
    sources: {
      email: { by: 'investor', month: '2026-05', verified: true },
      phone: { by: 'import', month: '2026-01' },
    },
  };

  /** The public profile, the library's ids, and the founder's own bought values of the investor (404: not bought). */
  const open = (bought: unknown | null) => {
    const reads: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url) => {
        const path = new URL(url, 'http://localhost').pathname.replace(/^.*\/api/, '');
        reads.push(path);
        if (path === '/investors/inv_7')
          return { body: { data: profile({ hasPhone: true, hasLinkedIn: true }) } };
        if (path === '/me/contacts/inv_7')
          return bought
            ? { body: { data: bought } }
            : { status: 404, body: { error: { code: 'not-found', message: 'Not in your library' } } };
        if (path === '/me/bought-investors')
          return { body: { data: { investorIds: bought ? ['inv_7'] : [] } } };
        if (path === '/me/credits') return { body: { data: { balance: 0, entries: [] } } };
        return { status: 404, body: { error: { message: 'Not found' } } };
      }),
    );
    renderPage(<InvestorProfilePage />, { path: '/investors/:investorId', route: '/investors/inv_7' });
    return reads;
  };

  it('shows the bought values and "Bought <date>", with no add and no "In cart", even when the cart holds it', async () => {
    window.localStorage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cartOf(7)));
    open(BOUGHT);

    expect(await screen.findByText(`Bought ${showDate('2026-03-07T10:00:00.000Z')}`)).toBeTruthy();
    const details = within(screen.getByRole('region', { name: 'Your contact details' }));
    expect(details.getByRole('link', { name: 'ada.new@analytical.vc' }).getAttribute('href')).toBe(
      'mailto:ada.new@analytical.vc',
    );
    // A value changed since it was bought is marked as the library marks it, with the value bought.
    expect(details.getByText(`Updated ${showDate('2026-05-02T09:00:00.000Z')}`)).toBeTruthy();
    expect(details.getByText('was ada@analytical.vc')).toBeTruthy();
    expect(details.getByRole('link', { name: '+44 20 7946 0958' })).toBeTruthy();
    expect(details.getByText('LinkedIn')).toBeTruthy();
    // Where each bought value came from (issue 50), under the value.
    expect(details.getByText('From the investor, confirmed May 2026')).toBeTruthy();
    expect(details.getByText('From an import, Jan 2026')).toBeTruthy();
    // Twitter was not bought: never shown.
    expect(details.queryByText('Twitter')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to Export Cart' })).toBeNull();
    expect(screen.queryByText('In cart')).toBeNull();
    expect(screen.queryByText('Already bought')).toBeNull();
  });

  it('says "In cart" for an investor in the cart and not bought, with no add', async () => {
    window.localStorage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cartOf(7)));
    const reads = open(null);

    expect(await screen.findByText('In cart')).toBeTruthy();
    // The library's ids answer first: an investor not in it is never asked for (no 404 in the console).
    await vi.waitFor(() => expect(reads).toContain('/me/bought-investors'));
    expect(reads).not.toContain('/me/contacts/inv_7');
    expect(screen.queryByRole('button', { name: 'Add to Export Cart' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your contact details' })).toBeNull();
  });

  it('offers only "Add to Export Cart" for an investor neither bought nor in the cart', async () => {
    const reads = open(null);

    expect(await screen.findByRole('button', { name: 'Add to Export Cart' })).toBeTruthy();
    // The library's ids answer first: an investor not in it is never asked for (no 404 in the console).
    await vi.waitFor(() => expect(reads).toContain('/me/bought-investors'));
    expect(reads).not.toContain('/me/contacts/inv_7');
    expect(screen.queryByText('In cart')).toBeNull();
    expect(screen.queryByText(/^Bought /)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your contact details' })).toBeNull();
  });

  it("never asks for a visitor's bought values", async () => {
    setSignedInUser(null);
    const reads = open(BOUGHT);

    expect(await screen.findByRole('button', { name: 'Add to Export Cart' })).toBeTruthy();
    expect(reads.filter((path) => path.startsWith('/me/'))).toEqual([]);
  });
});

describe('profile facts on the profile page (issue 33)', () => {
  it('shows whether the investor is deploying now, and the flag in plain words (issue 52)', async () => {
    openProfile({
      body: {
        data: profile({
          deploying: {
            lastDeal: '2026-03-14',
            dealsLast12Months: 5,
            stagesLast12Months: [
              { stage: 'Seed', count: 4 },
              { stage: 'Series A', count: 1 },
            ],
            fundSize: 150_000_000,
            vintage: 2021,
            noDealIn18Months: false,
            pastInvestmentPeriod: false,
          },
        }),
      },
    });
    const card = within(
      (await screen.findByRole('heading', { level: 2, name: 'Deploying now' })).closest(
        'section',
      ) as HTMLElement,
    );
    expect(card.getByText('Last new investment: March 2026')).toBeTruthy();
    expect(card.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '4 new Seed deals',
      '1 new Series A deal',
    ]);
    expect(card.getByText('$150M')).toBeTruthy();
    expect(card.getByText('2021')).toBeTruthy();
    expect(card.queryByText(/Likely past its investment period/)).toBeNull();
  });

  it('says when a fund is likely past its investment period, and nothing without the data', async () => {
    openProfile({
      body: {
        data: profile({
          deploying: {
            lastDeal: '2023',
            dealsLast12Months: 0,
            stagesLast12Months: [],
            fundSize: null,
            vintage: 2018,
            noDealIn18Months: true,
            pastInvestmentPeriod: true,
          },
        }),
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Deploying now' });
    expect(screen.getByText('Last new investment: 2023')).toBeTruthy();
    expect(screen.getByText('No new deal in the last 12 months')).toBeTruthy();
    expect(screen.getByText(/^Likely past its investment period: /)).toBeTruthy();
    cleanup();
    openProfile({ body: { data: profile() } });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Deploying now' })).toBeNull();
  });

  it('shows the whole thesis, website, lead or follow, typical cheque, where they invest, portfolio and deals', async () => {
    openProfile({
      body: {
        data: profile({
          thesis: 'Backing technical founders.\n\nFrom pre-seed, often first.',
          website: 'https://www.analytical.example/about',
          leadOrFollow: 'both',
          typicalCheque: 500_000,
          geographicFocus: ['Portugal', 'Spain'],
          portfolio: [{ name: 'Loom Labs', website: 'https://loom.example', stage: 'Seed', year: 2021 }],
          recentInvestments: [{ company: 'Kite', round: 'Series A', date: '2025-03', amount: 4_000_000 }],
          profileConfirmed: {
            thesis: { by: 'investor', month: '2026-03' },
            portfolio: { by: 'import', month: '2025-11' },
          },
        }),
      },
    });

    await screen.findByRole('heading', { level: 2, name: 'Thesis' });
    expect(screen.getByText(/Backing technical founders\.\s+From pre-seed, often first\./)).toBeTruthy();
    expect(screen.getByText('Confirmed by the investor Mar 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'analytical.example' }).getAttribute('href')).toBe(
      'https://www.analytical.example/about',
    );
    expect(screen.getByText('Leads or follows')).toBeTruthy();
    expect(screen.getByText('$500K')).toBeTruthy();
    expect(screen.getByText('Portugal, Spain')).toBeTruthy();
    const portfolio = within(screen.getByRole('table', { name: 'Portfolio (1)' }));
    expect(portfolio.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'CompanyStageYear',
      'Loom Labsloom.exampleSeed2021',
    ]);
    expect(screen.getByText('Confirmed Nov 2025')).toBeTruthy();
    const deals = within(screen.getByRole('table', { name: 'Recent investments' }));
    expect(deals.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'CompanyRoundDateAmount',
      'KiteSeries AMar 2025$4M',
    ]);
  });

  it('leaves out what nobody says', async () => {
    openProfile({
      body: {
        data: profile({ portfolio: [], recentInvestments: [], leadOrFollow: null, leadsRounds: null }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Ada Ivers' });
    expect(screen.queryByRole('heading', { name: 'Thesis' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Lead or follow')).toBeNull();
  });
});

describe('search result cards', () => {
  it('show the first line of the thesis, whole in its title (the line is cut by the card’s width)', () => {
    renderPage(
      <InvestorCard
        investor={profile({ thesisLine: 'Backing technical founders in payments.' })}
        inCart={false}
        onAdd={() => undefined}
        showDebugLink={false}
      />,
    );
    const line = screen.getByText('Backing technical founders in payments.');
    expect(line.className).toContain('investor-thesis-line');
    expect(line.getAttribute('title')).toBe('Backing technical founders in payments.');
  });

  it('show title and firm, places and cheque range, and link the name to the profile', () => {
    renderPage(
      <InvestorCard investor={profile()} inCart={false} onAdd={() => undefined} showDebugLink={false} />,
    );

    expect(screen.getByText('General Partner · Analytical Ventures')).toBeTruthy();
    expect(screen.getByText('Lisbon, Portugal')).toBeTruthy();
    expect(screen.getByText('Cheque $250K–$1M')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ada Ivers' }).getAttribute('href')).toBe('/investors/inv_7');
  });

  it('name together the contact details confirmed in the same month', () => {
    renderPage(
      <InvestorCard
        investor={profile({
          hasPhone: true,
          hasLinkedIn: true,
          contactConfirmed: { email: '2026-02', phone: '2025-07', linkedin: '2026-02' },
        })}
        inCart={false}
        onAdd={() => undefined}
        showDebugLink={false}
      />,
    );

    const contacts = within(screen.getByRole('list', { name: 'Contact details of Ada Ivers' }));
    expect(contacts.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Email, LinkedIn · confirmed Feb 2026',
      'Phone · confirmed Jul 2025',
    ]);
  });

  it('say when each contact detail was last confirmed', () => {
    renderPage(
      <InvestorCard
        investor={profile({ hasPhone: true, contactConfirmed: { email: '2026-02', phone: '2025-07' } })}
        inCart={false}
        onAdd={() => undefined}
        showDebugLink={false}
      />,
    );

    const contacts = within(screen.getByRole('list', { name: 'Contact details of Ada Ivers' }));
    expect(contacts.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Email · confirmed Feb 2026',
      'Phone · confirmed Jul 2025',
    ]);
  });

  it('leave the facts out for a card saved before they existed', () => {
    renderPage(
      <InvestorCard investor={investor(3)} inCart={false} onAdd={() => undefined} showDebugLink={false} />,
    );

    expect(screen.getByRole('heading', { name: 'Investor 03' })).toBeTruthy();
    expect(document.querySelector('.investor-facts')).toBeNull();
  });
});
