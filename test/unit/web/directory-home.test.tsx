// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectoryMetadataResponse } from '../../../shared/api/directory';
import { DIRECTORY_EMPTY, DirectoryHomePage } from '../../../web/pages/directory-home/directory-home-page';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const tag = (tagKey: string, count: number) => ({ tagKey, count, variants: [tagKey] });

const METADATA: DirectoryMetadataResponse = {
  id: 'current',
  stageFocus: ['seed', 'pre-seed', 'series a'],
  sectorFocus: ['fintech', 'climate', 'biotech', 'ai'],
  stageFocusWeighted: [tag('series a', 40), tag('seed', 120), tag('pre-seed', 90)],
  sectorFocusWeighted: [tag('fintech', 12), tag('climate', 30), tag('biotech', 1), tag('ai', 2)],
  totalInvestors: 12345,
  totalInvestorsWithEmail: 9876,
  totalInvestorsWithPhone: 10,
  totalInvestorsWithLinkedIn: 5432,
  totalInvestorsWithTwitter: 3,
  totalInvestorsWithCrunchbase: 4,
  countsByRole: {},
  createdAt: '2026-11-01T10:00:00.000Z',
};

type Answer = { status?: number; body: unknown };
let metadataAnswer: Answer;
let rolesAnswer: Answer;

beforeEach(() => {
  setSignedInUser(null);
  metadataAnswer = { body: { data: METADATA } };
  rolesAnswer = { body: { data: { counts: { vc: 7000, angel: 3000, fund: 1200, unknown: 145 } } } };
  vi.stubGlobal(
    'fetch',
    answerFetch((url) =>
      url.includes('/directory/suggestions')
        ? {
            body: {
              data: {
                suggestions: [
                  { kind: 'sector', label: 'robotics', value: 'robotics', detail: null, count: 12 },
                ],
              },
            },
          }
        : url.endsWith('/directory/role-counts')
          ? rolesAnswer
          : metadataAnswer,
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const section = (name: string) => screen.getByRole('heading', { name }).closest('.card') as HTMLElement;

describe("the directory home's search box (issue 50)", { timeout: 30_000 }, () => {
  const box = () => screen.getByRole('combobox', { name: 'Search' });

  it('searches the words typed on the search page', async () => {
    const user = userEvent.setup();
    renderPage(<DirectoryHomePage />, { path: '/home' });
    await user.type(box(), 'acme ventures{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/investors/search?q=acme+ventures'),
    );
  });

  it("suggests as on the search page, and a chosen value becomes the search page's filter", async () => {
    const user = userEvent.setup();
    renderPage(<DirectoryHomePage />, { path: '/home' });
    await user.type(box(), 'robo');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(within(list).getByRole('option').textContent).toBe('RoboticsSector · 12 investors');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/investors/search?sectorFocus=robotics'),
    );
  });
});

describe('the directory home', () => {
  it('shows the investor count with its email and LinkedIn figures', async () => {
    renderPage(<DirectoryHomePage />);
    expect(await screen.findByText('12,345')).toBeTruthy();
    expect(screen.getByText(/9,876 with email · 5,432 with LinkedIn/)).toBeTruthy();
    expect(screen.queryByText(DIRECTORY_EMPTY)).toBeNull();
  });

  it('lists every investor type with its count, each linking to a search by role', async () => {
    renderPage(<DirectoryHomePage />);
    const types = section('Investor types');
    const vc = await within(types).findByRole('link', { name: /VC\s*7,000/ });
    expect(vc.getAttribute('href')).toBe('/investors/search?role=vc');
    expect(
      within(types)
        .getByRole('link', { name: /Angel\s*3,000/ })
        .getAttribute('href'),
    ).toBe('/investors/search?role=angel');
    // A type with no investors shows 0, not nothing.
    expect(within(types).getByRole('link', { name: /Accelerator\s*0/ })).toBeTruthy();
    // Investors without a type are no public type (issue 50): the list never shows "Unknown".
    expect(within(types).queryByText('Unknown')).toBeNull();
  });

  it('shows the stage tags in stage order, each leading to a search by that stage', async () => {
    renderPage(<DirectoryHomePage />);
    const stages = await screen.findByRole('list', { name: 'Stage focus' });
    const links = within(stages).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Pre-Seed', 'Seed', 'Series A']);
    expect(links[0]?.getAttribute('href')).toBe('/investors/search?stageFocus=pre-seed');
  });

  it('shows sector counts above 1 only, alphabetically, each leading to a search by that sector', async () => {
    renderPage(<DirectoryHomePage />);
    const sectors = await screen.findByRole('list', { name: 'Sector focus' });
    const links = within(sectors).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['AI(2)', 'Climate(30)', 'Fintech(12)']);
    expect(links[1]?.getAttribute('href')).toBe('/investors/search?sectorFocus=climate');
  });

  it('answers where the data comes from and how to report incorrect data by email', async () => {
    renderPage(<DirectoryHomePage />);
    expect(await screen.findByRole('heading', { name: 'Where does the data come from?' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How do I report incorrect data?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'feedback@example.com' }).getAttribute('href')).toBe(
      'mailto:feedback@example.com',
    );
  });

  it('says the directory is empty before the first aggregation', async () => {
    metadataAnswer = { body: { data: null } };
    renderPage(<DirectoryHomePage />);
    expect(await screen.findByText(DIRECTORY_EMPTY)).toBeTruthy();
    expect(within(section('Investors')).getByText('0')).toBeTruthy();
  });

  it("shows a load error of the figures and of the types in danger alerts, in the API's words", async () => {
    metadataAnswer = { status: 500, body: { error: { message: 'The directory is unavailable.' } } };
    rolesAnswer = { status: 500, body: { error: { message: 'The directory is unavailable.' } } };
    renderPage(<DirectoryHomePage />);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.length).toBe(2);
    for (const alert of alerts) {
      expect(alert.className).toContain('alert-danger');
      expect(alert.textContent).toBe('The directory is unavailable.');
    }
  });
});
