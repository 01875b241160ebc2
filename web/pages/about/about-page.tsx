import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { formatUsd, PRICE_TIERS, startingPrice } from '../../../shared/cart/pricing';
import { BRAND, messages } from '../../../shared/messages';
import { useAuth } from '../../auth/auth-provider';
import { LinkButton } from '../../components/link-button';
import { LoadingMessage } from '../../components/loading-message';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../config/paths';

/**
 * `/about`: the tagline, with Login and Register for visitors or Home for logged-in users (spec), and
 * (issue 32) what the product is, where its data comes from, how it is kept fresh, what it costs and
 * how data is handled.
 */
export function AboutPage() {
  useDocumentTitle('About');
  const { status, loggedIn } = useAuth();
  return (
    <Container className="py-lg-4">
      <Card className="shadow-sm mx-auto text-center mb-4" style={{ maxWidth: '48rem' }}>
        <Card.Body className="p-4 p-md-5">
          <h1 className="h2 mb-3">About {BRAND}</h1>
          <p className="lead mb-4">{messages.aboutTagline}</p>
          {status === 'loading' ? (
            <LoadingMessage />
          ) : (
            <div className="d-flex flex-wrap justify-content-center gap-2">
              {loggedIn ? (
                <LinkButton to={paths.home.href()}>Home</LinkButton>
              ) : (
                <>
                  <LinkButton to={paths.login.href()}>Login</LinkButton>
                  <LinkButton to={paths.register.href()} variant="outline-primary">
                    Register
                  </LinkButton>
                </>
              )}
            </div>
          )}
        </Card.Body>
      </Card>

      <Row xs={1} md={2} className="g-3 mx-auto" style={{ maxWidth: '64rem' }}>
        <Col>
          <AboutSection title="What it is">
            {BRAND} is a directory of investors for startup founders: venture capital firms, angels, funds,
            accelerators, incubators, corporate investors and family offices. Search by name or firm, and
            narrow down by type, stage, sector, country, city and cheque size. Each investor shows which
            contact details we hold and when each was last confirmed, never the details themselves. Add the
            investors you want to an export cart, choose the columns, and buy the list as a CSV file.
          </AboutSection>
        </Col>
        <Col>
          <AboutSection title="Where the data comes from">
            Investor records are imported from public sources and partner lists; each value keeps the name and
            address of its source. Records of the same person are merged, so every investor appears once.
            Investors can also list themselves through our partner portals: what they tell us about themselves
            ranks first, and their card says so (&ldquo;confirmed by the investor&rdquo;).
          </AboutSection>
        </Col>
        <Col>
          <AboutSection title="How it is kept fresh">
            Every contact value carries the month it was last confirmed. Founders report wrong data from any
            card, and we correct it and tell them what we did. Listed investors are asked every six months to
            confirm their profile. When a value you bought changes, your Contact Library shows the new one,
            free for 12 months.
          </AboutSection>
        </Col>
        <Col>
          <AboutSection title="What it costs">
            Searching is free. A contact list costs {startingPrice()}, up to{' '}
            {formatUsd(PRICE_TIERS.at(-1)?.priceX100 ?? 0)} for the largest lists, paid once.{' '}
            <Link to={paths.pricing.href()}>See the prices</Link> and what every purchase includes.
          </AboutSection>
        </Col>
        <Col md={12}>
          <AboutSection title="Your data">
            We keep your account&apos;s email, your carts and purchases, and the projects and podcasts you
            list. How we handle your data and the investors&apos; data, and how an investor can see, correct
            or remove their entry: <Link to={paths.privacy.href()}>Privacy</Link>.
          </AboutSection>
        </Col>
      </Row>
    </Container>
  );
}

function AboutSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="h-100 shadow-sm" as="section" aria-label={title}>
      <Card.Body>
        <h2 className="h5">{title}</h2>
        <p className="mb-0">{children}</p>
      </Card.Body>
    </Card>
  );
}
