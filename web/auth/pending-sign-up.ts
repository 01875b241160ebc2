/**
 * The sign-up waiting for its email to be verified. The email survives a reload (session storage) so
 * the verify page can still confirm and resend; the password stays in memory only, to sign the user in
 * right after confirmation. Without it the user signs in on /login.
 */

const EMAIL_KEY = 'pendingSignUpEmail';

let pendingPassword: { email: string; password: string } | null = null;

export interface PendingSignUp {
  email: string;
  password: string | null;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function setPendingSignUp(email: string, password: string | null): void {
  storage()?.setItem(EMAIL_KEY, email);
  pendingPassword = password === null ? null : { email, password };
}

export function getPendingSignUp(): PendingSignUp | null {
  const email = storage()?.getItem(EMAIL_KEY) ?? pendingPassword?.email ?? null;
  if (!email) return null;
  return { email, password: pendingPassword?.email === email ? pendingPassword.password : null };
}

export function clearPendingSignUp(): void {
  storage()?.removeItem(EMAIL_KEY);
  pendingPassword = null;
}
