// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { LoginPage } from '../../../web/pages/login/login-page';
import { cognitoError, setSignedInUser, signIn } from './support/amplify-auth-mock';
import { renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

beforeEach(() => {
  setSignedInUser(null);
  signIn.mockReset();
});

afterEach(cleanup);

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  renderPage(<LoginPage />, { path: '/login' });
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the login form', () => {
  it.each(['NotAuthorizedException', 'UserNotFoundException'])(
    'answers %s with the credentials message',
    async (name) => {
      signIn.mockRejectedValue(cognitoError(name));
      await logIn('founder@example.com', 'wrong-password');
      expect(await screen.findByText(messages.invalidEmailOrPassword)).toBeTruthy();
    },
  );

  it('answers a malformed email with the credentials message without calling Cognito', async () => {
    await logIn('not-an-email', 'secret-1');
    expect(await screen.findByText(messages.invalidEmailOrPassword)).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('answers any other failure with the generic message', async () => {
    signIn.mockRejectedValue(cognitoError('NetworkError'));
    await logIn('founder@example.com', 'secret-1');
    expect(await screen.findByText(messages.loginFailed)).toBeTruthy();
  });

  it('signs in with USER_PASSWORD_AUTH and goes to /home', async () => {
    signIn.mockImplementation(async () => {
      setSignedInUser({});
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    await logIn('founder@example.com', 'founder-local-1');
    expect((await screen.findByTestId('location')).textContent).toBe('/home');
    expect(signIn).toHaveBeenCalledWith({
      username: 'founder@example.com',
      password: 'founder-local-1',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it('sends an unconfirmed account to /verify-email', async () => {
    signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    await logIn('new@example.com', 'secret-1');
    expect((await screen.findByTestId('location')).textContent).toBe('/verify-email');
  });
});
