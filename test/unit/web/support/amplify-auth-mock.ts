/**
 * A stand-in for `aws-amplify/auth` at the module boundary (Cognito cannot run in a unit test). Tests
 * choose who is signed in with {@link setSignedInUser}; the auth calls are `vi.fn()`s to program.
 * Like Amplify, a signed-in user is also recorded in `localStorage` (its LastAuthUser key), which is
 * what the app reads at start to decide whether to load Amplify at all.
 */
import { vi } from 'vitest';
import { lastAuthUserKey } from '../../../../web/auth/stored-session';
import { TEST_RUNTIME_CONFIG } from './test-runtime-config';

interface Claims {
  sub: string;
  email: string;
  email_verified: boolean;
  'cognito:groups'?: string[];
}

let claims: Claims | null = null;

const LAST_AUTH_USER_KEY = lastAuthUserKey(TEST_RUNTIME_CONFIG.userPoolClientId);

/** Signs a verified user in (or nobody, with null) for the next auth reads. */
export function setSignedInUser(user: Partial<Claims> | null): void {
  claims = user ? { sub: 'user-1', email: 'founder@example.com', email_verified: true, ...user } : null;
  if (claims) window.localStorage.setItem(LAST_AUTH_USER_KEY, claims.sub);
  else window.localStorage.removeItem(LAST_AUTH_USER_KEY);
}

export const fetchAuthSession = vi.fn(async () =>
  claims
    ? {
        tokens: {
          idToken: { payload: claims, toString: () => 'test-id-token' },
          accessToken: { payload: {} },
        },
      }
    : { tokens: undefined },
);
/**
 * Makes the next read of the session (the app's first, at start) wait until the returned function is
 * called, as a slow Amplify load or a busy machine does.
 */
export function holdNextSessionRead(): () => void {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const read = fetchAuthSession.getMockImplementation();
  fetchAuthSession.mockImplementationOnce(async () => {
    await held;
    if (!read) throw new Error('no session mock');
    return read();
  });
  return release;
}

export const signIn = vi.fn();
export const signUp = vi.fn();
export const signOut = vi.fn(async () => {
  setSignedInUser(null);
});
export const confirmSignUp = vi.fn();
export const resendSignUpCode = vi.fn();
export const fetchUserAttributes = vi.fn();
export const confirmUserAttribute = vi.fn();
export const sendUserAttributeVerificationCode = vi.fn();
export const resetPassword = vi.fn();
export const confirmResetPassword = vi.fn();

/** An error as Amplify throws it: the Cognito exception's name on an Error. */
export function cognitoError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}
