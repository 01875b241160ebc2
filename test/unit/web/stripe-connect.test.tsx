// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectView } from '../../../shared/api/projects';
import { CONNECT_STATE_MISSING } from '../../../shared/api/projects';
import { disconnectConfirm, messages } from '../../../shared/messages';
import {
  ConnectStripePage,
  NO_PROJECT_WAITING,
  readConnectReturn,
} from '../../../web/pages/connect-stripe/connect-stripe-page';
import { PROJECT_NOT_FOUND, ProjectPage } from '../../../web/pages/project/project-page';
import { stripeAuthorizeUrl } from '../../../web/pages/project/stripe-authorize-url';
import { STRIPE_CONNECT_PROJECT_KEY } from '../../../web/stores/stripe-connect';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

function project(state: ProjectView['paymentConnection']['state']): ProjectView {
  return {
    id: 'proj_1',
    creatorUserId: 'user-1',
    name: 'Acme Analytics',
    description: 'Dashboards for small shops.',
    createdAt: '2024-03-01T10:00:00.000Z',
    updatedAt: '2024-03-07T10:00:00.000Z',
    startupStatus: [],
    sectors: [],
    stripeConnectCode: state === 'not-connected' ? null : 'ac_123',
    stripeConnectScope: state === 'not-connected' ? null : 'read_write',
    stripeConnectTimestamp: state === 'not-connected' ? null : '2024-03-07T10:00:00.000Z',
    raise: null,
    paymentConnection: { state, connectedAt: state === 'connected' ? '2024-03-07T10:00:05.000Z' : null },
  };
}

beforeEach(() => {
  window.localStorage.clear();
  setSignedInUser({});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Stripe Connect authorize address', () => {
  it('asks for a code with read_write scope, the client id, the return page and the server-made state', () => {
    const url = new URL(
      stripeAuthorizeUrl(
        { authorizeUrl: 'https://connect.stripe.com/oauth/authorize', clientId: 'ca_123' },
        'https://app.example.com/connect/stripe',
        'state_made_by_the_server',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://connect.stripe.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'ca_123',
      scope: 'read_write',
      redirect_uri: 'https://app.example.com/connect/stripe',
      state: 'state_made_by_the_server',
    });
  });
});

describe('reading the return from Stripe', () => {
  const params = (query: string) => new URLSearchParams(query);

  it('takes the code, scope and state for the stored project (the server checks the state)', () => {
    expect(readConnectReturn(params('code=ac_1&scope=read_write&state=st_1'), 'proj_1')).toEqual({
      ok: true,
      projectId: 'proj_1',
      code: 'ac_1',
      scope: 'read_write',
      state: 'st_1',
    });
  });

  it('refuses a return without a stored project, or without a state', () => {
    expect(readConnectReturn(params('code=ac_1&scope=read_write&state=st_1'), null)).toMatchObject({
      ok: false,
      error: NO_PROJECT_WAITING,
    });
    expect(readConnectReturn(params('code=ac_1&scope=read_write'), 'proj_1')).toMatchObject({
      ok: false,
      error: CONNECT_STATE_MISSING,
    });
  });

  it("passes on Stripe's own error", () => {
    const result = readConnectReturn(
      params('error=access_denied&error_description=The+user+denied'),
      'proj_1',
    );
    expect(result).toMatchObject({ ok: false, projectId: 'proj_1' });
    expect(!result.ok && result.error).toMatch(/The user denied$/);
  });
});

describe('the /connect/stripe page', () => {
  it('sends the code once, says Stripe connected! and opens the project', async () => {
    window.localStorage.setItem(STRIPE_CONNECT_PROJECT_KEY, 'proj_1');
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        if (init?.method === 'POST') posts.push({ url, body: JSON.parse(String(init.body)) });
        return { body: { data: project('connected') } };
      }),
    );
    renderPage(<ConnectStripePage />, {
      path: '/connect/stripe',
      route: '/connect/stripe?code=ac_123&scope=read_write&state=SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS',
    });
    expect(await screen.findByText(messages.stripeConnected)).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/project/proj_1');
    expect(posts).toEqual([
      {
        url: '/api/projects/proj_1/stripe/connect',
        body: { code: 'ac_123', scope: 'read_write', state: 'SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS' },
      },
    ]);
    expect(window.localStorage.getItem(STRIPE_CONNECT_PROJECT_KEY)).toBeNull();
  });

  it('shows a refused code in a danger alert', async () => {
    window.localStorage.setItem(STRIPE_CONNECT_PROJECT_KEY, 'proj_1');
    const message = 'Stripe did not accept the authorization code.';
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ status: 400, body: { error: { code: 'invalid-argument', message } } })),
    );
    renderPage(<ConnectStripePage />, {
      path: '/connect/stripe',
      route: '/connect/stripe?code=ac_bad&scope=read_write&state=SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS',
    });
    const alert = await screen.findByText(message);
    expect(alert.closest('.alert-danger')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the project' }).getAttribute('href')).toBe(
      '/project/proj_1',
    );
  });
});

describe('the payment connect panel', () => {
  const openProject = () =>
    renderPage(<ProjectPage />, { path: '/project/:projectId', route: '/project/proj_1' });

  it('offers Disconnect alone while pending and shows the stored code', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ body: { data: project('pending') } })),
    );
    openProject();
    expect(await screen.findByText('Your Stripe account is being connected.')).toBeTruthy();
    expect(screen.getByText(/Code ac_123 received/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect with Stripe' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
  });

  it('disconnects after the confirmation', async () => {
    let connected = true;
    const deletes: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url, init) => {
        if (init?.method === 'DELETE') {
          deletes.push(url);
          connected = false;
        }
        return { body: { data: project(connected ? 'connected' : 'not-connected') } };
      }),
    );
    const user = userEvent.setup();
    openProject();
    expect(await screen.findByText(/Stripe connected as of/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect with Stripe' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(disconnectConfirm('Acme Analytics'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByText(messages.disconnectedFromStripe)).toBeTruthy();
    expect(deletes).toEqual(['/api/projects/proj_1/stripe/connection']);
    expect(await screen.findByRole('button', { name: 'Connect with Stripe' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });

  it("says a deleted (or someone else's) project does not exist, with a way back", async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({
        status: 404,
        body: { error: { code: 'not-found', message: 'Project not found' } },
      })),
    );
    openProject();
    expect(await screen.findByText(PROJECT_NOT_FOUND)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your projects' }).getAttribute('href')).toBe('/account');
    expect(screen.queryByText(messages.failedToLoadProject)).toBeNull();
  });
});
