// @vitest-environment jsdom
/**
 * A reload with a session Amplify persisted: the app loads Amplify once, configured from the runtime
 * configuration, and restores the session from `localStorage`. Real Amplify, no mocks.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Amplify } from 'aws-amplify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getIdToken } from '../../../web/auth/auth-provider';
import { loadAmplify, mayBeSignedIn } from '../../../web/auth/load-amplify';
import { renderAuth } from './support/auth-probe';
import { storedSessionKeys, storeSession } from './support/stored-session';
import { TEST_RUNTIME_CONFIG } from './support/test-runtime-config';

const configure = vi.spyOn(Amplify, 'configure');

const ADMIN = {
  sub: 'user-1',
  email: 'founder@example.com',
  email_verified: true,
  'cognito:groups': ['admin'],
};

beforeEach(() => window.localStorage.clear());

afterEach(cleanup);

describe('a reload with a stored session', () => {
  it("stays 'loading' while Amplify loads, then restores the signed-in admin", async () => {
    storeSession('user-1', ADMIN);
    renderAuth();
    expect(mayBeSignedIn()).toBe(true);
    expect(screen.getByTestId('auth').textContent).toBe('loading');
    await waitFor(() =>
      expect(screen.getByTestId('auth').textContent).toBe('signed-in admin founder@example.com'),
    );
  });

  it('loads Amplify once and configures it once from the runtime configuration', async () => {
    expect(loadAmplify()).toBe(loadAmplify());
    await loadAmplify();
    expect(configure).toHaveBeenCalledTimes(1);
    expect(Amplify.getConfig().Auth?.Cognito).toMatchObject({
      userPoolId: TEST_RUNTIME_CONFIG.userPoolId,
      userPoolClientId: TEST_RUNTIME_CONFIG.userPoolClientId,
    });
  });

  it('gives the stored ID token to the API', async () => {
    const idToken = storeSession('user-1', ADMIN);
    expect(await getIdToken()).toBe(idToken);
  });

  it("restores a session whose email is not verified as 'unverified'", async () => {
    storeSession('user-3', { sub: 'user-3', email: 'new@example.com', email_verified: false });
    renderAuth();
    await waitFor(() => expect(screen.getByTestId('auth').textContent).toBe('unverified'));
  });

  it("follows Amplify's sign-out event and forgets the stored session", async () => {
    storeSession('user-1', ADMIN);
    renderAuth();
    await waitFor(() =>
      expect(screen.getByTestId('auth').textContent).toBe('signed-in admin founder@example.com'),
    );
    await (await loadAmplify()).signOut();
    await waitFor(() => expect(screen.getByTestId('auth').textContent).toBe('signed-out'));
    expect(storedSessionKeys()).toEqual([]);
    expect(configure).toHaveBeenCalledTimes(1);
  });
});
