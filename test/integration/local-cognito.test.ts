import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { putPortal } from '../../lambdas/lib/table/repositories/portals';
import { authEmail } from '../../shared/email/auth-emails';
import { PATIENCE_MS } from '../support/patience';
import { call, createUser, localHome } from './support/home';
import { unique } from './support/seed';

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** The web app's path to Cognito in the local home: through the gateway's `/cognito` relay. */
const cognito = new CognitoIdentityProviderClient({
  endpoint: `${localHome.urls.gateway}/cognito`,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const clientId = localHome.cognito.clientId;

/** Signs `email` up through the relay, as the register page does. */
const signUp = (email: string, password: string) =>
  cognito.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );

async function inbox(address: string): Promise<{ subject: string; body: { text?: string } }[]> {
  const store = (await (await fetch(`${localHome.urls.sesInbox}/store`)).json()) as {
    emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[];
  };
  return store.emails.filter((e) => e.destination.to.includes(address));
}

describe('local home: sign-up and verification as the web app does it', () => {
  it('emails the verification code to the local inbox, resends it, and verifies the email on confirmation', async () => {
    const email = `signup-${unique()}@example.com`;
    const password = 'sign-up-pass-1';

    await signUp(email, password);
    await expect.poll(async () => (await inbox(email)).length, { timeout: PATIENCE_MS }).toBe(1);
    await cognito.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email }));
    await expect.poll(async () => (await inbox(email)).length, { timeout: PATIENCE_MS }).toBe(2);
    const code = /verification code is (\d+)/.exec((await inbox(email))[0]?.body.text ?? '')?.[1] ?? '';

    await cognito.send(
      new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = auth.AuthenticationResult?.IdToken ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;

    expect(code).toBe('123456');
    expect(claims.email_verified).toBe(true);
    expect((await call('GET', '/me', { token })).status).toBe(200);
  });

  it("emails a password reset with its own subject, not the verification email's (issue 32)", async () => {
    const email = `reset-${unique()}@example.com`;
    await signUp(email, 'sign-up-pass-1');
    await expect.poll(async () => (await inbox(email)).length, { timeout: 10_000 }).toBe(1);

    await cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }));
    await expect.poll(async () => (await inbox(email)).length, { timeout: 10_000 }).toBe(2);

    const [verification, reset] = await inbox(email);
    expect(verification?.subject).toBe(authEmail('verify-email', '').subject);
    expect(reset?.subject).toBe(authEmail('reset-password', '').subject);
    expect(reset?.subject).toBe('Reset your VC Directory password');
    expect(reset?.body.text).toMatch(/Your code to reset your password is \d+\./);
  });

  it("emails every sign-up its code at once, not at the next sign-up (cognito-local's logger holds its last line)", async () => {
    for (let n = 0; n < 6; n++) {
      const email = `in-a-row-${n}-${unique()}@example.com`;
      await signUp(email, 'sign-up-pass-1');
      // Before the next sign-up: a code held back would only come out with the next one.
      await expect.poll(async () => (await inbox(email)).length, { timeout: PATIENCE_MS }).toBe(1);
    }
  });

  it('leaves a signed-up but unconfirmed user unverified, so user routes refuse them', async () => {
    const email = `unconfirmed-${unique()}@example.com`;
    await signUp(email, 'pass-word-1');

    const attempt = cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'pass-word-1' },
      }),
    );

    await expect(attempt).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
  });

  it('refreshes a session as Amplify does (GetTokensFromRefreshToken), with the groups the user is in now', async () => {
    const user = await createUser();
    const signedIn = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: 'test-password-1' },
      }),
    );
    const refreshToken = signedIn.AuthenticationResult?.RefreshToken ?? '';
    expect(claimsOf(signedIn.AuthenticationResult?.IdToken ?? '')['cognito:groups']).toBeUndefined();
    const portalId = `relay-${unique()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`.slice(0, 40);
    const now = new Date().toISOString();
    await putPortal({
      id: `portal-${portalId}`,
      name: 'Relay Portal',
      description: '',
      urlIdentifier: portalId,
      createdAt: now,
      updatedAt: now,
      createdBy: 'test',
      firm: { name: 'Relay', website: '' },
      fontFamily: null,
    });
    expect((await call('POST', '/investor/join', { token: user.token, body: { portalId } })).status).toBe(
      200,
    );

    const refreshed = await cognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: refreshToken }),
    );

    expect(claimsOf(refreshed.AuthenticationResult?.IdToken ?? '')).toMatchObject({
      sub: user.sub,
      'cognito:groups': ['investor'],
    });
  });
});
