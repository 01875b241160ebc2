// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useRoutes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taxonomyLists } from '../../../lambdas/http/taxonomy-public';
import type { Portal } from '../../../shared/api/directory';
import type { InvestorProfileResponse } from '../../../shared/api/investor-profile';
import {
  emptyInvestorProfileFields,
  investorProfileMessages,
} from '../../../shared/investors/investor-profile';
import { DEFAULT_TAXONOMY } from '../../../shared/taxonomy/taxonomy';
import { AppProviders } from '../../../web/app/providers';
import { routes } from '../../../web/app/router';
import { AppNavbar } from '../../../web/components/layout/app-navbar';
import { initRuntimeConfig } from '../../../web/config/runtime-config';
import { SUBMITTED_HEADING } from '../../../web/pages/investor-account/submitted-profile';
import { fetchAuthSession, setSignedInUser, signIn } from './support/amplify-auth-mock';
import { answerFetch, renderPage, TEST_RUNTIME_CONFIG } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const VCN: Portal = {
  id: 'portal-vcn',
  urlIdentifier: 'vcn',
  name: 'VCN Investor Portal',
  description: 'Join the VCN investor network.',
  firm: { name: 'VCN', website: 'https://vcn.example.com' },
  fontFamily: 'Georgia, serif',
};
const INVESTOR = { sub: 'investor-1', email: 'ana@example.com', 'cognito:groups': ['investor'] };
const FOUNDER = { sub: 'founder-1', email: 'founder@example.com' };
/** Waits as long as the suite's default (test/unit/support/setup.ts): the first render imports Amplify. */
const SLOW = {};

const profileAnswer = (
  changes: Partial<InvestorProfileResponse['profile']> = {},
): InvestorProfileResponse => ({
  profile: {
    ...emptyInvestorProfileFields('ana@example.com'),
    portalId: 'vcn',
    status: 'draft',
    submittedAt: null,
    updatedAt: null,
    ...changes,
  },
  portal: VCN,
  joinedAt: '2026-11-01T10:00:00.000Z',
});

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Answers the API as the server would for one investor (the portal, the profile, join, save, submit). */
function fakeApi(options: { join?: { status: number; body: unknown }; onJoin?: () => void } = {}) {
  const sent: Sent[] = [];
  let profile = profileAnswer();
  vi.stubGlobal(
    'fetch',
    answerFetch((url, init) => {
      const method = init?.method ?? 'GET';
      const path = url.replace(/^\/api/, '');
      sent.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/portals/vcn') return { body: { data: VCN } };
      if (path === '/investor/join') {
        options.onJoin?.();
        return options.join ?? { body: { data: { portalId: 'vcn', joinedAt: '2026-11-01T10:00:00.000Z' } } };
      }
      if (path === '/investor/profile' && method === 'PATCH') {
        profile = profileAnswer({
          ...profile.profile,
          ...(JSON.parse(String(init?.body)) as object),
          status: 'draft',
          updatedAt: '2026-11-02T10:00:00.000Z',
        });
        return { body: { data: profile } };
      }
      if (path === '/investor/profile/submit') {
        profile = profileAnswer({
          ...profile.profile,
          status: 'submitted',
          submittedAt: '2026-11-02T10:00:01.000Z',
          updatedAt: '2026-11-02T10:00:01.000Z',
        });
        return { body: { data: profile } };
      }
      if (path === '/investor/profile') return { body: { data: profile } };
      if (path === '/taxonomy') return { body: { data: taxonomyLists(DEFAULT_TAXONOMY) } };
      return { status: 404, body: { error: { code: 'not-found', message: 'Not found.' } } };
    }),
  );
  return sent;
}

function CurrentLocation() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function App() {
  return (
    <>
      {useRoutes(routes)}
      <CurrentLocation />
    </>
  );
}

