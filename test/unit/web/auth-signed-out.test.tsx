// @vitest-environment jsdom
/**
 * A visitor nobody is signed in for: the app decides 'signed-out' from Amplify's persisted state
 * without loading Amplify, until someone signs in (here: in another tab). Real Amplify, no mocks.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getIdToken } from '../../../web/auth/auth-provider';
import { mayBeSignedIn } from '../../../web/auth/load-amplify';
import { initRuntimeConfig } from '../../../web/config/runtime-config';
import { renderAuth } from './support/auth-probe';
import { refreshTokenKey, storeSession } from './support/stored-session';
import { TEST_RUNTIME_CONFIG } from './support/test-runtime-config';

/** Whether aws-amplify was imported: the real module, only watched. */
const amplify = vi.hoisted(() => ({ imported: false }));
vi.mock('aws-amplify', (importOriginal) => {
  amplify.imported = true;
  return importOriginal();
});

beforeAll(() => {
  window.localStorage.clear();
  initRuntimeConfig(TEST_RUNTIME_CONFIG);
});

afterEach(cleanup);

describe('a visitor nobody is signed in for', () => {
  it('may not be signed in: no LastAuthUser of our app client is stored', () => {
    window.localStorage.setItem('CognitoIdentityServiceProvider.another-client.LastAuthUser', 'user-9');
    expect(mayBeSignedIn()).toBe(false);
  });

  it("is 'loading', then 'signed-out', without loading Amplify", async () => {
    renderAuth();
    expect(screen.getByTestId('auth').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('auth').textContent).toBe('signed-out'));
    expect(amplify.imported).toBe(false);
  });

  it('has no ID token for the API, without loading Amplify', async () => {
    expect(await getIdToken()).toBeNull();
    expect(amplify.imported).toBe(false);
  });

  it('becomes signed in when another tab signs in, loading Amplify then', async () => {
    renderAuth();
    await waitFor(() => expect(screen.getByTestId('auth').textContent).toBe('signed-out'));
    expect(amplify.imported).toBe(false);

    storeSession('user-2', { sub: 'user-2', email: 'ada@example.com', email_verified: true });
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: refreshTokenKey('user-2'),
          oldValue: null,
          newValue: 'refresh-token',
          storageArea: window.localStorage,
        }),
      );
    });

    // The first import of aws-amplify under vitest takes most of a second.
    await waitFor(() => expect(screen.getByTestId('auth').textContent).toBe('signed-in ada@example.com'));
    expect(amplify.imported).toBe(true);
  });
});
