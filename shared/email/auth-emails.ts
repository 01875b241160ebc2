/**
 * The emails of sign-up and sign-in (issue 32): Cognito sends them, with our words. Each kind has its
 * own subject, so a founder who asked to reset a password does not read "verification code" (the
 * reset email used to reuse the verification email's subject). Both homes send these same texts:
 * Cognito's custom-message trigger on AWS (lambdas/events/cognito-custom-message.ts) and the local
 * relay of cognito-local's codes (infra/local/cognito-relay.ts).
 */
import { BRAND } from '../messages';

/**
 * - `verify-email`: a new account's code (and its resend), or a signed-in user's code to verify
 *   their email;
 * - `reset-password`: the code of "Forgot password?".
 */
export type AuthEmailKind = 'verify-email' | 'reset-password';

export interface AuthEmail {
  subject: string;
  text: string;
}

/** The email of `kind` carrying `code` (Cognito's placeholder `{####}` on AWS, the code itself locally). */
export function authEmail(kind: AuthEmailKind, code: string): AuthEmail {
  if (kind === 'reset-password')
    return {
      subject: `Reset your ${BRAND} password`,
      text: [
        `Your code to reset your password is ${code}.`,
        '',
        'Enter it on the Reset password page, with your new password.',
        'If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
        '',
        `— ${BRAND}`,
      ].join('\n'),
    };
  return {
    subject: `Your ${BRAND} verification code`,
    text: [
      `Your verification code is ${code}.`,
      '',
      'Enter it on the Verify Email page to verify your email address.',
      `If you did not create a ${BRAND} account, you can ignore this email.`,
      '',
      `— ${BRAND}`,
    ].join('\n'),
  };
}

/** Cognito's custom-message trigger sources, and the kind of email each sends. */
export const COGNITO_MESSAGE_KINDS: Readonly<Record<string, AuthEmailKind>> = {
  CustomMessage_SignUp: 'verify-email',
  CustomMessage_ResendCode: 'verify-email',
  CustomMessage_VerifyUserAttribute: 'verify-email',
  CustomMessage_UpdateUserAttribute: 'verify-email',
  CustomMessage_ForgotPassword: 'reset-password',
};
