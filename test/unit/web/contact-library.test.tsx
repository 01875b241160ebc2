// @vitest-environment jsdom

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PurchasedContactResponse } from '../../../shared/api/account';
import { foldText } from '../../../shared/library/library-query';
import { showDate } from '../../../web/components/dates';
import { AccountPage } from '../../../web/pages/account/account-page';
import {
  CRM_EXPORT_LABEL,
  LIBRARY_SEARCH_LABEL,
  LIBRARY_SORT_LABEL,
  LOAD_MORE_CONTACTS,
} from '../../../web/pages/account/contact-library';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const contact = (
  id: string,
  name: string,
  firm: string | null,
  email: string,
  extra: Partial<PurchasedContactResponse> = {},
): PurchasedContactResponse => ({
  searchableInvestorId: id,
  name,
  firm,
  email,
  linkedinUrl: null,
  phone: null,
  twitterUrl: null,
  crunchbaseUrl: null,
  cartId: 'cart_20260307-AAAA',
  purchasedAt: '2026-03-07T10:00:00.000Z',
  cartIds: ['cart_20260307-AAAA'],
  purchases: [{ cartId: 'cart_20260307-AAAA', purchasedAt: '2026-03-07T10:00:00.000Z' }],
  updates: [],
  updatesUntil: '2027-03-07T10:00:00.000Z',
  ...extra,
});

const LIBRARY = [
  contact('inv_a', 'Ada Lovelace', 'Northwind Ventures', 'ada@northwind.vc', {
    phone: '+44 20 7946 0958',
    sources: {
      email: { by: 'investor', month: '2026-03', verified: true },
      phone: { by: 'import', month: '2026-01' },
    },
  }),
  contact('inv_b', 'Bo Brown', 'Acme Capital', 'bo@acme.example'),
  contact('inv_c', 'Cy Angel', null, 'cy@angel.example'),
];

/** What the server answers: the stub searches and pages like the API (the order it takes as given). */
let requests: URL[];
let pageSize: number;

