import { useEffect, useLayoutEffect } from 'react';
import { useAuth } from '../auth/auth-provider';
import { useToast } from '../components/toast/toast-provider';
import { exportCartStore } from './export-cart';

/**
 * Keeps the export cart in step with who is signed in (issue 32): a founder's cart is their account's
 * (merged with this browser's cart and an add made while signed out, at sign-in), read again when the
 * tab comes back to the front (another browser may have changed it); anyone else's is this browser's.
 * The store's messages (what the merge did, a write that failed) become toasts. Renders nothing.
 */
export function CartSync() {
  const { state } = useAuth();
  const { showToast } = useToast();
  const founderId = state.status === 'signed-in' && !state.isInvestor ? state.user.userId : null;
  const known = state.status !== 'loading';

  useEffect(
    () => exportCartStore().onNotice((notice) => showToast(notice.message, notice.variant, notice.action)),
    [showToast],
  );

  // Before the browser paints: the render that first knows the founder must not show this browser's
  // cart ("No investors in cart.") for a moment.
  useLayoutEffect(() => {
    if (!known) return;
    if (founderId) void exportCartStore().signIn(founderId);
    else exportCartStore().signOut();
  }, [known, founderId]);

  useEffect(() => {
    if (!founderId) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') void exportCartStore().refresh();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [founderId]);

  return null;
}
