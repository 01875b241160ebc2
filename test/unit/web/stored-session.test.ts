// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { hasStoredSession, isSignInFromAnotherTab, lastAuthUserKey } from '../../../web/auth/stored-session';

const CLIENT_ID = 'client-a';

beforeEach(() => window.localStorage.clear());

describe('whether Amplify persisted a signed-in user', () => {
  it('is no on a first visit', () => {
    expect(hasStoredSession(CLIENT_ID)).toBe(false);
  });

  it("is yes once Amplify's LastAuthUser of our app client is stored", () => {
    window.localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'user-1');
    expect(lastAuthUserKey(CLIENT_ID)).toBe(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`);
    expect(hasStoredSession(CLIENT_ID)).toBe(true);
  });

  it("ignores another app client's user and other keys", () => {
    window.localStorage.setItem('CognitoIdentityServiceProvider.client-b.LastAuthUser', 'user-1');
    window.localStorage.setItem('exportCart', '{}');
    expect(hasStoredSession(CLIENT_ID)).toBe(false);
  });

  it('is no without storage, or when reading it throws', () => {
    expect(hasStoredSession(CLIENT_ID, null)).toBe(false);
    const refusing = {
      getItem() {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(hasStoredSession(CLIENT_ID, refusing)).toBe(false);
  });
});

describe('a sign-in in another tab', () => {
  const refreshKey = `CognitoIdentityServiceProvider.${CLIENT_ID}.user.name@example.com.refreshToken`;

  it("is our app client's refresh token appearing", () => {
    expect(isSignInFromAnotherTab({ key: refreshKey, oldValue: null, newValue: 'token' }, CLIENT_ID)).toBe(
      true,
    );
  });

  it('is not a refresh, a sign-out, another key or another app client', () => {
    const events = [
      { key: refreshKey, oldValue: 'old', newValue: 'new' },
      { key: refreshKey, oldValue: 'token', newValue: null },
      { key: `CognitoIdentityServiceProvider.${CLIENT_ID}.user.accessToken`, oldValue: null, newValue: 'a' },
      { key: 'CognitoIdentityServiceProvider.client-b.user.refreshToken', oldValue: null, newValue: 'token' },
      { key: null, oldValue: null, newValue: null },
    ];
    for (const event of events) expect(isSignInFromAnotherTab(event, CLIENT_ID)).toBe(false);
  });
});
