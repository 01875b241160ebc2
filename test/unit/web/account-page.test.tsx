// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectView } from '../../../shared/api/projects';
import { messages } from '../../../shared/messages';
import { PROJECT_NAME_REQUIRED } from '../../../shared/projects/project';
import { showDate } from '../../../web/components/dates';
import { AccountPage } from '../../../web/pages/account/account-page';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const ME = {
  userId: 'user-1',
  email: 'founder@example.com',
  name: null,
  verifiedEmail: true,
  type: null,
  projects: ['prj_1'],
  createdAt: '2026-01-02T10:00:00.000Z',
  isAdmin: false,
};

const PROJECT: ProjectView = {
  id: 'prj_1',
  creatorUserId: 'user-1',
  name: 'Acme Rockets',
  description: 'Reusable rockets for small satellites.',
  createdAt: '2026-03-07T10:00:00.000Z',
  updatedAt: '2026-03-08T10:00:00.000Z',
  startupStatus: ['Building', 'Raising'],
  sectors: ['space', 'hardware'],
  stripeConnectCode: null,
  stripeConnectScope: null,
  stripeConnectTimestamp: null,
  raise: null,
  paymentConnection: { state: 'not-connected', connectedAt: null },
};

type Answer = { status?: number; body: unknown };
let answers: Record<
  '/me' | '/me/contacts' | '/me/credits' | '/projects' | '/me/update-emails' | '/me/saved-searches',
  Answer
>;
let requests: { path: string; method: string; body: unknown }[];

