import { useLocation, useNavigate } from 'react-router-dom';
import type { CartInvestor } from '../../shared/cart/cart';
import { messages } from '../../shared/messages';
import { type AuthFacts, useAuth } from '../auth/auth-provider';
import { useToast } from '../components/toast/toast-provider';
import { paths } from '../config/paths';
import { cartRefusal, VERIFY_TO_ADD } from './cart-refusal';
import { addInvestorToExportCart, exportCartStore } from './export-cart';

/** Not in the spec (issue 32): the login page's notice after an add made while signed out. */
export const loginToAddNotice = (name: string) =>
  `${messages.loginToAddToCart}. We will add ${name} as soon as you do.`;

/** Not in the spec: an add made before verifying, completed once the email is verified. */
export const verifyToAddNotice = (name: string) => `${VERIFY_TO_ADD} We will add ${name} once you have.`;

/** Where the founder is now (path and query), to come back to after logging in. */
export function usePlace(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/**
 * "Add to Export Cart" for a card or a profile. Signed in, it adds and says so. Signed out, the choice
 * is kept (not refused and lost, issue 32): the founder is taken to log in, with the spec's 'Please
 * login to add items to your cart', and back, where the add is completed. Unverified, the choice is
 * kept until the email is verified. An investor account is told carts are for founders. A click made
 * while the session is still read (the first moment of a page load) waits for it: a signed-in founder
 * is not sent to log in.
 */
export function useAddToCart(): (investor: CartInvestor) => void {
  const auth = useAuth();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const from = usePlace();
  const addAs = ({ user, status, isInvestor }: AuthFacts, investor: CartInvestor) => {
    const result = addInvestorToExportCart(investor, isInvestor ? null : (user?.userId ?? null));
    if (result.ok) {
      showToast(`${investor.name} added to your export cart`, 'success');
      return;
    }
    if (result.code === 'login-required' && !isInvestor) {
      exportCartStore().keepPendingAdd(investor, from);
      if (status === 'unverified') {
        showToast(verifyToAddNotice(investor.name), 'warning', {
          label: 'Verify your email',
          to: paths.verifyEmail.href(),
        });
        return;
      }
      navigate(paths.login.href(), { state: { from, notice: loginToAddNotice(investor.name) } });
      return;
    }
    const refusal = cartRefusal(result, status, isInvestor);
    showToast(refusal.message, refusal.variant, refusal.action);
  };
  return (investor) => {
    if (auth.status === 'loading') void auth.whenKnown().then((known) => addAs(known, investor));
    else addAs(auth, investor);
  };
}
