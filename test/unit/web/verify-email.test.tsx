// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { CODE_REQUIRED } from '../../../web/auth/auth-errors';
import { setPendingSignUp } from '../../../web/auth/pending-sign-up';
import { VerifyEmailPage } from '../../../web/pages/verify-email/verify-email-page';
import {
  confirmSignUp,
  fetchUserAttributes,
  resendSignUpCode,
  sendUserAttributeVerificationCode,
  setSignedInUser,
  signIn,
} from './support/amplify-auth-mock';
import { renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

beforeEach(() => {
  window.sessionStorage.clear();
  setSignedInUser(null);
  for (const call of [
    confirmSignUp,
    fetchUserAttributes,
    resendSignUpCode,
    sendUserAttributeVerificationCode,
    signIn,
  ])
    call.mockReset();
});

afterEach(cleanup);

const showVerify = () => renderPage(<VerifyEmailPage />, { path: '/verify-email' });

describe('the verify page', () => {
  it('sends a visitor with nothing to verify to /login', async () => {
    showVerify();
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
  });

  it('shows the address a fresh sign-up must verify, and asks for the code before sending', async () => {
    setPendingSignUp('new@example.com', 'secret-1');
    showVerify();
    expect((await screen.findByText(/We sent a verification code to/)).textContent).toContain(
      'new@example.com',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText(CODE_REQUIRED)).toBeTruthy();
    expect(confirmSignUp).not.toHaveBeenCalled();
  });

  it('confirms a fresh sign-up with the code, signs the founder in and goes to /home', async () => {
    setPendingSignUp('new@example.com', 'secret-1');
    confirmSignUp.mockResolvedValue({ isSignUpComplete: true });
    signIn.mockImplementation(async () => {
      setSignedInUser({ email: 'new@example.com' });
      return { isSignedIn: true };
    });
    const user = userEvent.setup();
    showVerify();
    await user.type(await screen.findByLabelText('Verification code'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/home');
    expect(confirmSignUp).toHaveBeenCalledWith({ username: 'new@example.com', confirmationCode: '123456' });
  });

  it('sends a confirmed sign-up whose password was not kept (a reload) to /login', async () => {
    setPendingSignUp('new@example.com', null);
    confirmSignUp.mockResolvedValue({ isSignUpComplete: true });
    const user = userEvent.setup();
    showVerify();
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('resends the email, and says so; a failed resend gets the spec message', async () => {
    setPendingSignUp('new@example.com', 'secret-1');
    resendSignUpCode.mockResolvedValueOnce({}).mockRejectedValueOnce(new Error('LimitExceededException'));
    const user = userEvent.setup();
    showVerify();
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(messages.verificationSent)).toBeTruthy();
    expect(resendSignUpCode).toHaveBeenCalledWith({ username: 'new@example.com' });
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(messages.resendVerificationFailed)).toBeTruthy();
  });

  // The period itself (one second) is counted on a fake clock in spec-audit.test.tsx.
  it('checks while a signed-in email is unverified, and goes to /home once it is verified elsewhere', async () => {
    setSignedInUser({ email_verified: false });
    fetchUserAttributes.mockImplementation(async () => {
      // Verified elsewhere (another tab): the next token says so too.
      setSignedInUser({ email_verified: true });
      return { email_verified: 'true' };
    });
    showVerify();
    expect(await screen.findByText(/founder@/)).toBeTruthy();
    expect(fetchUserAttributes).not.toHaveBeenCalled();
    expect((await screen.findByTestId('location')).textContent).toBe('/home');
    expect(fetchUserAttributes).toHaveBeenCalledTimes(1);
  });
});
