import { messages } from '../../shared/messages';

/** The password length the user pool enforces at least (spec sections 5 and 9). */
export const PASSWORD_MIN_LENGTH = 6;

/** Not in the spec, which says the fields are required without naming a message. */
export const LOGIN_FIELDS_REQUIRED = 'Please enter your email and password.';
/** Not in the spec, which says the fields are required without naming a message. */
export const REGISTER_FIELDS_REQUIRED = 'Please enter your email, a password and its confirmation.';
/** Not in the spec: the verification code field was left empty. */
export const CODE_REQUIRED = 'Please enter the verification code from the email.';
/** Not in the spec: Cognito refused the verification code. */
export const CODE_INVALID = 'That code is not valid. Check the email or send a new code.';
/** Not in the spec: confirming the code failed for another reason. */
export const VERIFY_FAILED = 'Failed to verify your email. Please try again later.';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

/** Cognito answers a wrong password with NotAuthorizedException; cognito-local with InvalidPasswordException. */
const INVALID_CREDENTIAL_ERRORS = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
  'InvalidParameterException',
  'EmptySignInUsername',
  'EmptySignInPassword',
]);

/** The login message of a failed sign-in (spec section 5). */
export function loginErrorMessage(error: unknown): string {
  return INVALID_CREDENTIAL_ERRORS.has(errorName(error))
    ? messages.invalidEmailOrPassword
    : messages.loginFailed;
}

/** The registration message of a failed sign-up (spec section 5). */
export function registerErrorMessage(error: unknown): string {
  switch (errorName(error)) {
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return messages.emailInUse;
    case 'InvalidPasswordException':
      return messages.weakPassword;
    default:
      return messages.registerFailed;
  }
}

/** The message of a failed verification-code confirmation. Not in the spec. */
export function verifyErrorMessage(error: unknown): string {
  switch (errorName(error)) {
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
    case 'EmptyConfirmSignUpCode':
      return CODE_INVALID;
    default:
      return VERIFY_FAILED;
  }
}

/**
 * Checks the registration form before anything is sent, in the order the user reads the messages:
 * required fields, a matching confirmation, then the minimum length. Null when the form may be sent.
 */
export function validateRegistration(email: string, password: string, confirm: string): string | null {
  if (email.trim() === '' || password === '' || confirm === '') return REGISTER_FIELDS_REQUIRED;
  if (password !== confirm) return messages.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return messages.weakPassword;
  return null;
}
