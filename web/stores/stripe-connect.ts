/**
 * The project waiting for Stripe Connect to return (spec section 7: "the project id is kept in local
 * storage across the redirect"). The project page stores it before sending the user to Stripe; the
 * /connect/stripe page reads it back and clears it.
 */

export const STRIPE_CONNECT_PROJECT_KEY = 'stripeConnectProjectId';

export function rememberStripeConnectProject(projectId: string): void {
  window.localStorage.setItem(STRIPE_CONNECT_PROJECT_KEY, projectId);
}

/** The stored project id, or null when none is stored (or storage cannot be read). */
export function readStripeConnectProject(): string | null {
  try {
    const value = window.localStorage.getItem(STRIPE_CONNECT_PROJECT_KEY);
    return value === null || value.trim() === '' ? null : value;
  } catch {
    return null;
  }
}

export function forgetStripeConnectProject(): void {
  try {
    window.localStorage.removeItem(STRIPE_CONNECT_PROJECT_KEY);
  } catch {
    // Nothing stored.
  }
}
