/**
 * What Amplify v6 keeps in `localStorage` for the user pool, read without loading Amplify. Its token
 * store writes `CognitoIdentityServiceProvider.<userPoolClientId>.LastAuthUser` (the username) and the
 * tokens under `CognitoIdentityServiceProvider.<userPoolClientId>.<username>.<accessToken|idToken|
 * refreshToken|…>`; signing out removes them all (`DefaultTokenStore` in @aws-amplify/auth).
 */

/** Amplify's `AUTH_KEY_PREFIX`. */
const AUTH_KEY_PREFIX = 'CognitoIdentityServiceProvider';

/** The key of the last signed-in username of the app client `userPoolClientId`. */
export function lastAuthUserKey(userPoolClientId: string): string {
  return `${AUTH_KEY_PREFIX}.${userPoolClientId}.LastAuthUser`;
}

/** This page's `localStorage`, or null where the browser refuses it (then Amplify keeps tokens in memory). */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Whether Amplify has persisted a signed-in user of the app client `userPoolClientId`. False means
 * nobody is signed in; true means Amplify must be asked (the tokens may still have expired for good).
 */
export function hasStoredSession(
  userPoolClientId: string,
  storage: Storage | null = browserStorage(),
): boolean {
  try {
    return storage?.getItem(lastAuthUserKey(userPoolClientId)) != null;
  } catch {
    return false;
  }
}

/**
 * Whether a `storage` event is another tab signing a user of `userPoolClientId` in: its refresh token
 * appearing, the signal Amplify's own cross-tab listener uses (written after the other tokens).
 */
export function isSignInFromAnotherTab(
  event: Pick<StorageEvent, 'key' | 'oldValue' | 'newValue'>,
  userPoolClientId: string,
): boolean {
  const key = event.key ?? '';
  return (
    key.startsWith(`${AUTH_KEY_PREFIX}.${userPoolClientId}.`) &&
    key.endsWith('.refreshToken') &&
    Boolean(event.newValue) &&
    !event.oldValue
  );
}
