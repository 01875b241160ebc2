import { type KeyboardEvent, type MouseEvent, type ReactNode, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { cartItemCount } from '../../../shared/cart/cart';
import { cartTierSummary } from '../../../shared/cart/pricing';
import { BRAND, messages } from '../../../shared/messages';
import { useProjects } from '../../api/get-projects';
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

/** Where the navbar's Projects and Library lead: the account page's sections (issue 50). */
export const PROJECTS_HREF = `${paths.accountSettings.href()}#projects`;
export const LIBRARY_HREF = `${paths.accountSettings.href()}#library`;
/** A founder without a project yet: a pipeline belongs to a project, so Pipeline leads to creating one. */
export const NEW_PROJECT_HREF = `${paths.accountSettings.href()}#new-project`;

/**
 * The navigation bar of spec section 2. It collapses (on narrow screens) whenever the route changes.
 * An investor account (issue 21) has none of a founder's items (no Cart, no Podcasts): its own
 * profile instead, and the account link leads there. A signed-in founder also gets Projects,
 * Pipeline and Library (issue 50), which were reachable only through the account link.
 */
export function AppNavbar() {
  const { loggedIn, isAdmin, isInvestor, user, status } = useAuth();
  const { showToast } = useToast();
  const cart = useExportCart();
  const count = cartItemCount(cart);
  const location = useLocation();
  const [expanded, setExpanded] = useState(false);
  const [pipelinesOpen, setPipelinesOpen] = useState(false);
  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setExpanded(false);
    setPipelinesOpen(false);
  }
  const founder = loggedIn && !isInvestor;
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

  const close = () => {
    setExpanded(false);
    setPipelinesOpen(false);
  };
  const item = (to: string, label: ReactNode, className?: string, title?: string) => (
    <li className="nav-item">
      <NavLink
        to={to}
        className={['nav-link', className].filter(Boolean).join(' ')}
        title={title}
        onClick={close}
      >
        {label}
      </NavLink>
    </li>
  );
  // A section of the account page: a plain link, so that it is not marked as the current page beside
  // the account link (NavLink compares paths, not fragments).
  const section = (to: string, label: string) => (
    <li className="nav-item">
      <Link to={to} className="nav-link" onClick={close}>
        {label}
      </Link>
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
            {founder ? (
              <>
                {section(PROJECTS_HREF, 'Projects')}
                <PipelineItem open={pipelinesOpen} setOpen={setPipelinesOpen} onNavigate={close} />
                {section(LIBRARY_HREF, 'Library')}
              </>
            ) : null}
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
                    <span className="navbar-account-email">{user?.email || 'Account'}</span>
                  </>,
                  // A long email would push the items onto a second line at 1280 px: cut short with an
                  // ellipsis there (the whole of it in the tooltip and read out); wrapped in the phone menu.
                  'navbar-account text-break',
                  user?.email || undefined,
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

/**
 * The navbar's Pipeline (issue 50): a pipeline belongs to a project, so with one project it opens
 * that project's pipeline, with several it lists them (a disclosure, not react-bootstrap's Dropdown,
 * whose positioning code every page would download), and with none it leads to creating a project.
 */
function PipelineItem({
  open,
  setOpen,
  onNavigate,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  onNavigate: () => void;
}) {
  const projects = useProjects().data?.projects;
  const location = useLocation();
  const onPipeline = /^\/projects\/[^/]+\/pipeline/.test(location.pathname);
  if (!projects || projects.length <= 1) {
    const [only] = projects ?? [];
    const to = only ? paths.pipeline.href(only.id) : NEW_PROJECT_HREF;
    return (
      <li className="nav-item">
        {only ? (
          <NavLink to={to} className="nav-link" onClick={onNavigate}>
            Pipeline
          </NavLink>
        ) : (
          <Link to={to} className="nav-link" onClick={onNavigate}>
            Pipeline
          </Link>
        )}
      </li>
    );
  }
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };
  return (
    <li className="nav-item dropdown" onKeyDown={onKeyDown}>
      <button
        type="button"
        className={`nav-link dropdown-toggle${onPipeline ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls="navbar-pipelines"
        onClick={() => setOpen(!open)}
      >
        Pipeline
      </button>
      <ul id="navbar-pipelines" className={`dropdown-menu${open ? ' show' : ''}`} hidden={!open}>
        {projects.map((project) => (
          <li key={project.id}>
            <NavLink to={paths.pipeline.href(project.id)} className="dropdown-item" onClick={onNavigate}>
              {project.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
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
