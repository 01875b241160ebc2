import Container from 'react-bootstrap/Container';
import { BRAND, messages } from '../../../shared/messages';
import { useAuth } from '../../auth/auth-provider';
import { BrandMark } from '../../components/brand/brand-mark';
import { LinkButton } from '../../components/link-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/** `/`: the splash page with the product name. */
export function SplashPage() {
  useDocumentTitle();
  const { loggedIn } = useAuth();
  return (
    <main className="splash-hero min-vh-100 d-flex align-items-center">
      <Container className="py-5 text-center">
        <BrandMark className="brand-mark-hero mb-4" />
        <h1 className="display-3 fw-bold mb-3">{BRAND}</h1>
        <p className="lead mb-4">{messages.aboutTagline}</p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <LinkButton to={paths.home.href()} variant="light" size="lg">
            Explore the VC Database
          </LinkButton>
          {loggedIn ? null : (
            <>
              <LinkButton to={paths.login.href()} variant="outline-light" size="lg">
                Login
              </LinkButton>
              <LinkButton to={paths.register.href()} variant="outline-light" size="lg">
                Register
              </LinkButton>
            </>
          )}
          <LinkButton to={paths.about.href()} variant="link" size="lg" className="text-white">
            About
          </LinkButton>
        </div>
      </Container>
    </main>
  );
}
