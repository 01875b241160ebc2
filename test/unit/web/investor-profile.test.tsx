// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvestorProfile } from '../../../shared/api/directory';
import {
  INVESTOR_NOT_FOUND,
  InvestorProfilePage,
} from '../../../web/pages/investor-profile/investor-profile-page';
import { InvestorCard } from '../../../web/pages/investor-search/investor-card';
import { EXPORT_CART_STORAGE_KEY } from '../../../web/stores/export-cart';
import { setSignedInUser } from './support/amplify-auth-mock';
import { investor } from './support/investors';
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
    expect(screen.getByText('Yes')).toBeTruthy();
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

describe('search result cards', () => {
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