beforeEach(() => {
  setSignedInUser({});
  requests = [];
  pageSize = 50;
  vi.stubGlobal(
    'fetch',
    answerFetch((url) => {
      const parsed = new URL(url, 'http://localhost');
      const path = parsed.pathname.replace(/^.*\/api/, '');
      requests.push(parsed);
      if (path === '/me')
        return {
          body: {
            data: {
              userId: 'user-1',
              email: 'founder@example.com',
              name: null,
              verifiedEmail: true,
              type: null,
              projects: [],
              createdAt: '2026-01-01T00:00:00.000Z',
              isAdmin: false,
            },
          },
        };
      if (path === '/me/credits') return { body: { data: { balance: 0, entries: [] } } };
      if (path === '/projects') return { body: { data: { projects: [] } } };
      if (path === '/me/crm-export')
        return {
          body: {
            data: {
              url: `http://files.example/contacts-${parsed.searchParams.get('format')}.csv`,
              fileName: 'contacts.csv',
              expiresAt: '2026-03-07T10:05:00.000Z',
              rowCount: 3,
            },
          },
        };
      if (path === '/me/contacts') {
        const q = foldText(parsed.searchParams.get('q') ?? '');
        const matching = LIBRARY.filter((c) => foldText(`${c.name} ${c.firm ?? ''} ${c.email}`).includes(q));
        const start = Number(parsed.searchParams.get('cursor') ?? 0);
        const page = matching.slice(start, start + pageSize);
        const next = start + pageSize < matching.length ? String(start + pageSize) : null;
        return {
          body: {
            data: {
              contacts: page,
              total: LIBRARY.length,
              matching: matching.length,
              cursor: next,
              purchases: [{ cartId: 'cart_20260307-AAAA', purchasedAt: '2026-03-07T10:00:00.000Z' }],
            },
          },
        };
      }
      return { status: 404, body: { error: { message: 'Not found' } } };
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const libraryRequests = () => requests.filter((r) => r.pathname.endsWith('/me/contacts'));

describe('the contact library on the account page', () => {
  it('shows a firm column, the date bought and a link to each investor, with the count', async () => {
    renderPage(<AccountPage />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Firm', 'Email', 'LinkedIn', 'Phone', 'Bought', 'Pipeline and report']);
    const ada = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).getByText('Northwind Ventures')).toBeTruthy();
    expect(within(ada).getByText(showDate('2026-03-07T10:00:00.000Z'))).toBeTruthy();
    expect(within(ada).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      '/investors/inv_a',
    );
    expect(within(ada).getByRole('link', { name: '+44 20 7946 0958' }).getAttribute('href')).toBe(
      'tel:+442079460958',
    );
    expect(within(table).getByRole('row', { name: /Cy Angel/ }).textContent).toContain('—');
    // Where each value came from and when (issue 50), under the value; none without a known source.
    expect(within(ada).getByText('ada@northwind.vc').closest('td')?.textContent).toContain(
      'From the investor, confirmed Mar 2026',
    );
    expect(within(ada).getByText('From an import, Jan 2026')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Bo Brown/ }).textContent).not.toContain('From ');
    expect(screen.getByTestId('library-count').textContent).toBe('3 contacts');
    // Sorted by name, the default: the Name header says so.
    expect(within(table).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('searches by name, firm or email on the server, and says how many match', async () => {
    const user = userEvent.setup();
    renderPage(<AccountPage />);
    await screen.findByRole('table');
    await user.type(screen.getByLabelText(LIBRARY_SEARCH_LABEL), 'north');
    await waitFor(() =>
      expect(screen.getByTestId('library-count').textContent).toBe('1 of 3 contacts match “north”'),
    );
    expect(libraryRequests().at(-1)?.searchParams.get('q')).toBe('north');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Ada Lovelace']);
  });

  it('says when nothing matches, and clears the search on request', async () => {
    const user = userEvent.setup();
    renderPage(<AccountPage />);
    await screen.findByRole('table');
    await user.type(screen.getByLabelText(LIBRARY_SEARCH_LABEL), 'zzz');
    expect(await screen.findByText('No contacts match “zzz”.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(screen.getByTestId('library-count').textContent).toBe('3 contacts'));
    expect((screen.getByLabelText(LIBRARY_SEARCH_LABEL) as HTMLInputElement).value).toBe('');
  });

  it('asks the server for the order chosen: firm, or the date bought newest first', async () => {
    const user = userEvent.setup();
    renderPage(<AccountPage />);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText(LIBRARY_SORT_LABEL), 'Firm (A–Z)');
    await waitFor(() => expect(libraryRequests().at(-1)?.searchParams.get('sort')).toBe('firm'));
    expect(libraryRequests().at(-1)?.searchParams.get('order')).toBe('asc');
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Firm' }).getAttribute('aria-sort')).toBe('ascending'),
    );
    await user.selectOptions(screen.getByLabelText(LIBRARY_SORT_LABEL), 'Date bought (newest first)');
    await waitFor(() => expect(libraryRequests().at(-1)?.searchParams.get('sort')).toBe('bought'));
    expect(libraryRequests().at(-1)?.searchParams.get('order')).toBe('desc');
  });

  it('loads the next page with the cursor and keeps the rows shown', async () => {
    pageSize = 2;
    const user = userEvent.setup();
    renderPage(<AccountPage />);
    await screen.findByRole('table');
    expect(screen.getByTestId('library-count').textContent).toBe('Showing 2 of 3 contacts');
    await user.click(screen.getByRole('button', { name: LOAD_MORE_CONTACTS }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
    expect(libraryRequests().at(-1)?.searchParams.get('cursor')).toBe('2');
    expect(screen.getByTestId('library-count').textContent).toBe('3 contacts');
    expect(screen.queryByRole('button', { name: LOAD_MORE_CONTACTS })).toBeNull();
  });

  it('shows cards on a phone: each value under its label, no table', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderPage(<AccountPage />);
    const cards = await screen.findByRole('list', { name: 'Your contacts' });
    expect(screen.queryByRole('table')).toBeNull();
    const ada = within(cards).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(ada).getByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(ada.textContent).toContain(`Northwind Ventures · Bought ${showDate('2026-03-07T10:00:00.000Z')}`);
    // Each value with where it came from and when (issue 50).
    expect(within(ada).getByText('Email').nextElementSibling?.textContent).toBe(
      'ada@northwind.vcFrom the investor, confirmed Mar 2026',
    );
    expect(within(ada).getByText('Phone').nextElementSibling?.textContent).toBe(
      '+44 20 7946 0958From an import, Jan 2026',
    );
    expect(within(ada).getByRole('button', { name: 'Report wrong data: Ada Lovelace' })).toBeTruthy();
  });

  it('downloads the whole library for HubSpot or Salesforce', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
    const user = userEvent.setup();
    renderPage(<AccountPage />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: `${CRM_EXPORT_LABEL}: Salesforce CSV` }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://files.example/contacts-salesforce.csv'));
    await user.click(screen.getByRole('button', { name: `${CRM_EXPORT_LABEL}: HubSpot CSV` }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://files.example/contacts-hubspot.csv'));
  });
});