/** The whole app's routes at `route`, as the browser would render them. */
function renderApp(route: string) {
  initRuntimeConfig(TEST_RUNTIME_CONFIG);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <App />
      </MemoryRouter>
    </AppProviders>,
  );
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  fetchAuthSession.mockClear();
  signIn.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a partner portal's steps (issue 21)", () => {
  it("starts from the portal page: a visitor joins or logs in through the portal's steps, a signed-in user goes to the profile step", async () => {
    setSignedInUser(null);
    fakeApi();
    const { unmount } = renderApp('/onboard/vcn');
    const join = await screen.findByRole('link', { name: 'Join as an investor' }, SLOW);
    expect(join.getAttribute('href')).toBe('/portal/vcn/register');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/portal/vcn/login');
    unmount();

    setSignedInUser(FOUNDER);
    renderApp('/onboard/vcn');
    const profile = await screen.findByRole('link', { name: 'Your investor profile' }, SLOW);
    expect(profile.getAttribute('href')).toBe('/portal/vcn/profile');
  });

  it("runs the registration in the portal's branding: its firm, its font, its own login link, no founder navbar", async () => {
    setSignedInUser(null);
    fakeApi();
    renderApp('/portal/vcn/register');

    const header = await screen.findByRole('banner', {}, SLOW);
    expect(within(header).getByRole('link', { name: 'VCN' }).getAttribute('href')).toBe('/onboard/vcn');
    expect(within(header).getByText('VCN Investor Portal')).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.portal-shell')?.style.fontFamily).toBe('Georgia, serif');
    expect(await screen.findByRole('heading', { name: 'Register' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/portal/vcn/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it("sends a signed-out visitor of the profile step to the portal's login, and back to the profile once signed in", async () => {
    setSignedInUser(null);
    fakeApi();
    renderApp('/portal/vcn/profile');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Login' }, SLOW)).toBeTruthy();
    expect(location()).toBe('/portal/vcn/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/portal/vcn/reset-password',
    );
    signIn.mockImplementation(async () => {
      setSignedInUser(FOUNDER);
      return { nextStep: { signInStep: 'DONE' } };
    });
    await user.type(screen.getByLabelText('Email'), FOUNDER.email);
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByRole('heading', { name: 'Join VCN Investor Portal as an investor' }, SLOW),
    ).toBeTruthy();
    expect(location()).toBe('/portal/vcn/profile');
  });

  it("sends an unverified user inside the portal's steps to the portal's own verification page", async () => {
    setSignedInUser({ email_verified: false });
    fakeApi();
    renderApp('/portal/vcn/profile');

    expect(await screen.findByRole('heading', { name: 'Verify your email' }, SLOW)).toBeTruthy();
    expect(location()).toBe('/portal/vcn/verify-email');
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('joins, refreshes the session so the token carries the group, then shows the profile form', async () => {
    setSignedInUser(FOUNDER);
    const sent = fakeApi({ onJoin: () => setSignedInUser({ ...FOUNDER, 'cognito:groups': ['investor'] }) });
    renderApp('/portal/vcn/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Join as an investor' }, SLOW));

    expect(await screen.findByRole('form', { name: 'Your investor profile' }, SLOW)).toBeTruthy();
    expect(sent.find((call) => call.path === '/investor/join')).toEqual({
      method: 'POST',
      path: '/investor/join',
      body: { portalId: 'vcn' },
    });
    expect(fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
  });

  it("shows the server's refusal at the join step, with a way to log out", async () => {
    setSignedInUser(FOUNDER);
    const message = 'This account already has projects: it is a founder’s account.';
    fakeApi({ join: { status: 409, body: { error: { code: 'aborted', message } } } });
    renderApp('/portal/vcn/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Join as an investor' }, SLOW));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(within(alert).getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/logout');
  });
});

describe("the investor's profile form", () => {
  it('lists everything missing before a submission, without asking the server', async () => {
    setSignedInUser(INVESTOR);
    const sent = fakeApi();
    renderApp('/portal/vcn/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Submit for review' }, SLOW));

    const alert = await screen.findByRole('alert');
    for (const message of [
      investorProfileMessages.nameRequired,
      investorProfileMessages.typeRequired,
      investorProfileMessages.stageRequired,
      investorProfileMessages.sectorRequired,
    ])
      expect(alert.textContent).toContain(message);
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('saves and submits what the form shows, then shows the submitted state and what founders may buy', async () => {
    setSignedInUser(INVESTOR);
    const sent = fakeApi();
    renderApp('/portal/vcn/profile');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Your investor profile' }, SLOW);

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Ana Ribeiro');
    await user.selectOptions(within(form).getByLabelText(/^Investor type/), 'angel');
    await user.click(within(form).getByLabelText('Seed'));
    // Sectors from the taxonomy's list, with the keyboard (a synonym finds its entry).
    const sectors = within(form).getByRole('combobox', { name: /^Sectors/ });
    await user.click(sectors);
    await user.keyboard('payments');
    await within(form).findByRole('option', { name: 'Fintech' }, SLOW);
    await user.keyboard('{Enter}healthc');
    await within(form).findByRole('option', { name: 'Health' }, SLOW);
    await user.keyboard('{Enter}');
    await user.type(within(form).getByLabelText('Smallest cheque (US$)'), '25k');
    await user.type(within(form).getByLabelText('LinkedIn'), 'linkedin.com/in/ana');
    await user.click(within(form).getByLabelText('Founders may buy my LinkedIn'));
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByRole('heading', { name: SUBMITTED_HEADING }, SLOW)).toBeTruthy();
    const writes = sent.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PATCH /investor/profile',
      'POST /investor/profile/submit',
    ]);
    expect(writes[0]?.body).toMatchObject({
      name: 'Ana Ribeiro',
      investorType: 'angel',
      stages: ['seed'],
      sectors: ['Fintech', 'Health'],
      chequeMin: 25_000,
      chequeMax: null,
      links: { linkedin: 'linkedin.com/in/ana' },
      foundersMayBuy: { email: false, linkedin: true },
    });
    expect(screen.getByText(/we will email you at ana@example\.com/)).toBeTruthy();
    const summary = screen.getByText('Founders may buy').closest('div');
    expect(summary?.textContent).toContain('LinkedIn');

    // Editing again says what a save does to a submitted profile.
    await user.click(screen.getByRole('button', { name: 'Edit your profile' }));
    expect(await screen.findByText(investorProfileMessages.submitted)).toBeTruthy();
  });
});

describe('an investor on the main site', () => {
  it("sees their profile instead of a founder's pages, and no Cart or Podcasts in the navbar", async () => {
    setSignedInUser(INVESTOR);
    fakeApi();
    renderApp('/account/settings');

    expect(await screen.findByRole('heading', { name: 'Your investor profile' }, SLOW)).toBeTruthy();
    expect(location()).toBe('/investor/profile');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent?.trim());
    expect(links).toEqual(expect.arrayContaining(['VC Database', 'Your investor profile', 'Logout']));
    expect(links.some((name) => name?.startsWith('Cart'))).toBe(false);
    expect(links).not.toContain('Podcasts');
  });

  it('keeps the navbar of a founder as it was', async () => {
    setSignedInUser(FOUNDER);
    renderPage(<AppNavbar />);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: /founder@example\.com/ });
    expect(within(nav).getAllByRole('link', { name: /^Cart/ })).toHaveLength(2);
    expect(within(nav).queryByRole('link', { name: 'Your investor profile' })).toBeNull();
  });
});