beforeEach(() => {
  setSignedInUser({});
  answers = {
    '/me': { body: { data: ME } },
    '/me/contacts': { body: { data: { contacts: [] } } },
    '/me/credits': { body: { data: { balance: 0, entries: [] } } },
    '/projects': { body: { data: { projects: [] } } },
    '/me/update-emails': { body: { data: { ...ME, updateEmails: false } } },
    '/me/saved-searches': { body: { data: { savedSearches: [], max: 20, alerts: true } } },
  };
  requests = [];
  vi.stubGlobal(
    'fetch',
    answerFetch((url, init) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^.*\/api/, '') as keyof typeof answers;
      requests.push({
        path,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      return answers[path] ?? { status: 404, body: { error: { message: 'Not found' } } };
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const panel = (name: string) => screen.getByRole('heading', { name }).closest('.card') as HTMLElement;

describe('the account page', () => {
  it("shows 'Loading account settings...', then the heading and the read-only email", async () => {
    renderPage(<AccountPage />);
    expect(screen.getByText(messages.loadingAccountSettings)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('founder@example.com');
    expect(email.readOnly).toBe(true);
  });

  it('sends a visitor to /login', async () => {
    setSignedInUser(null);
    renderPage(<AccountPage />, { path: '/account/settings' });
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
  });

  it("warns 'You don't have any contacts.' with a way to the directory", async () => {
    renderPage(<AccountPage />);
    const empty = await screen.findByText(messages.noContacts);
    const state = empty.closest('.empty-state') as HTMLElement;
    expect(state.className).toContain('empty-state-warning');
    expect(within(state).getByRole('link', { name: 'Browse the VC Database' }).getAttribute('href')).toBe(
      '/find-vc',
    );
  });

  it("says 'You don't have any projects.' and points to the new project form", async () => {
    renderPage(<AccountPage />);
    const empty = await screen.findByText(messages.noProjects);
    const link = within(empty.closest('.empty-state') as HTMLElement).getByRole('link', {
      name: 'Create your first project',
    });
    expect(link.getAttribute('href')).toBe('#new-project');
    expect(document.getElementById('new-project')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'List a New Project' })).toBeTruthy();
  });

  it('lists a project with its name, description, created date, statuses and sectors, opening it on click', async () => {
    answers['/projects'] = { body: { data: { projects: [PROJECT] } } };
    renderPage(<AccountPage />, { path: '/account/settings' });
    const row = await screen.findByRole('link', { name: /Acme Rockets/ });
    expect(row.textContent).toContain('Reusable rockets for small satellites.');
    // One way of writing dates (issue 32): the reader's locale, here jsdom's en-US.
    expect(row.textContent).toContain(`Created ${showDate('2026-03-07T10:00:00.000Z')}`);
    expect(row.textContent).toContain('Created Mar 7, 2026');
    expect(row.textContent).toContain('Building, Raising');
    expect(within(row).getByText('space')).toBeTruthy();
    expect(within(row).getByText('hardware')).toBeTruthy();
    await userEvent.setup().click(row);
    expect((await screen.findByTestId('location')).textContent).toBe('/project/prj_1');
  });

  it("lists a new project: 'Saving...' while it saves, then its page opens", async () => {
    let answer: (response: Response) => void = () => undefined;
    const answerOthers = answerFetch((url) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^.*\/api/, '') as keyof typeof answers;
      return answers[path] ?? { status: 404, body: { error: { message: 'Not found' } } };
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/projects') && init?.method === 'POST'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : answerOthers(input, init),
    );
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/account/settings' });
    await user.type(await screen.findByLabelText('Project name'), 'Acme Rockets');
    await user.type(screen.getByLabelText('Description'), 'Reusable rockets.');
    await user.click(screen.getByRole('button', { name: 'List Project' }));
    expect(await screen.findByRole('button', { name: messages.saving })).toBeTruthy();
    answer(
      new Response(JSON.stringify({ data: PROJECT }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect((await screen.findByTestId('location')).textContent).toBe('/project/prj_1');
  });

  it('says why a new project was refused, and sends nothing without a name', async () => {
    const user = userEvent.setup();
    renderPage(<AccountPage />, { path: '/account/settings' });
    await user.type(await screen.findByLabelText('Description'), 'Reusable rockets.');
    await user.click(screen.getByRole('button', { name: 'List Project' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PROJECT_NAME_REQUIRED);
  });

  it('lists bought contacts with their email and LinkedIn', async () => {
    answers['/me/contacts'] = {
      body: {
        data: {
          contacts: [
            {
              searchableInvestorId: 'inv_1',
              name: 'Ada Abernook',
              email: 'ada@example.com',
              linkedinUrl: 'https://www.linkedin.com/in/ada',
              cartId: 'cart_1',
              purchasedAt: '2026-03-07T10:00:00.000Z',
              cartIds: ['cart_1'],
              updatesUntil: '2027-03-07T10:00:00.000Z',
            },
          ],
        },
      },
    };
    renderPage(<AccountPage />);
    const library = await screen.findByRole('table');
    expect(within(library).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe(
      'mailto:ada@example.com',
    );
    expect(within(panel('Contact Library')).queryByText(messages.noContacts)).toBeNull();
  });

  it('adds a column for the phone, Twitter or Crunchbase bought, only once some contact has one', async () => {
    const contact = (id: string, extra: Record<string, string | null>) => ({
      searchableInvestorId: id,
      name: `Investor ${id}`,
      email: null,
      linkedinUrl: null,
      cartId: 'cart_1',
      purchasedAt: '2026-03-07T10:00:00.000Z',
      cartIds: ['cart_1'],
      updatesUntil: '2027-03-07T10:00:00.000Z',
      ...extra,
    });
    answers['/me/contacts'] = {
      body: {
        data: {
          contacts: [
            contact('inv_1', { phone: '+1 555 0100', twitterUrl: 'https://twitter.com/one' }),
            contact('inv_2', {}),
          ],
        },
      },
    };
    renderPage(<AccountPage />);
    const library = await screen.findByRole('table');
    expect(
      within(library)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Firm', 'Email', 'LinkedIn', 'Phone', 'Twitter', 'Bought', 'Pipeline and report']);
    // Each row offers "Report wrong data" (issue 20).
    expect(within(library).getAllByRole('button', { name: /^Report wrong data: / }).length).toBeGreaterThan(
      0,
    );
    expect(within(library).getByText('+1 555 0100')).toBeTruthy();
    // jsdom's accessible name drops the space before the hidden text; browsers read 'Profile of …'.
    expect(
      within(library).getByRole('link', {
        name: /^Profile ?of Investor inv_1 on Twitter \(opens in a new tab\)$/,
      }),
    ).toBeTruthy();
  });

  it("says 'User profile not found.' when there is no profile, 'Failed to fetch profile.' on other errors", async () => {
    answers['/me'] = { status: 404, body: { error: { message: 'Not found' } } };
    const { unmount } = renderPage(<AccountPage />);
    expect(await screen.findByText(messages.userProfileNotFound)).toBeTruthy();
    unmount();
    answers['/me'] = { status: 500, body: { error: { message: 'Internal error' } } };
    renderPage(<AccountPage />);
    expect(await screen.findByText(messages.failedToFetchProfile)).toBeTruthy();
  });

  it('shows a failed library or project list as an error, not as empty', async () => {
    answers['/me/contacts'] = { status: 500, body: { error: { message: 'Internal error' } } };
    answers['/projects'] = { status: 500, body: { error: { message: 'Internal error' } } };
    renderPage(<AccountPage />);
    await screen.findByRole('heading', { name: 'Contact Library' });
    expect(await within(panel('Contact Library')).findByText(messages.anErrorOccurred)).toBeTruthy();
    expect(await within(panel('Projects')).findByText(messages.anErrorOccurred)).toBeTruthy();
    expect(screen.queryByText(messages.noContacts)).toBeNull();
    expect(screen.queryByText(messages.noProjects)).toBeNull();
  });

  it('shows a bought value changed since as "Updated" with the date and the value bought, a removed one as "Removed"', async () => {
    answers['/me/contacts'] = {
      body: {
        data: {
          contacts: [
            {
              searchableInvestorId: 'inv_1',
              name: 'Ada Abernook',
              email: 'new@example.com',
              linkedinUrl: null,
              cartId: 'cart_1',
              purchasedAt: '2026-03-07T10:00:00.000Z',
              cartIds: ['cart_1'],
              updates: [
                {
                  field: 'email',
                  status: 'updated',
                  was: 'old@example.com',
                  changedAt: '2026-05-02T09:00:00.000Z',
                },
                {
                  field: 'linkedinUrl',
                  status: 'removed',
                  was: 'https://www.linkedin.com/in/ada',
                  changedAt: '2026-05-03T09:00:00.000Z',
                },
              ],
              updatesUntil: '2027-03-07T10:00:00.000Z',
            },
          ],
        },
      },
    };
    renderPage(<AccountPage />);
    const library = await screen.findByRole('table');
    expect(within(library).getByRole('link', { name: 'new@example.com' })).toBeTruthy();
    expect(within(library).getByText('Updated May 2, 2026')).toBeTruthy();
    expect(within(library).getByText('was old@example.com')).toBeTruthy();
    expect(within(library).getByText('Removed May 3, 2026')).toBeTruthy();
    expect(within(library).getByText('was https://www.linkedin.com/in/ada')).toBeTruthy();
  });

  it('offers "Download refreshed CSV" within 12 months of a purchase only', async () => {
    const bought = (cartId: string, purchasedAt: string) => ({
      searchableInvestorId: `inv_${cartId}`,
      name: `Investor ${cartId}`,
      email: null,
      linkedinUrl: null,
      cartId,
      purchasedAt,
      cartIds: [cartId],
      updatesUntil: purchasedAt,
    });
    const recent = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    answers['/me/contacts'] = {
      body: {
        data: {
          contacts: [bought('cart_new', recent), bought('cart_old', old)],
          total: 2,
          matching: 2,
          purchases: [
            { cartId: 'cart_old', purchasedAt: old },
            { cartId: 'cart_new', purchasedAt: recent },
          ],
        },
      },
    };
    renderPage(<AccountPage />);
    await screen.findByRole('table');
    // Each purchase is named by the day it was bought, not by its id.
    expect(
      screen.getByRole('button', { name: `Download refreshed CSV: purchase of ${showDate(recent)}` }),
    ).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: `Download refreshed CSV: purchase of ${showDate(old)}` }),
    ).toBeNull();
    expect(
      screen.getByRole('button', { name: `Download CSV again: purchase of ${showDate(old)}` }),
    ).toBeTruthy();
    const purchases = screen.getByRole('list', { name: 'Your purchases' });
    expect(purchases.textContent).not.toMatch(/cart_/);
  });

  it('turns the weekly update emails off with the switch', async () => {
    const user = userEvent.setup();
    renderPage(<AccountPage />);
    const toggle = (await screen.findByRole('switch', { name: 'Weekly update emails' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    await user.click(toggle);
    await vi.waitFor(() => expect(toggle.checked).toBe(false));
    expect(requests.find((r) => r.path === '/me/update-emails')).toEqual({
      path: '/me/update-emails',
      method: 'PUT',
      body: { enabled: false },
    });
  });

  it('shows the credits: the balance and the history, granted for a report, redeemed for an investor, given for a paid contact no longer in the directory', async () => {
    answers['/me/credits'] = {
      body: {
        data: {
          balance: 1,
          entries: [
            {
              kind: 'redeemed',
              at: '2026-03-05T10:00:00.000Z',
              investorId: 'inv-2',
              investorName: 'Bea Chosen',
              reportId: null,
              cartId: 'cart_20260305-ABCDEFGH',
            },
            {
              kind: 'granted',
              at: '2026-03-04T10:00:00.000Z',
              investorId: 'inv-1',
              investorName: 'Ada Bounced',
              reportId: 'r-1',
              cartId: null,
            },
            {
              kind: 'granted',
              at: '2026-03-03T10:00:00.000Z',
              investorId: 'inv-3',
              investorName: 'Cy Bounced',
              reportId: 'r-2',
              cartId: null,
            },
            {
              kind: 'undelivered',
              at: '2026-03-02T10:00:00.000Z',
              investorId: 'inv-4',
              investorName: 'Dee Gone',
              reportId: null,
              cartId: 'cart_20260301-ABCDEFGH',
            },
          ],
        },
      },
    };
    renderPage(<AccountPage />);
    const credits = await screen.findByRole('heading', { name: 'Credits' });
    const card = credits.closest('.card') as HTMLElement;
    expect((await within(card).findByTestId('credit-balance')).textContent).toBe('You have 1 credit.');
    const items = within(within(card).getByRole('list', { name: 'Credit history' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.replace(/[A-Z][a-z]{2} \d{1,2}, \d{4}$/, ''))).toEqual([
      '−1 redeemed for Bea Chosen',
      '+1 granted for your report about Ada Bounced',
      '+1 granted for your report about Cy Bounced',
      '+1 for Dee Gone, no longer in the directory (cart cart_20260301-ABCDEFGH)',
    ]);
    // Its page is gone: the name is not a link.
    expect(within(card).queryByRole('link', { name: 'Dee Gone' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Bea Chosen' }).getAttribute('href')).toBe(
      '/investors/inv-2',
    );
  });
});
