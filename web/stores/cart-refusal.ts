import type { CartResult } from '../../shared/cart/cart';
import { messages } from '../../shared/messages';
import type { ToastAction, ToastVariant } from '../components/toast/toast-provider';
import { paths } from '../config/paths';

/** Not in the spec: an add refused because the founder has not verified their email yet. */
export const VERIFY_TO_ADD = 'Verify your email to add investors to your cart.';

/** Not in the spec (issue 21): investor accounts build no export carts. */
export const INVESTORS_BUILD_NO_CART = 'Export carts are for founders: an investor account cannot build one.';

/**
 * What to tell a founder whose add was refused, with the next step: "Log in" (logged out), "Verify
 * your email" (signed in, not verified), or the refusal alone. An investor account is told that
 * carts are for founders (its adds are made as a visitor's, so they are refused).
 */
export function cartRefusal(
  result: Extract<CartResult, { ok: false }>,
  status: string,
  isInvestor = false,
): { message: string; variant: ToastVariant; action?: ToastAction } {
  if (result.code === 'login-required' && isInvestor)
    return { message: INVESTORS_BUILD_NO_CART, variant: 'warning' };
  if (result.code === 'login-required' && status === 'unverified')
    return {
      message: VERIFY_TO_ADD,
      variant: 'warning',
      action: { label: 'Verify your email', to: paths.verifyEmail.href() },
    };
  if (result.code === 'login-required')
    return {
      message: messages.loginToAddToCart,
      variant: 'danger',
      action: { label: 'Log in', to: paths.login.href() },
    };
  return { message: result.message, variant: result.code === 'already-in-cart' ? 'warning' : 'danger' };
}
