// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { CODE_INVALID } from '../../../web/auth/auth-errors';
import { LoginPage } from '../../../web/pages/login/login-page';
import { ResetPasswordPage } from '../../../web/pages/reset-password/reset-password-page';
import {
  RESET_CODE_SENT,
  RESET_EMAIL_REQUIRED,
} from '../../../web/pages/reset-password/reset-password-texts';
import {
  cognitoError,
  confirmResetPassword,
  resetPassword,
  setSignedInUser,
} from './support/amplify-auth-mock';
import { renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

beforeEach(() => {
  setSignedInUser(null);
  resetPassword.mockReset();
  confirmResetPassword.mockReset();
});
afterEach(cleanup);

async function requestCode(email: string) {
  const user = userEvent.setup();
  renderPage(<ResetPasswordPage />, { path: '/reset-password' });
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  return user;
}

describe('the reset password page', () => {
  it('asks for a real address before sending anything', async () => {
    await requestCode('not-an-address');
    expect(await screen.findByText(RESET_EMAIL_REQUIRED)).toBeTruthy();
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('answers an unknown address as a known one (nothing is revealed)', async () => {
    resetPassword.mockRejectedValue(cognitoError('UserNotFoundException'));
    await requestCode('nobody@example.com');
    expect(await screen.findByText(RESET_CODE_SENT)).toBeTruthy();
  });

  it('checks the new password, says a wrong code is wrong, and sends the founder to log in once it is set', async () => {
    resetPassword.mockResolvedValue({});
    const user = await requestCode('ada@example.com');
    expect(resetPassword).toHaveBeenCalledWith({ username: 'ada@example.com' });
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'longenough');
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeTruthy();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'longenough');
    confirmResetPassword.mockRejectedValueOnce(cognitoError('CodeMismatchException'));
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(CODE_INVALID)).toBeTruthy();

    confirmResetPassword.mockResolvedValueOnce(undefined);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(confirmResetPassword).toHaveBeenLastCalledWith({
      username: 'ada@example.com',
      confirmationCode: '123456',
      newPassword: 'longenough',
    });
  });

  it('is linked from the login page', async () => {
    renderPage(<LoginPage />, { path: '/login' });
    expect((await screen.findByRole('link', { name: 'Forgot password?' })).getAttribute('href')).toBe(
      '/reset-password',
    );
  });
});
