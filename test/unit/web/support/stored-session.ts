/**
 * A Cognito session written to `localStorage` the way Amplify v6's token store writes it after a
 * sign-in, so that the real Amplify, once loaded, restores it without a network call: unsigned tokens
 * (Amplify decodes them without checking signatures) that expire in an hour, with no `origin_jti`
 * (so signing out revokes nothing at Cognito).
 */
import { TEST_RUNTIME_CONFIG } from './test-runtime-config';

const PREFIX = `CognitoIdentityServiceProvider.${TEST_RUNTIME_CONFIG.userPoolClientId}`;

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function unsignedJwt(payload: Record<string, unknown>): string {
  return `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

/** The tokens of `username` with these ID token claims, as Amplify keeps them. Returns the ID token. */
export function storeSession(username: string, idClaims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const times = { iat: now, exp: now + 3600 };
  const idToken = unsignedJwt({ token_use: 'id', ...times, ...idClaims });
  const accessToken = unsignedJwt({ token_use: 'access', sub: idClaims.sub, username, ...times });
  window.localStorage.setItem(`${PREFIX}.LastAuthUser`, username);
  window.localStorage.setItem(`${PREFIX}.${username}.accessToken`, accessToken);
  window.localStorage.setItem(`${PREFIX}.${username}.idToken`, idToken);
  window.localStorage.setItem(`${PREFIX}.${username}.refreshToken`, 'refresh-token');
  window.localStorage.setItem(`${PREFIX}.${username}.clockDrift`, '0');
  return idToken;
}

/** The key of `username`'s refresh token, whose appearance another tab reads as a sign-in. */
export function refreshTokenKey(username: string): string {
  return `${PREFIX}.${username}.refreshToken`;
}

/** The Amplify keys of the test app client left in `localStorage`. */
export function storedSessionKeys(): string[] {
  return Object.keys(window.localStorage).filter((key) => key.startsWith(`${PREFIX}.`));
}
