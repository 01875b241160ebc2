import { type MouseEvent, type ReactNode, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import { NavLink, useLocation } from 'react-router-dom';
import { cartItemCount } from '../../../shared/cart/cart';
import { cartTierSummary } from '../../../shared/cart/pricing';
import { BRAND, messages } from '../../../shared/messages';
import { useAuth } from '../../auth/auth-provider';
import { mayBeSignedIn } from '../../auth/load-amplify';
import { paths } from '../../config/paths';
import { getRuntimeConfig } from '../../config/runtime-config';
import { useExportCart } from '../../stores/export-cart';
import { BrandMark } from '../brand/brand-mark';
import { useToast } from '../toast/toast-provider';
import { useHydrated } from '../use-hydrated';

/**
 * The tab the navbar's Cart opens (spec: a new tab): named, so every click reuses the one it opened.
 * Same origin, so no `noopener` is needed.
 */
export const CART_WINDOW = 'vc-directory-cart';

/** Not in the spec: said to a screen reader where Login or the account will be, while the session is read. */
export const READING_SESSION = 'Checking your sign-in...';

/**
 * The navigation bar of spec section 2. It collapses (on narrow screens) whenever the route changes.
 * An investor account (issue 21) has none of a founder's items (no Cart, no Podcasts): its own
 * profile instead, and the account link leads there.
 */
export function AppNavbar() {
  const { loggedIn, isAdmin, isInvestor, user, status } = useAuth();
  const { showToast } = useToast();
  const cart = useExportCart();
  const count = cartItemCount(cart);
  const location = useLocation();
  const [expanded, setExpanded] = useState(false);
  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setExpanded(false);
  }
  // A prerendered page's navbar has no address (it is the deployment's): the link gets it once hydrated.
  const hydrated = useHydrated();
  const feedbackHref = hydrated ? `mailto:${getRuntimeConfig().feedbackEmail}` : undefined;
  // While a stored session is read, neither Login nor the account: a signed-in founder would otherwise
  // be offered Login for a moment. A visitor (no stored session) and a prerendered page get Login at once.
  const readingSession = status === 'loading' && hydrated && mayBeSignedIn();

  const openCart = (event: MouseEvent<HTMLAnchorElement>) => {
    if (count === 0) {
      event.preventDefault();
      showToast(messages.emptyCartToast, 'danger');
    }
    setExpanded(false);
  };

  const close = () => setExpanded(false);
  const item = (to: string, label: ReactNode, className?: string) => (
    <li className="nav-item">
      <NavLink to={to} className={['nav-link', className].filter(Boolean).join(' ')} onClick={close}>
        {label}
      </NavLink>
    </li>
  );

  // Bootstrap's navbar markup with its collapse driven by React state (no transition): react-bootstrap's
  // Navbar would bring its offcanvas and modal code into every page's first download.
  return (
    <nav className="navbar navbar-expand-lg sticky-top app-navbar" data-bs-theme="dark" aria-label="Main">
      <div className="container">
        <NavLink to={paths.home.href()} className="navbar-brand brand" onClick={close}>
          <BrandMark />
          {BRAND}
        </NavLink>
        {/* On a phone the cart (and its count) stays beside the menu button, not inside the folded menu. */}
        {isInvestor ? null : (
          <ul className="navbar-nav ms-auto me-2 d-lg-none">
            <li className="nav-item">
              <CartLink count={count} onClick={openCart} />
            </li>
          </ul>
        )}
        <button
          type="button"
          className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
          aria-controls="main-navbar"
          aria-expanded={expanded}
          aria-label="Toggle navigation"
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-navbar" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav me-auto">
            {item(paths.findVc.href(), 'VC Database')}
            {isInvestor ? (
              item(paths.myInvestorProfile.href(), 'Your investor profile')
            ) : (
              <>
                {item(paths.podcasts.href(), 'Podcasts')}
                <li className="nav-item d-none d-lg-block">
                  <CartLink count={count} onClick={openCart} />
                </li>
              </>
            )}
            <li className="nav-item">
              <a className="nav-link" href={feedbackHref}>
                Feedback
              </a>
            </li>
          </ul>
          <ul className="navbar-nav">
            {loggedIn ? (
              <>
                {isAdmin && item(paths.admin.href(), 'Admin')}
                <li className="nav-item" hidden>
                  <NavLink to={paths.accountSettings.href()} className="nav-link" hidden onClick={close}>
                    Settings
                  </NavLink>
                </li>
                {item(
                  isInvestor ? paths.myInvestorProfile.href() : paths.accountSettings.href(),
                  <>
                    <span className="visually-hidden">Account: </span>
                    {user?.email || 'Account'}
                  </>,
                  'text-break',
                )}
                {item(paths.logout.href(), 'Logout')}
              </>
            ) : status === 'unverified' ? (
              // Signed in, email not verified yet: the next step, and a way out; not Login/Register.
              <>
                {item(paths.verifyEmail.href(), 'Verify email')}
                {item(paths.logout.href(), 'Logout')}
              </>
            ) : readingSession ? (
              <li className="nav-item">
                <span className="nav-link">
                  <span className="visually-hidden">{READING_SESSION}</span>
                </span>
              </li>
            ) : (
              <>
                {item(paths.login.href(), 'Login')}
                {item(paths.register.href(), 'Register')}
              </>
            )}
          </ul>
        </div>
      </div>
    </nav>
  );
}

/** The navbar's Cart: the count of items, and the one named tab it opens. */
function CartLink({
  count,
  onClick,
}: {
  count: number;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <a
      href={paths.cart.href()}
      target={CART_WINDOW}
      onClick={onClick}
      className="nav-link"
      title={count > 0 ? cartTierSummary(count) : undefined}
    >
      Cart
      {count > 0 && (
        <Badge bg="primary" pill className="ms-1">
          {count}
          <span className="visually-hidden"> {count === 1 ? 'item' : 'items'}</span>
        </Badge>
      )}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
