// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { getPendingSignUp } from '../../../web/auth/pending-sign-up';
import { RegisterPage } from '../../../web/pages/register/register-page';
import { cognitoError, setSignedInUser, signUp } from './support/amplify-auth-mock';
import { renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

beforeEach(() => {
  setSignedInUser(null);
  signUp.mockReset();
  window.sessionStorage.clear();
});

afterEach(cleanup);

async function register(email: string, password: string, confirm: string) {
  const user = userEvent.setup();
  renderPage(<RegisterPage />, { path: '/register' });
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('the registration form', () => {
  it('refuses a confirmation that does not match', async () => {
    await register('new@example.com', 'secret-1', 'secret-2');
    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeTruthy();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('refuses a password shorter than 6 characters', async () => {
    await register('new@example.com', 'abc12', 'abc12');
    expect(await screen.findByText(messages.weakPassword)).toBeTruthy();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('says the email is in use when Cognito has the user already', async () => {
    signUp.mockRejectedValue(cognitoError('UsernameExistsException'));
    await register('founder@example.com', 'secret-1', 'secret-1');
    expect(await screen.findByText(messages.emailInUse)).toBeTruthy();
  });

  it("says the password is too weak when Cognito's policy refuses it", async () => {
    signUp.mockRejectedValue(cognitoError('InvalidPasswordException'));
    await register('new@example.com', 'secret-1', 'secret-1');
    expect(await screen.findByText(messages.weakPassword)).toBeTruthy();
  });

  it('gives the generic message for any other failure', async () => {
    signUp.mockRejectedValue(cognitoError('TooManyRequestsException'));
    await register('new@example.com', 'secret-1', 'secret-1');
    expect(await screen.findByText(messages.registerFailed)).toBeTruthy();
  });

  it('says no user was created when Cognito returns none', async () => {
    signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    await register('new@example.com', 'secret-1', 'secret-1');
    expect(await screen.findByText(messages.createUserFailed)).toBeTruthy();
  });

  it('creates the account and goes to /verify-email', async () => {
    signUp.mockResolvedValue({
      isSignUpComplete: false,
      userId: 'sub-1',
      nextStep: { signUpStep: 'CONFIRM_SIGN_UP' },
    });
    await register(' new@example.com ', 'secret-1', 'secret-1');
    expect((await screen.findByTestId('location')).textContent).toBe('/verify-email');
    expect(signUp).toHaveBeenCalledWith({
      username: 'new@example.com',
      password: 'secret-1',
      options: { userAttributes: { email: 'new@example.com' } },
    });
    expect(getPendingSignUp()).toEqual({ email: 'new@example.com', password: 'secret-1' });
  });

  it('sends a logged-in user to /home', async () => {
    setSignedInUser({});
    renderPage(<RegisterPage />, { path: '/register' });
    expect((await screen.findByTestId('location')).textContent).toBe('/home');
  });
});
