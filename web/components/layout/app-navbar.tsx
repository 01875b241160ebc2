import { type MouseEvent, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { NavLink, useLocation } from 'react-router-dom';
import { cartItemCount } from '../../../shared/cart/cart';
import { BRAND, messages } from '../../../shared/messages';
import { useAuth } from '../../auth/auth-provider';
import { paths } from '../../config/paths';
import { getRuntimeConfig } from '../../config/runtime-config';
import { useExportCart } from '../../stores/export-cart';
import { BrandMark } from '../brand/brand-mark';
import { useToast } from '../toast/toast-provider';

/**
 * The tab the navbar's Cart opens (spec: a new tab): named, so every click reuses the one it opened.
 * Same origin, so no `noopener` is needed.
 */
export const CART_WINDOW = 'vc-directory-cart';

/**
 * The navigation bar of spec section 2. It collapses (on narrow screens) whenever the route changes.
 */
export function AppNavbar() {
  const { loggedIn, isAdmin, user, status } = useAuth();
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
  const { feedbackEmail } = getRuntimeConfig();

  const openCart = (event: MouseEvent<HTMLAnchorElement>) => {
    if (count === 0) {
      event.preventDefault();
      showToast(messages.emptyCartToast, 'danger');
    }
    setExpanded(false);
  };

  return (
    <Navbar
      expand="lg"
      variant="dark"
      data-bs-theme="dark"
      className="app-navbar"
      sticky="top"
      expanded={expanded}
      onToggle={setExpanded}
      collapseOnSelect
      aria-label="Main"
    >
      <Container>
        <Navbar.Brand as={NavLink} to={paths.home.href()} className="brand">
          <BrandMark />
          {BRAND}
        </Navbar.Brand>
        {/* On a phone the cart (and its count) stays beside the menu button, not inside the folded menu. */}
        <Nav className="ms-auto me-2 d-lg-none">
          <CartLink count={count} onClick={openCart} />
        </Nav>
        <Navbar.Toggle aria-controls="main-navbar" aria-label="Toggle navigation" />
        <Navbar.Collapse id="main-navbar">
          <Nav className="me-auto">
            <Nav.Link as={NavLink} to={paths.findVc.href()} eventKey="find-vc">
              VC Database
            </Nav.Link>
            <Nav.Link as={NavLink} to={paths.podcasts.href()} eventKey="podcasts">
              Podcasts
            </Nav.Link>
            <CartLink count={count} onClick={openCart} className="d-none d-lg-block" />
            <Nav.Link href={`mailto:${feedbackEmail}`}>Feedback</Nav.Link>
          </Nav>
          <Nav>
            {loggedIn ? (
              <>
                {isAdmin && (
                  <Nav.Link as={NavLink} to={paths.admin.href()} eventKey="admin">
                    Admin
                  </Nav.Link>
                )}
                <Nav.Link as={NavLink} to={paths.accountSettings.href()} eventKey="settings" hidden>
                  Settings
                </Nav.Link>
                <Nav.Link
                  as={NavLink}
                  to={paths.accountSettings.href()}
                  eventKey="account"
                  className="text-break"
                >
                  <span className="visually-hidden">Account: </span>
                  {user?.email || 'Account'}
                </Nav.Link>
                <Nav.Link as={NavLink} to={paths.logout.href()} eventKey="logout">
                  Logout
                </Nav.Link>
              </>
            ) : status === 'unverified' ? (
              // Signed in, email not verified yet: the next step, and a way out; not Login/Register.
              <>
                <Nav.Link as={NavLink} to={paths.verifyEmail.href()} eventKey="verify">
                  Verify email
                </Nav.Link>
                <Nav.Link as={NavLink} to={paths.logout.href()} eventKey="logout">
                  Logout
                </Nav.Link>
              </>
            ) : (
              <>
                <Nav.Link as={NavLink} to={paths.login.href()} eventKey="login">
                  Login
                </Nav.Link>
                <Nav.Link as={NavLink} to={paths.register.href()} eventKey="register">
                  Register
                </Nav.Link>
              </>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

/** The navbar's Cart: the count of items, and the one named tab it opens. */
function CartLink({
  count,
  onClick,
  className,
}: {
  count: number;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  className?: string;
}) {
  return (
    <Nav.Link href={paths.cart.href()} target={CART_WINDOW} onClick={onClick} className={className}>
      Cart
      {count > 0 && (
        <Badge bg="primary" pill className="ms-1">
          {count}
          <span className="visually-hidden"> {count === 1 ? 'item' : 'items'}</span>
        </Badge>
      )}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </Nav.Link>
  );
}
