/** Not in the spec: the reset flow's messages. */
export const RESET_EMAIL_REQUIRED = 'Please enter the email address of your account.';
export const RESET_CODE_SENT =
  'If an account uses this address, we sent it a code. Enter it below with a new password.';
export const RESET_DONE = 'Your password has been reset. Please log in with the new one.';
export const RESET_FAILED = 'Failed to reset the password. Please try again later.';
export const RESET_TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
